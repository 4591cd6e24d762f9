import Foundation
import Testing
import TestSupport

@Suite struct ConfigCommandTests {
    @Test func configInitWritesTheExampleAndCheckAcceptsIt() async throws {
        let harness = try Harness(extraEnvironment: ["XDG_CONFIG_HOME": "/nonexistent-unused"])
        let path = harness.folder.child("home/.config/tourist/config.json")
        let written = try await harness.run("config", "init", "--config", path)
        #expect(written.stdout.contains("Wrote \(path)"))
        let example = try String(contentsOfFile: Harness.repository + "/config.example.json", encoding: .utf8)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == example)
        let refused = try await harness.run("config", "init", "--config", path, expecting: 73)
        #expect(refused.stderr.contains("already exists; nothing was written. Use --force to replace it"))
        try await harness.run("config", "init", "--config", path, "--force")
        let checked = try await harness.json("config", "check", "--config", path)
        #expect(checked["source"] as? String == path)
        let providers = (checked["config"] as? [String: Any])?["providers"] as? [[String: Any]]
        #expect(providers?.map { $0["name"] as? String } == ["flickr", "pictures", "demo"])
        let pictures = providers?[1]
        #expect(pictures?["enabled"] as? Bool == false, "disabled: ~/Pictures need not exist for the starter config to check")
        #expect(pictures?["path"] as? [String] == [harness.folder.child("home/Pictures")], "~ expanded")
        #expect(providers?.first?["apiKey"] as? String == "(default: ********)", "the key's default is masked")
        #expect(providers?.last?["latencyMs"] as? Int == 0)
    }

    @Test func configInitUsesTheDefaultLocation() async throws {
        let harness = try Harness()
        try await harness.run("config", "init")
        let path = harness.folder.child("home/.config/tourist/config.json")
        #expect(FileManager.default.fileExists(atPath: path))
        // Found by precedence from then on.
        #expect(try await harness.json("config", "check")["source"] as? String == path)
    }
}

@Suite struct RoutingOverrideTests {
    /// Two fixture providers over two generated sets at the same place; `--provider` picks, in order.
    @Test func providerOptionOverridesTheConfigsOrder() async throws {
        let harness = try Harness()
        try FixtureSetWriter.write(in: harness.folder.child("first"), prefix: "a", latitude: 10, longitude: 20, count: 5)
        try FixtureSetWriter.write(in: harness.folder.child("second"), prefix: "b", latitude: 10, longitude: 20, count: 5)
        let config = try harness.folder.write("two.json", """
            {"providers": [
              {"name": "first", "type": "fixture", "path": "first"},
              {"name": "second", "type": "fixture", "path": "second"},
              {"name": "off", "type": "fixture", "path": "second", "enabled": false}
            ]}
            """)
        let byConfig = try await harness.json("search", "10", "20", "--count", "2", "--config", config)
        #expect(byConfig.photos.map { $0["provider"] as? String } == ["first", "first"])
        let overridden = try await harness.json("search", "10", "20", "--count", "2", "--config", config, "--provider", "second")
        #expect(overridden.photos.map { $0["provider"] as? String } == ["second", "second"])
        // A disabled provider can be asked for explicitly; an unknown one is a usage error.
        let disabled = try await harness.json("search", "10", "20", "--count", "1", "--config", config, "--provider", "off")
        #expect(disabled.photos.first?["provider"] as? String == "off")
        let unknown = try await harness.run("search", "10", "20", "--config", config, "--provider", "nope", expecting: 64)
        #expect(unknown.stderr.contains("no provider named \"nope\" in \(config). Configured: first, second, off"))
        let pin = try #require(try await harness.json("pin", "add", "10", "20", "--config", config)["id"] as? String)
        let fetched = try await harness.json("fetch", pin, "--count", "3", "--provider", "second", "--config", config)
        #expect(fetched.photos.map { $0["id"] as? String } == ["second:b-001", "second:b-002", "second:b-003"])
        let providers = try #require(try await harness.json("providers", "--config", config)["providers"] as? [[String: Any]])
        #expect(providers.map { $0["enabled"] as? Bool } == [true, true, false])
    }
}

@Suite struct ProviderFailureTests {
    @Test func aFailingProviderIsNamedOnceAndTheNextOneAnswers() async throws {
        let harness = try Harness()
        let config = try harness.folder.write("flaky.json", #"{"providers": [{"name": "broken", "type": "fixture", "failEvery": 1}, {"name": "demo", "type": "fixture"}]}"#)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--count", "3", "--config", config)
        // One search and its 4 retries (downloads.retries), then the fall-through.
        let line = "tourist: broken: unavailable: fixture provider broken simulated a failure (request 5, failEvery 1)\n"
        #expect(fetched.stderr == line)
        #expect(fetched.stdout.contains("ready, 3 photos"))
        let only = try await harness.run("new-collection", pin, "--provider", "broken", "--config", config, expecting: 69)
        #expect(only.stderr == line + "tourist: no provider could answer; check the network and `tourist providers --check`, then run the command again\n")
        #expect(try await harness.json("album", pin).photos.count == 3, "a failed new collection must keep the album")
        let health = try await harness.run("providers", "--check", "--config", config)
        #expect(health.stdout.contains("FAILED in"))
        #expect(health.stdout.contains("ok in"))
    }
}
