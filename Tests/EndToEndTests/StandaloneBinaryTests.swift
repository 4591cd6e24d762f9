import BrowserSupport
import Foundation
import Testing
import TestSupport

/// The tourist executable is one file: copied alone to another folder, with nothing of the build
/// beside it, it finds places by name (the gazetteer), fills an album from the demo set and serves
/// the web app, whose page Chromium shows with the album's photos.
@Suite(.enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct StandaloneBinaryTests {
    @Test func aCopyOfTheBinaryAloneDoesEverything() async throws {
        var harness = try Harness()
        harness.tourist = try harness.tourist.copied(into: harness.folder.child("alone"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder.child("alone")) == ["tourist"])

        let pin = try #require(try await harness.json("pin", "add", "Kyoto")["id"] as? String, "the gazetteer names Kyoto")
        let photos = try await harness.json("fetch", pin).photos
        #expect(
            !photos.isEmpty && photos.allSatisfy { $0["state"] as? String == "stored" }, "the demo set fills the album: \(photos.count)")
        #expect(photos.allSatisfy { ($0["sourceURL"] as? String) == nil }, "the demo set's photos come from the binary, from no path")

        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let base = server.base
        let shown = try await Blocking.run { () throws -> Int in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/pins/\(pin)")
            try browser.waitUntil(
                "the album's photos, loaded",
                "document.body.dataset.ready === '1' && document.querySelectorAll('#album-grid img').length > 0 && [...document.querySelectorAll('#album-grid img')].every(i => i.complete && i.naturalWidth > 0)"
            )
            return try browser.execute("return document.querySelectorAll('#album-grid img').length") as? Int ?? 0
        }
        #expect(shown == photos.count)
        let leaflet = try await server.get("/vendor/leaflet/leaflet.css")
        #expect(leaflet.status == 200 && !leaflet.body.isEmpty, "the map's files are served: \(leaflet.status)")
    }
}
