import Foundation
import NominatimStub
import Testing
import TestSupport

/// Text from a geocoder or a provider, and words typed at great length, through the built binary:
/// a geocoder's name that holds control characters is cleaned before it names a pin (or the words
/// typed name it), a note or a table never prints a line break that came from outside, and an
/// error quotes a 10,000-character argument cut, saying so.
@Suite struct OutsideTextTests {
    /// Nominatim's name for the place holds a bidirectional override and an escape sequence: the
    /// user typed "Eiffel Tower", and the pin is added under the name cleaned; a name no pin may
    /// have even cleaned (too long) gives way to the words typed.
    @Test func aGeocodersNameWithControlCharactersNamesNoPinAsItIs() async throws {
        let harness = try Harness()
        let tower = FakeNominatim.Place(
            name: "Tour\u{202E} Eiffel\u{1b}[2J", alternateNames: ["Eiffel Tower"], displayName: "Tour\u{1b}[31m Eiffel, Paris,\nFrance",
            latitude: 48.8582599, longitude: 2.2945006
        )
        let arch = FakeNominatim.Place(
            name: String(repeating: "Arc ", count: 80), alternateNames: ["Triumphal Arch"], displayName: "Arc de Triomphe, Paris, France",
            latitude: 48.8737917, longitude: 2.2950275
        )
        let nominatim = try FakeNominatim(places: [tower, arch])
        defer { nominatim.stop() }
        let config = try GeocoderEndToEndTests.config(harness, url: nominatim.url)

        let added = try await harness.run("pin", "add", "Eiffel Tower", "--config", config)
        #expect(added.stdout.contains("\"Tour Eiffel [2J\" at 48.8582599,2.2945006"), "\(added.stdout.debugDescription)")
        #expect(added.stderr.contains("is Tour [31m Eiffel, Paris, France at"), "\(added.stderr.debugDescription)")
        let arched = try await harness.json("pin", "add", "Triumphal Arch", "--config", config)
        #expect(arched["name"] as? String == "Triumphal Arch", "\(arched)")

        let names = try await harness.json("pin", "list")["pins"] as? [[String: Any]] ?? []
        #expect(Set(names.compactMap { $0["name"] as? String }) == ["Tour Eiffel [2J", "Triumphal Arch"], "\(names)")
        #expect(nominatim.queries == ["Eiffel Tower", "Triumphal Arch"])
    }

    /// A photo rejected as the same bytes as another whose id holds a line feed: the fetch's note
    /// shows the line feed escaped, on one line. A title holding U+2028 (a line separator) is
    /// shown escaped in the album's table.
    @Test func aNoteAndATableKeepOutsideLineBreaksEscaped() async throws {
        let harness = try Harness.withFixtureSet(photos: 3)
        let manifest = harness.folder.child("set/manifest.json")
        var set = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [String: Any])
        var photos = try #require(set["photos"] as? [[String: Any]])
        photos[0]["id"] = "p-\n001"
        photos[1]["files"] = photos[0]["files"]  // the same bytes: rejected as the same photo as the first
        photos[2]["title"] = "Upper\u{2028}Lower\u{2029}End"
        set["photos"] = photos
        try JSONSerialization.data(withJSONObject: set).write(to: URL(fileURLWithPath: manifest))
        let center = Harness.fixtureCenter
        let pin = try #require(try await harness.json("pin", "add", center.latitude, center.longitude)["id"] as? String)

        let fetched = try await harness.run("fetch", pin, "--count", "2")
        let note = try #require(
            fetched.stderr.split(separator: "\n").first { $0.contains("set aside and replaced") }, "\(fetched.stderr.debugDescription)")
        #expect(note.contains(#"own:p-\u{a}001"#) && note.contains("(identical bytes)"), "\(fetched.stderr.debugDescription)")
        #expect(
            !fetched.stderr.split(separator: "\n").contains { $0.hasPrefix("001") },
            "a line feed of an id broke a note: \(fetched.stderr.debugDescription)")
        let album = try await harness.run("album", pin)
        #expect(!album.stdout.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }, "\(album.stdout.debugDescription)")
        #expect(album.stdout.contains(#"Upper\u{2028}Lower\u{2029}End"#), "\(album.stdout.debugDescription)")
    }

    /// A 10,000-character place or pin is quoted cut, saying how long it was: the error stays short
    /// and still says what was wrong.
    @Test func aVeryLongArgumentIsQuotedCut() async throws {
        let harness = try Harness()
        let long = String(repeating: "x", count: 10_000)
        let cut = "\"\(String(repeating: "x", count: 60))…\" (cut: 10000 characters in all)"
        let cases: [(arguments: [String], status: Int32, says: String)] = [
            (["pin", "add", long], 64, "no place named \(cut) among the cities"),
            (["pin", "add", "48", long], 64, "longitude \(cut) is not a number"),
            (["fetch", long], 65, "no pin \(cut) in "),
        ]
        for (arguments, status, says) in cases {
            let refused = try await harness.run(arguments, expecting: status)
            #expect(refused.stderr.count < 600 && refused.stderr.contains(says), "\(arguments.first ?? ""): \(refused.stderr.prefix(300))")
        }
    }
}
