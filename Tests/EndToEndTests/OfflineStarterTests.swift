import Foundation
import Testing
import TestSupport

/// A new user offline with the starter config (Flickr without a key, Commons unreachable, the demo
/// set): every command tells one true story, once, and nothing loops.
@Suite struct OfflineStarterTests {
    /// The starter's providers, with Commons on a loopback port nobody listens on (a refused
    /// connection, as offline) and Flickr without a key.
    static func offlineConfig(_ harness: Harness) throws -> String {
        try harness.folder.write(
            "offline.json",
            """
            {"providers": [
              {"name": "flickr", "type": "flickr", "endpoint": "http://127.0.0.1:9/services/rest/"},
              {"name": "commons", "type": "commons", "endpoint": "http://127.0.0.1:9/w/api.php"},
              {"name": "demo", "type": "fixture"}
            ]}
            """)
    }

    /// Commons on `closed` (a loopback port that refuses every connection, never a DNS query),
    /// then the demo set.
    static func commonsOfflineConfig(_ harness: Harness, _ closed: BoundSocket) throws -> String {
        try harness.folder.write(
            "commons-offline.json",
            """
            {"providers": [
              {"name": "commons", "type": "commons", "endpoint": "http://127.0.0.1:\(closed.port)/w/api.php"},
              {"name": "demo", "type": "fixture"}
            ]}
            """)
    }

    @Test func anAlbumShortBecauseCommonsIsUnreachableIsReadyWithOneNote() async throws {
        let harness = try Harness()
        let config = try Self.offlineConfig(harness)
        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        // More photos than the demo set has there: the album is short, and ready.
        let fetched = try await harness.run("fetch", pin, "--count", "200", "--config", config)
        let lines = fetched.stderr.split(separator: "\n").map(String.init)
        let stored = try await harness.json("album", pin, "--config", config).photos.count
        #expect(
            lines == ["tourist: commons could not be reached (offline?); \(stored) photos is all the others have within 5 km"],
            "\(fetched.stderr)")
        let shown = try await harness.json("pin", "show", pin, "--config", config)
        #expect(shown["state"] as? String == "ready" && shown["failure"] == nil, "\(shown)")

        // Scripts see who could not be reached.
        let json = try await harness.json("fetch", pin, "--count", "200", "--config", config)
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(
            providers.contains { $0["provider"] as? String == "commons" && $0["unreachableHost"] as? String == "127.0.0.1:9" },
            "\(providers)")
        #expect((json["report"] as? [String: Any])?["kind"] as? String == "short")

