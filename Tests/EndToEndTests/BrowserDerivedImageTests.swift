import BrowserSupport
import Foundation
import GeotaggedPhotos
import Testing
import TestSupport

/// Thumbnails and previews in a real headless Chromium against `tourist serve`: the grid draws
/// every tile from a small thumbnail (made at fetch, or on first request for a photo stored before
/// thumbnails existed), a photo whose image cannot be decoded shows words instead of a broken
/// image, and the photo page shows the preview, the photo's size and format, and the original one
/// click away.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserDerivedImageTests {
    /// Own photos of 3000 × 2000 px, each padded to about 1 MB, as a camera's are.
    static let count = 6

    /// Makes an album of `count` own photos, then rewrites it as an older tourist left it: photos
    /// 0 and 1 without derived images, photo 2 stored as bytes no decoder reads. Returns the pin,
    /// the config and the album's photo ids.
    func olderAlbum(_ harness: Harness) async throws -> (pin: String, config: String, ids: [String]) {
        let (photos, config) = try harness.ownPhotos(in: "trip")
        for index in 0..<Self.count {
            var photo = GeotaggedPhoto(
                latitude: 48.8584 + Double(index) * 0.0005, longitude: 2.2945, takenAt: "2024:06:0\(index + 1) 17:00:00", width: 3000,
                height: 2000)
            photo.imageBytes = 1_000_000
            try photo.write(.jpeg, to: "\(photos)/trip/photo-\(index).jpg")
        }
        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--config", config)["id"] as? String)
        let fetched = try await harness.json("fetch", pin, "--config", config)
        let ids = fetched.photos.compactMap { $0["id"] as? String }
        try #require(ids.count == Self.count && fetched.photos.allSatisfy { $0["thumbnail"] is [String: Any] })

        let junk = [UInt8]([0xFF, 0xD8, 0xFF, 0xE0]) + [UInt8](repeating: 0x41, count: 4000)
        let sha256 = try sha256sum(try harness.folder.write("junk", Data(junk)))
        try FileManager.default.createDirectory(
            atPath: harness.store + "/blobs/sha256/\(sha256.prefix(2))", withIntermediateDirectories: true)
        try Data(junk).write(to: URL(fileURLWithPath: harness.store + "/blobs/sha256/\(sha256.prefix(2))/\(sha256)"))
        try FileManager.default.createDirectory(
            atPath: harness.store + "/index/refs/\(sha256.prefix(2))", withIntermediateDirectories: true)
        try Data("\(pin) \(ids[2])\n".utf8).write(to: URL(fileURLWithPath: harness.store + "/index/refs/\(sha256.prefix(2))/\(sha256)"))
        let albumPath = harness.store + "/index/albums/\(pin).json"
        var album = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: albumPath))) as? [String: Any])
        var stored = try #require(album["photos"] as? [[String: Any]])
        for index in 0...2 {
            for field in ["derived", "width", "height"] { stored[index].removeValue(forKey: field) }
        }
        stored[2]["sha256"] = sha256
        stored[2]["bytes"] = junk.count
        album["photos"] = stored
        try JSONSerialization.data(withJSONObject: album, options: [.sortedKeys]).write(to: URL(fileURLWithPath: albumPath))
        return (pin, config, ids)
    }

    @Test func theGridDrawsSmallThumbnailsAndThePhotoPageThePreview() async throws {
        let harness = try Harness()
        let (pin, config, ids) = try await olderAlbum(harness)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let pages = ids.map { id in
            "/pins/\(pin)/photos/"
                + (id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-_."))) ?? id)
        }

        let grid = try await Blocking.run { () throws -> [String: String] in
            let browser = try WebDriver(screenWidth: 1280, height: 900)
            defer { browser.quit() }
            try browser.navigate(to: server.base + "/pins/\(pin)")
            try browser.waitUntil(
                "every tile is drawn, and the photo that cannot be decoded says so",
                """
                document.body.dataset.ready === '1' && document.querySelectorAll('.photo-thumb').length === \(Self.count - 1)
                  && [...document.querySelectorAll('.photo-thumb')].every((image) => image.complete && image.naturalWidth > 0)
                  && document.querySelectorAll('.photo-undecodable').length === 1
                """)
            try browser.saveScreenshot(to: shots + "/derived-grid.png")
            // Where axe is set up (`.ci/setup`, as on CI): the tile with words passes it too.
            let accessibility = try Axe.requirement.runs() ? try browser.axe().failing.map { "grid: \($0)" } : []
            let tiles =
                try browser.executeAsync(
                    """
                    const done = arguments[arguments.length - 1];
                    Promise.all([...document.querySelectorAll('.photo-thumb')].map(async (image) => {
                      const response = await fetch(image.currentSrc);
                      const bytes = (await response.arrayBuffer()).byteLength;
                      return { width: image.naturalWidth, height: image.naturalHeight, bytes, type: response.headers.get('Content-Type'), url: response.url };
                    })).then((tiles) => done(JSON.stringify(tiles)));
                    """) as? String
            let undecodable = try browser.findElement(css: ".photo-undecodable")?.text
            let broken = try browser.execute("return String(document.querySelectorAll('.photo-tile.broken').length)") as? String
            return [
                "tiles": tiles ?? "", "undecodable": undecodable ?? "", "broken": broken ?? "",
                "axe": accessibility.joined(separator: "\n"),
            ]
        }
        let tiles = try #require(
            try JSONSerialization.jsonObject(with: Data((grid["tiles"] ?? "").utf8)) as? [[String: Any]], "\(grid)")
        #expect(tiles.count == Self.count - 1)
        for tile in tiles {
            // Shorter side 400 px for a tile of up to 200 CSS px at 2x; never the 1 MB original.
            #expect(tile["width"] as? Int == 600 && tile["height"] as? Int == 400, "\(tile)")
            #expect((tile["bytes"] as? Int ?? .max) < 150_000, "\(tile)")
            #expect(tile["type"] as? String == "image/webp", "\(tile)")
        }
        #expect(grid["broken"] == "0")
        #expect(grid["axe"] == "", "\(grid["axe"] ?? "")")
        #expect(grid["undecodable"]?.lowercased().contains("cannot be shown") == true, "\(grid)")

        // The album now records what the grid asked for: the older photos' thumbnails, and why one cannot be shown.
        let album = try await harness.json("album", pin, "--config", config)
        #expect(album.photos[0]["thumbnail"] is [String: Any] && album.photos[1]["width"] as? Int == 3000)
        #expect(
            album.photos[2]["thumbnail"] is NSNull && (album.photos[2]["imageError"] as? String)?.isEmpty == false, "\(album.photos[2])")

        let page = try await Blocking.run { () throws -> [String: String] in
            let browser = try WebDriver(screenWidth: 1280, height: 900)
            defer { browser.quit() }
            try browser.navigate(to: server.base + pages[1])
            try browser.waitUntil(
                "the preview is drawn",
                "document.getElementById('photo-large')?.complete && document.getElementById('photo-large').naturalWidth > 0")
            try browser.saveScreenshot(to: shots + "/derived-photo.png")
            var seen: [String: String] = [:]
            var accessibility = try Axe.requirement.runs() ? try browser.axe().failing.map { "photo: \($0)" } : []
            seen["natural"] =
                try browser.execute("const i = document.getElementById('photo-large'); return i.naturalWidth + 'x' + i.naturalHeight")
                as? String
            seen["dimensions"] = try browser.findElement(css: "#photo-dimensions")?.text
            seen["original"] = try browser.execute("return document.getElementById('photo-original').getAttribute('href')") as? String
            seen["status hidden"] = try browser.execute("return String(document.getElementById('photo-large-status').hidden)") as? String
            try browser.navigate(to: server.base + pages[2])
            try browser.waitUntil(
                "the placeholder says why",
                "document.getElementById('photo-placeholder') && !document.getElementById('photo-placeholder').hidden"
                    + " && document.getElementById('photo-placeholder').textContent.length > 30")
            try browser.saveScreenshot(to: shots + "/derived-undecodable.png")
            seen["placeholder"] = try browser.findElement(css: "#photo-placeholder")?.text
            seen["large hidden"] = try browser.execute("return String(document.getElementById('photo-large').hidden)") as? String
            if try Axe.requirement.runs() { accessibility += try browser.axe().failing.map { "placeholder: \($0)" } }
            seen["axe"] = accessibility.joined(separator: "\n")
            return seen
        }
        #expect(page["natural"] == "1800x1200", "\(page)")
        let megabytes = String(format: "%.1f MB", Double(album.photos[1]["bytes"] as? Int ?? 0) / 1e6)
        #expect(page["dimensions"] == "3000 × 2000 px, JPEG, \(megabytes)", "\(page)")
        #expect(page["original"] == "/blobs/\(album.photos[1]["sha256"] as? String ?? "")", "\(page)")
        #expect(page["status hidden"] == "true", "an own photo's original is kept: no larger size is asked for")
        #expect(page["placeholder"]?.contains("This photo cannot be shown") == true, "\(page)")
        #expect(page["large hidden"] == "true")
        #expect(page["axe"] == "", "\(page["axe"] ?? "")")
    }
}
