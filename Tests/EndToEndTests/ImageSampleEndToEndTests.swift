import Foundation
import Testing
import TestSupport

/// The directory provider over the real formats of `Tests/ImageSamples` (made by its
/// `make-samples.py`), through the built binary: every image libvips decodes is stored with its size
/// as seen (EXIF orientation applied), its format read from the image, and a thumbnail and a
/// preview; a truncated JPEG is rejected as damaged, the decompression bombs as too large; garbage
/// named .jpg is skipped by the scan and a GIF is not indexed. With lookalikes on, the same picture
/// in JPEG, HEIC, PNG and WebP is kept once.
@Suite struct ImageSampleEndToEndTests {
    let harness: Harness
    let photos: String
    /// The provider with `album.lookalikes` off: the samples mostly show the same two halves.
    let lookalikesOff: String
    /// The same provider with the default lookalikes.
    let lookalikesOn: String

    /// The samples libvips decodes: their size as seen and their format.
    static let decodable: [String: (width: Int, height: Int, mime: String)] = [
        "upright.jpg": (64, 48, "image/jpeg"), "orientation-6.jpg": (48, 64, "image/jpeg"), "orientation-8.jpg": (48, 64, "image/jpeg"),
        "cmyk.jpg": (64, 48, "image/jpeg"), "progressive.jpg": (64, 48, "image/jpeg"), "rgb16.png": (64, 48, "image/png"),
        "alpha.png": (64, 48, "image/png"), "interlaced.png": (64, 48, "image/png"), "animated.webp": (32, 24, "image/webp"),
        "photo.webp": (64, 48, "image/webp"), "photo.heic": (64, 48, "image/heic"),
    ]
    /// The decompression bombs and the size their headers declare.
    static let bombs = ["bomb.png": "20000×20000", "bomb.jpg": "65000×65000"]
    /// The two halves, red and blue, in every format: one picture.
    static let samePicture = ["upright.jpg", "progressive.jpg", "photo.heic", "rgb16.png", "interlaced.png", "photo.webp"]

    /// Every sample geotagged north of the Eiffel Tower (48.8584 + n × 0.001), plus garbage and a GIF.
    init() throws {
        harness = try Harness()
        let folders = try harness.ownPhotos(in: "samples")
        (photos, lookalikesOn) = (folders.photos, folders.config)
        for name in Array(Self.decodable.keys) + Array(Self.bombs.keys) + ["truncated.jpg", "garbage.jpg", "blocked.gif"] {
            try FileManager.default.copyItem(atPath: ImageSamples.path(name), toPath: "\(photos)/samples/\(name)")
        }
        lookalikesOff = try harness.folder.write(
            "config/lookalikes-off.json",
            #"{ "album": { "lookalikes": { "enabled": false } }, "providers": [ { "name": "pictures", "type": "directory", "path": "photos" } ] }"#
        )
    }

    /// A pin over the samples, fetched with `config` until every one was tried; its album.
    /// The album of a new pin `name` fetched with `config`, and what the fetch said on stderr.
    func fetchedAlbum(named name: String, config: String) async throws -> (photos: [[String: Any]], said: String) {
        try await harness.run("pin", "add", "48.8650", "2.2945", "--name", name, "--radius", "1", "--config", config)
        let fetched = try await harness.run("fetch", name, "--count", String(Self.decodable.count), "--config", config)
        let album = try await harness.json("album", name, "--config", config).photos
        try #require(album.count == Self.decodable.count + Self.bombs.count + 1, "every located sample was tried: \(album)")
        return (album, fetched.stderr)
    }

    static func photo(_ title: String, in album: [[String: Any]]) throws -> [String: Any] {
        try #require(album.first { $0["title"] as? String == title }, "\(title) is in the album")
    }

