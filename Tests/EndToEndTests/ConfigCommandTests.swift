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
        #expect(providers?.first?["latencyMs"] as? Int == 0)
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