        // A new collection of a full album shrinks only to what the demo set has left, and ends well.
        let full = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--config", config)["id"] as? String)
        try await harness.run("fetch", full, "--config", config)
        let collected = try await harness.run("new-collection", full, "--config", config)
        #expect(
            !collected.stderr.contains("tourist fetch \(full)") || collected.stderr.contains("will ask commons again"),
            "\(collected.stderr)")
        #expect(try await harness.json("pin", "show", full, "--config", config)["state"] as? String == "ready")
    }

    /// The case: offline, the demo set has nothing near Zürich and Commons, which covers
    /// every place, could not be asked. The album is not empty (that is not known): the fetch
    /// fails as temporary (75), says what happened and that a fetch when online asks again, never
    /// to widen the radius; the demo set's places are still named; `pin show` says why.
    @Test func nothingFoundWhileCommonsIsOfflineIsNotEmptyAndExits75() async throws {
        let harness = try Harness()
        let config = try Self.offlineConfig(harness)
        let pin = try #require(
            try await harness.json("pin", "add", "47.3769", "8.5417", "--name", "Zürich", "--config", config)["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--config", config, expecting: 75)
        #expect(fetched.stdout == "Zürich (\(pin)): failed, no photos.\n", "nothing to list: \(fetched.stdout)")
        let headline = "commons could not be reached (offline?); demo found no photos within 5 km of \"Zürich\""
        let lines = fetched.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(fetched.stderr)")
        #expect(
            lines.first?.hasPrefix("tourist: commons could not be reached (offline?): ") == true
                && lines.first?.contains("127.0.0.1:9") == true, "\(fetched.stderr)")
        let places = lines.dropFirst().first
        #expect(
            places?.hasPrefix("tourist: the demo set has photos near ") == true && places?.contains(" only; try: tourist pin add ") == true,
            "\(fetched.stderr)")
        #expect(
            lines.last == "tourist: \(headline); run it again when online to ask commons",
            "the headline is the last word: \(fetched.stderr)")
        #expect(!fetched.stderr.contains("radius") && !fetched.stderr.contains("empty"), "\(fetched.stderr)")

        let shown = try await harness.json("pin", "show", pin, "--config", config)
        #expect(
            shown["state"] as? String == "failed" && shown["failure"] as? String == "not-asked" && shown["error"] as? String == headline,
            "\(shown)")
        let text = try await harness.run("pin", "show", pin, "--config", config)
        #expect(text.stdout.contains("state:     failed\n") && text.stdout.contains("error:     \(headline)\n"), "\(text.stdout)")

        // Scripts see the kind, and the next fetch asks Commons again: the same ending, not "complete" or "empty".
        let again = try await harness.json("fetch", pin, "--config", config, expecting: 75)
        let report = try #require(again["report"] as? [String: Any])
        #expect(
            report["kind"] as? String == "not-asked" && (report["advice"] as? [String: Any])?["action"] as? String == "retry", "\(report)")
        #expect((report["alternative"] as? [String: Any])?["action"] as? String == "visit-places", "\(report)")
        // With --json on stderr, the failure's message is the headline and its advice.
        let scripted = try await harness.run("fetch", pin, "--config", config, "--json", expecting: 75)
        let failure = try #require(try JSONSerialization.jsonObject(with: Data(scripted.stderr.utf8)) as? [String: Any])
        #expect(
            (failure["error"] as? [String: Any])?["message"] as? String == "\(headline); run it again when online to ask commons",
            "\(scripted.stderr)")
    }

    @Test func farFromTheDemoPlacesTheFetchNamesThem() async throws {
        let harness = try Harness()
        let config = try Self.offlineConfig(harness)
        let pin = try #require(
            try await harness.json("pin", "add", "-60", "-140", "--name", "South Pacific", "--config", config)["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--config", config, expecting: 75)
        #expect(
            fetched.stderr.contains("the demo set has photos near ") && fetched.stderr.contains("try: tourist pin add 48.8"),
            "\(fetched.stderr)")
        #expect(fetched.stderr.contains("commons could not be reached (offline?)"), "\(fetched.stderr)")
        let shown = try await harness.json("pin", "show", pin, "--config", config)
        #expect(
            shown["state"] as? String == "failed" && shown["failure"] as? String == "not-asked",
            "not empty: Commons was not asked: \(shown)")
    }

    /// `fetch --all` offline: the pins nobody could fill do not count as ended well, the summary
    /// says how many there are, and the run exits as `fetch` of such a pin does (75). A pin whose
    /// album is short because Commons could not be asked ends well beside them (ready, 0).
    @Test func fetchAllCountsThePinsNoProviderCouldFillAndExitsAsTheirFetchDoes() async throws {
        let harness = try Harness()
        let config = try Self.offlineConfig(harness)
        let csv = try harness.folder.write("places.csv", "Zürich,47.3769,8.5417\nSouth Pacific,-60,-140\nParis,48.8584,2.2945\n")
        try await harness.run("pin", "import", csv, "--config", config)
        // More photos than the demo set has near Paris: that album is short, and ready.
        let run = try await harness.run("fetch", "--all", "--count", "100", "--config", config, expecting: 75)
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(
            rows.dropFirst().prefix(3).map { $0.suffix(2) } == [["0/100", "not-asked"], ["0/100", "not-asked"], ["64/100", "short"]],
            "\(run.stdout)")
        #expect(
            run.stdout.contains(": 1 ended well, 0 failed, 2 not filled (a provider could not be asked); 64 photos in their albums, "),
            "\(run.stdout)")
        #expect(
            run.stderr.contains("\"Zürich\": commons could not be reached (offline?); demo found no photos within 5 km of \"Zürich\"\n"),
            "\(run.stderr)")
        #expect(run.stderr.contains("tourist: 2 of 3 pins did not end well"), "\(run.stderr)")

        // Each such pin's code is the one `fetch` of it gives; the short one's is 0.
        let json = try await harness.json("fetch", "--all", "--count", "100", "--config", config, expecting: 75)
        let pins = try #require(json["pins"] as? [[String: Any]])
        #expect(pins.map { $0["status"] as? String } == ["not-asked", "not-asked", "short"], "\(pins)")
        #expect(pins.map { $0["exitCode"] as? Int } == [75, 75, 0], "\(pins)")
        try await harness.run("fetch", "Zürich", "--count", "100", "--config", config, expecting: 75)
        let paris = try await harness.json("pin", "show", "Paris", "--config", config)
        #expect(paris["state"] as? String == "ready" && paris["failure"] == nil, "\(paris)")
    }
}