    @Test func everyFormatIsStoredWithItsSizeThumbnailAndPreviewAndTheBadOnesAreRejected() async throws {
        let album = try await fetchedAlbum(named: "Samples", config: lookalikesOff).photos
        var derived: Set<String> = []
        for (name, expected) in Self.decodable {
            let photo = try Self.photo(name, in: album)
            #expect(photo["state"] as? String == "stored", "\(name): \(photo)")
            #expect(photo["width"] as? Int == expected.width && photo["height"] as? Int == expected.height, "\(name): \(photo)")
            #expect(photo["mime"] as? String == expected.mime, "\(name): \(photo)")
            let thumbnail = try #require(photo["thumbnail"] as? [String: Any], "\(name)")
            let preview = try #require(photo["preview"] as? [String: Any], "\(name)")
            #expect(thumbnail["mime"] as? String == "image/webp" && preview["mime"] as? String == "image/jpeg", "\(name)")
            for image in [thumbnail, preview] {
                // Upright, never larger than the photo.
                #expect(image["width"] as? Int == expected.width && image["height"] as? Int == expected.height, "\(name): \(image)")
                let path = try #require(image["path"] as? String)
                let data = try #require(FileManager.default.contents(atPath: path), "\(name): \(path) exists")
                #expect(data.count == image["bytes"] as? Int, "\(name)")
                #expect(try sha256sum(path) == image["sha256"] as? String, "\(name)")
                derived.insert(path)
            }
            let thumbnailBytes = try #require(FileManager.default.contents(atPath: thumbnail["path"] as? String ?? ""))
            #expect(thumbnailBytes.prefix(4) == Data("RIFF".utf8) && thumbnailBytes.dropFirst(8).prefix(4) == Data("WEBP".utf8), "\(name)")
            #expect(thumbnailBytes.count < 2_000, "\(name): a thumbnail of a 64 × 48 picture is small: \(thumbnailBytes.count) bytes")
        }

        let truncated = try Self.photo("truncated.jpg", in: album)
        #expect(truncated["state"] as? String == "rejected", "\(truncated)")
        #expect((truncated["error"] as? String)?.hasPrefix("the image is damaged: ") == true, "\(truncated)")
        for (name, size) in Self.bombs {
            let bomb = try Self.photo(name, in: album)
            #expect(bomb["state"] as? String == "rejected", "\(bomb)")
            #expect((bomb["error"] as? String)?.hasPrefix("the image is \(size) pixels, more than the ") == true, "\(bomb)")
        }
        for rejected in album where rejected["state"] as? String == "rejected" {
            #expect(rejected["thumbnail"] is NSNull && rejected["preview"] is NSNull && rejected["path"] is NSNull, "\(rejected)")
            #expect((rejected["setAside"] as? [String: Any])?["kind"] as? String == "unusable", "\(rejected)")
        }

        // Garbage named .jpg is skipped by the scan, with why; the GIF, a format tourist does not
        // read, is not indexed at all.
        let search = try await harness.run("search", "48.8650", "2.2945", "--radius", "1", "--config", lookalikesOff, "--verbose")
        #expect(
            search.stderr.contains("skipped \(photos)/samples/garbage.jpg: it is not a JPEG, HEIC/HEIF, PNG, WebP or TIFF image"),
            "\(search.stderr)")
        #expect(!search.stderr.contains("blocked.gif"), "\(search.stderr)")
        let check = try await harness.run("providers", "--check", "--config", lookalikesOff).stdout
        let indexed = Self.decodable.count + Self.bombs.count + 2
        #expect(check.contains("\(indexed) files indexed, \(indexed - 1) located, 1 skipped"), "\(check)")

        let verified = try await harness.json("store", "verify", "--config", lookalikesOff)
        #expect(verified["ok"] as? Bool == true && verified["derivedToRemake"] as? Int == 0, "\(verified)")
        #expect(try await harness.json("store", "stats", "--config", lookalikesOff)["derived"] as? Int == derived.count)
    }

    @Test func theSamePictureInFourFormatsIsKeptOnce() async throws {
        let (album, said) = try await fetchedAlbum(named: "Lookalikes", config: lookalikesOn)
        // Every sample near the pin was tried: the album is short, and says nothing replaced them.
        #expect(said.contains(" set aside with no others left to take their place ("), "\(said)")
        let same = try Self.samePicture.map { try Self.photo($0, in: album) }
        let kept = same.filter { $0["state"] as? String == "stored" }
        try #require(kept.count == 1, "one of the same picture is kept: \(same)")
        let keptID = try #require(kept[0]["id"] as? String)
        let number = try #require(album.firstIndex { $0["id"] as? String == keptID }) + 1
        for photo in same where photo["id"] as? String != keptID {
            #expect(photo["state"] as? String == "rejected", "\(photo)")
            #expect(photo["error"] as? String == "looks like #\(number), from pictures", "\(photo)")
            let setAside = try #require(photo["setAside"] as? [String: Any], "\(photo)")
            #expect(setAside["kind"] as? String == "lookalike" && setAside["of"] as? String == keptID, "\(photo)")
        }
        // Different pictures are kept: turned either way, or in other colours.
        for name in ["orientation-6.jpg", "orientation-8.jpg", "cmyk.jpg"] {
            #expect(try Self.photo(name, in: album)["state"] as? String == "stored", "\(name)")
        }
        #expect(try await harness.json("store", "verify", "--config", lookalikesOn)["ok"] as? Bool == true)
    }
}
