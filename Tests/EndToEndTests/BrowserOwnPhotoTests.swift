import BrowserSupport
import Foundation
import GeotaggedPhotos
import Testing
import TestSupport

/// The photo page of your own photo, in a real headless Chromium against `tourist serve` (issue
/// 33, cases 3 and 5): the file's path and the camera instead of "Owner Unknown / License Unknown
/// / No page", a long file name wrapped only between its parts, and the time as the camera
/// recorded it in a browser whose time zone is Rome's, not UTC.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserOwnPhotoTests {
    static let name = "IMG_20240601_170512_HDR_sunset_over_the_eiffel_tower_panorama_stitched.jpg"

    /// Where each line of element `css`'s text ends: the character before each break, and how many
    /// lines there are.
    static func lineEnds(_ css: String) -> String {
        """
        const element = document.querySelector('\(css)');
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const characters = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let index = 0; index < node.length; index++) {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const rect = range.getClientRects()[0];
            if (rect) characters.push([node.data[index], rect.top]);
          }
        }
        const ends = [];
        for (let index = 1; index < characters.length; index++) {
          if (characters[index][1] > characters[index - 1][1] + 2) ends.push(characters[index - 1][0]);
        }
        return JSON.stringify({ lines: ends.length + 1, ends });
        """
    }

    @Test func ownPhotoShowsItsFileCameraAndTheCamerasTime() async throws {
        let harness = try Harness()
        let (photos, config) = try harness.ownPhotos(in: "trip")
        var photo = GeotaggedPhoto(latitude: 48.8584, longitude: 2.2945, takenAt: "2024:06:01 17:00:00")
        (photo.make, photo.model) = ("NIKON CORPORATION", "NIKON D750")
        try photo.write(.jpeg, to: "\(photos)/trip/\(Self.name)")
        let id = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--config", config)["id"] as? String)
        try await harness.run("fetch", id, "--config", config)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let photoID = try #require(
            "pictures:trip/\(Self.name)".addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-_."))))
        let page = server.base + "/pins/\(id)/photos/" + photoID

        for (width, height, size) in [(1280, 900, "desktop"), (390, 844, "phone")] {
            let seen = try await Blocking.run { () throws -> [String: String] in
                let browser = try WebDriver(screenWidth: width, height: height, touch: width < 500)
                defer { browser.quit() }
                try browser.emulateTimeZone("Europe/Rome")
                try browser.navigate(to: page)
                try browser.waitUntil(
                    "the photo page is ready", "document.body.dataset.ready === '1' && document.querySelector('#photo-title')")
                try browser.saveScreenshot(to: shots + "/own-photo-\(size).png")
                var seen: [String: String] = [:]
                for field in ["photo-file", "photo-camera", "photo-taken", "photo-title"] {
                    seen[field] = try browser.findElement(css: "#\(field)")?.text
                }
                for absent in ["photo-owner", "photo-license", "photo-source"] where try browser.findElement(css: "#\(absent)") != nil {
                    seen[absent] = "shown"
                }
                // 17:00 on the camera's clock, written by this browser for its own zone: the page
                // must say the same, not 19:00 (17:00 UTC in Rome's summer time).
                seen["expected"] = try browser.execute("return new Date(2024, 5, 1, 17, 0, 0).toLocaleString()") as? String
                seen["zone"] =
                    try browser.execute(
                        "return Intl.DateTimeFormat().resolvedOptions().timeZone + ' ' + new Date('2024-06-01T17:00:00Z').getHours()")
                    as? String
                seen["title lines"] = try browser.execute(Self.lineEnds("#photo-title")) as? String
                seen["file lines"] = try browser.execute(Self.lineEnds("#photo-file")) as? String
                return seen
            }
            #expect(seen["zone"] == "Europe/Rome 19", "the browser is in Rome's time zone")
            #expect(seen["photo-taken"] != nil && seen["photo-taken"] == seen["expected"], "\(size): \(seen)")
            #expect(seen["photo-file"] == "\(photos)/trip/\(Self.name)", "\(size)")
            #expect(seen["photo-camera"] == "NIKON D750", "\(size)")
            #expect(seen["photo-title"] == Self.name, "\(size)")
            for absent in ["photo-owner", "photo-license", "photo-source"] {
                #expect(seen[absent] == nil, "\(size): \(absent) is shown for your own photo")
            }
            for field in ["title lines", "file lines"] {
                let lines = try #require(
                    try JSONSerialization.jsonObject(with: Data((seen[field] ?? "").utf8)) as? [String: Any],
                    "\(field): \(seen[field] ?? "nil")")
                let ends = lines["ends"] as? [String] ?? []
                #expect(ends.allSatisfy { "/_-".contains($0) }, "\(size): the \(field) break inside a word, after \(ends)")
                if size == "phone" { #expect(lines["lines"] as? Int ?? 0 > 1, "\(size): the \(field) wrap on a phone: \(lines)") }
            }
        }
    }
}
