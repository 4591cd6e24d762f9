import Foundation
import Testing
import TestSupport

/// Exported file names stay within the 255 bytes a file name may take, whatever the titles' script.
@Suite struct ExportNameTests {
    /// Eighty CJK characters (240 bytes) and a row of family emoji (18 bytes each) once ended the
    /// export with status 74, leaving the later photos out; now each title is cut at a character's
    /// boundary and every photo is exported.
    @Test func longNonASCIITitlesAreCutToFitAFileName() async throws {
        let harness = try Harness.withFixtureSet(photos: 3)
        let manifest = harness.folder.child("set/manifest.json")
        var set = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [String: Any])
        var photos = try #require(set["photos"] as? [[String: Any]])
        let titles = [String(String(repeating: "東京駅", count: 27).prefix(80)), String(repeating: "👨‍👩‍👧", count: 20), "Plain title"]
        for index in photos.indices { photos[index]["title"] = titles[index] }
        set["photos"] = photos
        try JSONSerialization.data(withJSONObject: set).write(to: URL(fileURLWithPath: manifest))

        let pin = try #require(
            try await harness.json("pin", "add", Harness.fixtureCenter.latitude, Harness.fixtureCenter.longitude)["id"] as? String)
        #expect(try await harness.json("fetch", pin, "--count", "3").photos.count == 3)
        let out = harness.folder.child("export")
        let files = try #require(try await harness.json("export", pin, out)["files"] as? [String])
        #expect(files.count == 3)
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names.count == 6, "each photo and its sidecar: \(names)")
        for name in names {
            #expect(name.utf8.count <= 255, "\(name.utf8.count) bytes: \(name)")
        }
        #expect(names[0].hasPrefix("01 " + String(titles[0].prefix(40))) && names[0].hasSuffix(".jpg"), "\(names[0])")
        // Cut whole: only complete family emoji, however many fit.
        let emoji = names[2].dropFirst(3).prefix { $0 != "." }
        #expect(!emoji.isEmpty && emoji.allSatisfy { $0 == "👨‍👩‍👧" }, "\(names[2])")
        #expect(names[4] == "03 Plain title.jpg")
    }
}
