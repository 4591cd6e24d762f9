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
        #expect(providers?.map { $0["name"] as? String } == ["flickr", "commons", "pictures", "demo"])
        // The contact is the user's to fill in: no invented one.
        #expect(providers?[1]["contact"] is NSNull && providers?[1]["concurrency"] as? Int == 3, "\(String(describing: providers?[1]))")
        let pictures = providers?[2]
        #expect(pictures?["enabled"] as? Bool == false, "disabled: ~/Pictures need not exist for the starter config to check")
        #expect(pictures?["path"] as? [String] == [harness.folder.child("home/Pictures")], "~ expanded")
        #expect(providers?.first?["apiKey"] == nil, "no key is set: none is shown, masked or not")
        #expect(providers?.last?["latencyMs"] as? Int == 0)
    }

    /// config.example.json writes every option: what `config check` would fill in with a default
    /// is written in some entry of the same type (or, for the common keys, of any type), but for
    /// the API key (kept out of the file on purpose) and the fixture's bundled demo set path.
    @Test func theExampleShowsEveryOption() async throws {
        let harness = try Harness()
        let example = Harness.repository + "/config.example.json"
        let written = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: example))) as? [String: Any])
        let effective = try #require(try await harness.json("config", "check", "--config", example)["config"] as? [String: Any])
        #expect(Set(written.keys) == Set(effective.keys))
        for section in ["album", "downloads", "routing"] {
            #expect(
                Set((written[section] as? [String: Any] ?? [:]).keys) == Set((effective[section] as? [String: Any] ?? [:]).keys),
                "\(section)")
        }
        let writtenProviders = try #require(written["providers"] as? [[String: Any]])
        let effectiveProviders = try #require(effective["providers"] as? [[String: Any]])
        let common = ["name", "type", "enabled", "timeoutSeconds", "concurrency", "requestsPerHour", "coverage"]
        let writtenAnywhere = Set(writtenProviders.flatMap(\.keys))
        #expect(Set(common).isSubset(of: writtenAnywhere), "every common key appears: \(Set(common).subtracting(writtenAnywhere))")
        for provider in effectiveProviders {
            let type = provider["type"] as? String ?? ""
            let writtenForType = Set(writtenProviders.filter { $0["type"] as? String == type }.flatMap(\.keys))
            for key in provider.keys.sorted() where !common.contains(key) && !writtenForType.contains(key) {
                #expect(
                    type == "flickr" && key == "apiKey" || type == "fixture" && key == "path",
                    "\(type) option \(key) is not in config.example.json")
            }
        }
        #expect(
            effectiveProviders.compactMap { $0["type"] as? String }.sorted() == ["commons", "directory", "fixture", "flickr"],
            "one entry of every built-in type")
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
        let config = try harness.folder.write(
            "two.json",
            """
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
        // Several, in the order given: the first named answers; a name given twice is asked once.
        let reversed = try await harness.json(
            "search", "10", "20", "--count", "2", "--config", config, "--provider", "second", "--provider", "first")
        #expect(reversed.photos.map { $0["provider"] as? String } == ["second", "second"])
        let inOrder = try await harness.json(
            "search", "10", "20", "--count", "2", "--config", config, "--provider", "first", "--provider", "second")
        #expect(inOrder.photos.map { $0["provider"] as? String } == ["first", "first"])
        let broken = try harness.folder.write(
            "broken.json",
            """
            {"downloads": {"retries": 0}, "providers": [
              {"name": "broken", "type": "fixture", "path": "first", "failEvery": 1},
              {"name": "second", "type": "fixture", "path": "second"}
            ]}
            """)
        let twice = try await harness.run(
            "search", "10", "20", "--count", "2", "--config", broken, "--provider", "broken", "--provider", "broken", "--provider", "second"
        )
        #expect(
            twice.stderr
                == "tourist: broken could not answer (a server error): fixture provider broken simulated a failure (request 1, failEvery 1)\n",
            "asked once, then the next")
        let collected = try await harness.json("new-collection", pin, "--count", "2", "--provider", "first", "--config", config)
        #expect(collected.photos.map { $0["provider"] as? String } == ["first", "first"])
    }
}

@Suite struct ProviderFailureTests {
    @Test func aFailingProviderIsNamedOnceAndTheNextOneAnswers() async throws {
        let harness = try Harness()
        let config = try harness.folder.write(
            "flaky.json", #"{"providers": [{"name": "broken", "type": "fixture", "failEvery": 1}, {"name": "demo", "type": "fixture"}]}"#)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--count", "3", "--config", config)
        // One search and its 4 retries (downloads.retries), then the fall-through.
        let line =
            "tourist: broken could not answer (a server error): fixture provider broken simulated a failure (request 5, failEvery 1)\n"
        #expect(fetched.stderr == line)
        #expect(fetched.stdout.contains("ready, 3 photos"))
        let only = try await harness.run("new-collection", pin, "--provider", "broken", "--config", config, expecting: 69)
        #expect(only.stderr == line + "tourist: no provider could answer; the album is unchanged; run the command again later\n")
        #expect(try await harness.json("album", pin).photos.count == 3, "a failed new collection must keep the album")
        let health = try await harness.run("providers", "--check", "--config", config)
        #expect(health.stdout.contains("FAILED in"))
        #expect(health.stdout.contains("ok in"))
    }
}
