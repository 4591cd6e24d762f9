import Foundation
import Testing
import TestSupport

/// A provider's text never drives the terminal: escape sequences in titles and owners are shown
/// as text (`\u{1b}`) in every human view, and kept as they are in JSON.
@Suite struct TerminalEscapeTests {
    @Test func anEscapeInAProviderTitleIsShownNotObeyed() async throws {
        let harness = try Harness.withFixtureSet(photos: 2)
        let manifest = harness.folder.child("set/manifest.json")
        var set = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [String: Any])
        var photos = try #require(set["photos"] as? [[String: Any]])
        let title = "Calm\u{1b}]0;pwned\u{07}\u{1b}[2J\u{1b}[31mRed\u{202E}txet"
        photos[0]["title"] = title
        photos[0]["owner"] = "Owner\u{1b}[8mhidden"
        set["photos"] = photos
        try JSONSerialization.data(withJSONObject: set).write(to: URL(fileURLWithPath: manifest))
        let center = Harness.fixtureCenter

        let search = try await harness.run("search", center.latitude, center.longitude, "--count", "2")
        let pin = try #require(try await harness.json("pin", "add", center.latitude, center.longitude)["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--count", "2")
        let album = try await harness.run("album", pin)
        for output in [search.stdout, fetched.stdout, album.stdout, search.stderr, fetched.stderr, album.stderr] {
            #expect(!output.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "\(output.debugDescription)")
        }
        let shown = #"Calm\u{1b}]0;pwned\u{7}\u{1b}[2J\u{1b}[31mRed\u{202e}txet"#
        #expect(search.stdout.contains(shown) && search.stdout.contains(#"Owner\u{1b}[8mhidden"#), "\(search.stdout)")
        #expect(album.stdout.contains(shown), "\(album.stdout)")
        // JSON keeps the text as it is: its reader escapes it.
        let json = try await harness.json("album", pin).photos
        #expect(json.first?["title"] as? String == title)
    }
}
