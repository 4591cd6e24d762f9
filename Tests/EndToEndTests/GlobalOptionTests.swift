import Foundation
import Testing
import TestSupport

/// Global options work before the command as well as after it, as in git and kubectl.
@Suite struct GlobalOptionTests {
    @Test func globalOptionsBeforeTheCommandWorkAsAfterIt() async throws {
        let harness = try Harness()
        let elsewhere = harness.folder.child("other-store")
        try await harness.run("--store", elsewhere, "pin", "add", "48.8584", "2.2945", "--name", "Paris")
        let listed = try await harness.run("--json", "--store", elsewhere, "pin", "list")
        let pins = try #require((try listed.json() as? [String: Any])?["pins"] as? [[String: Any]])
        #expect(pins.map { $0["name"] as? String } == ["Paris"])
        // The default store (TOURIST_STORE) was not touched.
        #expect(!FileManager.default.fileExists(atPath: harness.store + "/index/albums"))

        // The config named before the command is the one read: a broken one is refused.
        let broken = harness.folder.child("broken.json")
        try Data(#"{"albums": {}}"#.utf8).write(to: URL(fileURLWithPath: broken))
        let refused = try await harness.run("--config", broken, "--store", elsewhere, "fetch", "Paris", expecting: 78)
        #expect(refused.stderr.contains(broken) && refused.stderr.contains("\"albums\""), "\(refused.stderr)")
        let config = harness.folder.child("config.json")
        try Data(#"{"providers": [{"name": "demo", "type": "fixture"}]}"#.utf8).write(to: URL(fileURLWithPath: config))
        let fetched = try await harness.run("--config", config, "--store=\(elsewhere)", "-q", "fetch", "Paris", "--json")
        #expect(fetched.stderr.isEmpty)
        #expect(((try fetched.json() as? [String: Any])?["photos"] as? [Any])?.count == 21)
        let quiet = try await harness.run("--quiet", "--store", elsewhere, "fetch", "Paris")
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        let verbose = try await harness.run("--verbose", "--store", elsewhere, "album", "Paris")
        #expect(verbose.stdout.contains("Paris"))

        // Negative coordinates after the command are still coordinates, not options.
        try await harness.run("--store", elsewhere, "pin", "add", "-33.8568", "151.2153", "--name", "Sydney")
        // What is not a global option before the command stays a usage error.
        let unknown = try await harness.run("--bogus", "pin", "list", expecting: 64)
        #expect(unknown.stderr.contains("--bogus"))
    }

    @Test func theTopLevelHelpListsTheGlobalOptions() async throws {
        let harness = try Harness()
        let help = try await harness.run("--help").stdout
        #expect(help.contains("Global options, before or after the command"))
        for option in ["--config <path>", "--store <path>", "--json", "-q, --quiet", "-v, --verbose"] {
            #expect(help.contains("  \(option)"), "--help does not list \(option)")
        }
    }
}

/// `pin list` in the order pins were added, or by name or state; a photo named twice is removed once.
@Suite struct PinListOrderTests {
    @Test func pinsAreListedAsAddedOrByNameOrState() async throws {
        let harness = try Harness()
        let names = ["zeta", "Pier 10", "Alpha", "Pier 9", "Éclair", "beta"]
        // Added within a second or two: creation times tie, the order added must not.
        for (index, name) in names.enumerated() {
            try await harness.run("pin", "add", "10", String(index + 1), "--name", name)
        }
        func listed(_ extra: String...) async throws -> [String] {
            let result = try await harness.tourist.run(["pin", "list", "--json"] + extra, in: harness.folder.path)
            let document = try #require(try result.json() as? [String: Any], "\(result.stderr)")
            return (document["pins"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        #expect(try await listed() == names)
        #expect(try await listed("--sort", "created") == names)
        #expect(try await listed("--sort", "name") == ["Alpha", "beta", "Éclair", "Pier 9", "Pier 10", "zeta"])
        let table = try await harness.run("pin", "list").stdout.split(separator: "\n").dropFirst().map { String($0) }
        #expect(zip(table, names).allSatisfy { line, name in line.contains(name) }, "\(table)")

        try await harness.run("fetch", "Alpha")
        let byState = try await listed("--sort", "state")
        #expect(byState.last == "Alpha" && byState.dropLast() == names.filter { $0 != "Alpha" }[...], "\(byState)")
        try await harness.run("pin", "list", "--sort", "size", expecting: 64)
    }

    @Test func aPhotoNamedTwiceIsRemovedOnce() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Paris")
        let photo = try #require(try await harness.json("fetch", "Paris").photos.first?["id"] as? String)
        let removed = try await harness.json("photo", "rm", "Paris", photo, photo)
        #expect(removed["removed"] as? [String] == [photo])
        let said = try await harness.run("photo", "rm", "Paris", photo, photo, expecting: 65)
        #expect(said.stderr.contains("is not in the album"))
        #expect(try await harness.json("album", "Paris").photos.count == 20)
    }
}
