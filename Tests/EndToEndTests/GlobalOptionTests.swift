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
