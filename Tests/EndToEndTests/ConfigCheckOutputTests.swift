import Foundation
import Testing
import TestSupport

/// `config check` prints the config in force as a config file that `config check` accepts again,
/// with no secret in it, and says plainly when Flickr has no key.
@Suite struct ConfigCheckOutputTests {
    /// The config part of `config check`'s human output (after the "Config OK: …" line).
    func printedConfig(_ stdout: String) throws -> String {
        let header = try #require(stdout.range(of: "\n\n"), "no config after the header: \(stdout)")
        #expect(stdout[..<header.lowerBound].hasPrefix("Config OK: "))
        return String(stdout[header.upperBound...])
    }

    @Test func thePrintedConfigPastedBackIsAcceptedAndPrintsTheSame() async throws {
        let harness = try Harness(extraEnvironment: ["TRAIL_TOKEN": "from-the-environment-5521"])
        try FixtureSetWriter.write(in: harness.folder.child("walks"), latitude: 10, longitude: 20, count: 3)
        try FileManager.default.createDirectory(atPath: harness.folder.child("photos"), withIntermediateDirectories: true)
        let secret = "written-into-the-file-0c9d"
        let original = try harness.folder.write(
            "original.json",
            """
            {"album": {"photos": 12},
             "routing": {"strategy": "merge"},
             "providers": [
               {"name": "flickr", "type": "flickr", "apiKey": "\(secret)", "perPage": 100},
               {"name": "trail", "type": "flickr", "apiKey": "${TRAIL_TOKEN}", "enabled": false},
               {"name": "walks", "type": "fixture", "path": "walks", "coverage": [19, 9, 21, 11]},
               {"name": "pictures", "type": "directory", "path": "photos", "concurrency": 2},
               {"name": "demo", "type": "fixture"}
             ]}
            """)
        let first = try await harness.run("config", "check", "--config", original)
        let printed = try printedConfig(first.stdout)
        #expect(!first.stdout.contains(secret) && !first.stdout.contains("from-the-environment-5521"), "no secret is printed")
        #expect(printed.contains(#""apiKey": "********""#), "a key written into the file is masked: \(printed)")
        #expect(printed.contains(#""apiKey": "${TRAIL_TOKEN}""#), "a key read from the environment shows as written: \(printed)")
        #expect(!printed.contains("(default"), "no annotation that would not read back: \(printed)")

        let pasted = try harness.folder.write("pasted.json", printed)
        let second = try await harness.run("config", "check", "--config", pasted)
        #expect(try printedConfig(second.stdout) == printed, "the pasted config is read as the one printed")
        let document = try #require(try await harness.json("config", "check", "--config", pasted)["config"] as? [String: Any])
        let providers = try #require(document["providers"] as? [[String: Any]])
        #expect(providers.map { $0["name"] as? String } == ["flickr", "trail", "walks", "pictures", "demo"])
        #expect(
            providers[0]["perPage"] as? Int == 100 && providers[0]["requestsPerHour"] as? Int == 3600,
            "set and default values both read back")
        #expect(
            providers[2]["path"] as? String == harness.folder.child("walks") && providers[2]["coverage"] as? [Double] == [19, 9, 21, 11])
        #expect(providers[3]["concurrency"] as? Int == 2 && providers[3]["extensions"] as? [String] != nil)
        #expect(
            providers[4]["concurrency"] == nil && providers[4]["coverage"] == nil && providers[4]["path"] == nil,
            "what is off or unwritable is left out: \(providers[4])")
        #expect((document["routing"] as? [String: Any])?["strategy"] as? String == "merge")
        #expect((document["album"] as? [String: Any])?["photos"] as? Int == 12)
    }

    @Test func checkSaysPlainlyWhenFlickrHasNoKey() async throws {
        let harness = try Harness()
        let example = Harness.repository + "/config.example.json"
        let checked = try await harness.run("config", "check", "--config", example)
        #expect(
            checked.stderr == """
                tourist: flickr: no Flickr API key: set FLICKR_API_KEY or the provider's "apiKey" option (get a key at https://www.flickr.com/services/apps/create/); until then it is passed by quietly and the next provider answers

                """)
        let flickr = try #require(try JSONSerialization.jsonObject(with: Data(printedConfig(checked.stdout).utf8)) as? [String: Any])
        let entry = try #require((flickr["providers"] as? [[String: Any]])?.first)
        #expect(entry["name"] as? String == "flickr" && entry["apiKey"] == nil, "no value is shown for a key that does not exist")
        #expect(!checked.stdout.contains("********"))

        let alone = try harness.folder.write("alone.json", #"{"providers": [{"name": "flickr", "type": "flickr"}]}"#)
        let single = try await harness.run("config", "check", "--config", alone, "--json")
        #expect(
            try single.stderrNotes() == [
                #"flickr: no Flickr API key: set FLICKR_API_KEY or the provider's "apiKey" option (get a key at https://www.flickr.com/services/apps/create/); until then its searches fail (exit 77): no other provider is enabled"#
            ])

        let keyed = try Harness(extraEnvironment: ["FLICKR_API_KEY": "a-key-3b1f"])
        let withKey = try await keyed.run("config", "check", "--config", example)
        #expect(withKey.stderr.isEmpty, "\(withKey.stderr)")
        #expect(!withKey.stdout.contains("a-key-3b1f"))
    }
}
