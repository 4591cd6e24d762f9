import Foundation
import Testing
import TestSupport

/// A new user offline with the starter config (Flickr without a key, Commons unreachable, the demo
/// set): every command tells one true story, once, and nothing loops.
@Suite struct OfflineStarterTests {
    /// The starter's providers, with Commons on a loopback port nobody listens on (a refused
    /// connection, as offline) and Flickr without a key.
    static func offlineConfig(_ harness: Harness) throws -> String {
        try harness.folder.write("offline.json", """
            {"providers": [
              {"name": "flickr", "type": "flickr", "endpoint": "http://127.0.0.1:9/services/rest/"},
              {"name": "commons", "type": "commons", "endpoint": "http://127.0.0.1:9/w/api.php"},
              {"name": "demo", "type": "fixture"}
            ]}
            """)
    }

    @Test func anAlbumShortBecauseCommonsIsUnreachableIsReadyWithOneNote() async throws {
        let harness = try Harness()
        let config = try Self.offlineConfig(harness)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        // More photos than the demo set has there: the album is short, and ready.
        let fetched = try await harness.run("fetch", pin, "--count", "200", "--config", config)
        let lines = fetched.stderr.split(separator: "\n").map(String.init)
        let stored = try await harness.json("album", pin, "--config", config).photos.count
        #expect(lines == ["tourist: commons could not be reached (offline?); \(stored) photos is all the others have within 5 km"], "\(fetched.stderr)")
        let shown = try await harness.json("pin", "show", pin, "--config", config)
        #expect(shown["state"] as? String == "ready" && shown["failure"] == nil, "\(shown)")

        // Scripts see who could not be reached.
        let json = try await harness.json("fetch", pin, "--count", "200", "--config", config)
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.contains { $0["provider"] as? String == "commons" && $0["unreachableHost"] as? String == "127.0.0.1:9" }, "\(providers)")
        #expect((json["report"] as? [String: Any])?["kind"] as? String == "short")

        // A new collection of a full album shrinks only to what the demo set has left, and ends well.
        let full = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--config", config)["id"] as? String)
        try await harness.run("fetch", full, "--config", config)
        let collected = try await harness.run("new-collection", full, "--config", config)
        #expect(!collected.stderr.contains("tourist fetch \(full)") || collected.stderr.contains("will ask commons again"), "\(collected.stderr)")
        #expect(try await harness.json("pin", "show", full, "--config", config)["state"] as? String == "ready")
    }

    @Test func farFromTheDemoPlacesTheFetchNamesThem() async throws {
        let harness = try Harness()
        let config = try Self.offlineConfig(harness)
        let pin = try #require(try await harness.json("pin", "add", "-60", "-140", "--name", "South Pacific", "--config", config)["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--config", config)
        #expect(fetched.stderr.contains("the demo set has photos near ") && fetched.stderr.contains("try: tourist pin add 48.8"), "\(fetched.stderr)")
        #expect(fetched.stderr.contains("commons could not be reached (offline?)"), "\(fetched.stderr)")
        #expect(try await harness.json("pin", "show", pin, "--config", config)["state"] as? String == "empty")
    }
}
