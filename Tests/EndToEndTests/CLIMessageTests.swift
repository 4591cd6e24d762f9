import Foundation
import Testing
import TestSupport

/// Messages a user reads every day say what to do next, and help says each thing once.
@Suite struct CLIMessageTests {
    @Test func noHelpTextRepeatsItsDefault() async throws {
        let harness = try Harness()
        let commands: [[String]] = [
            ["pin", "add"], ["pin", "list"], ["pin", "show"], ["pin", "rm"], ["fetch"], ["new-collection"], ["album"],
            ["photo", "rm"], ["photo", "get"], ["export"], ["search"], ["serve"], ["providers"], ["config", "check"],
            ["config", "init"], ["store", "verify"], ["store", "repair"], ["store", "gc"], ["store", "stats"],
        ]
        for command in commands {
            let help = try await harness.tourist.run(command + ["--help"], in: harness.folder.path).stdout
            let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            var rest = flat[...]
            while let said = rest.range(of: "(default ") {
                let after = rest[said.upperBound...].prefix(80)
                #expect(!after.contains("(default:"), "tourist \(command.joined(separator: " ")) --help says its default twice: …\(flat[said.lowerBound...].prefix(100))")
                rest = rest[said.upperBound...]
            }
        }
    }

    @Test func configInitElsewhereSaysHowToCheckThatFile() async throws {
        let harness = try Harness()
        let path = harness.folder.child("my config.json")
        let wrote = try await harness.run("config", "init", "--config", path)
        #expect(wrote.stdout == "Wrote \(path). Check it with: tourist config check --config '\(path)'\n")
        try await harness.run("config", "check", "--config", path)
        let home = try await harness.run("config", "init")
        #expect(home.stdout.hasSuffix("Check it with: tourist config check\n"), "\(home.stdout)")
    }

    @Test func exportingAnAlbumWithNothingStoredSaysWhy() async throws {
        let harness = try Harness()
        let id = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)
        let empty = try await harness.run("export", "Paris", harness.folder.child("out"))
        #expect(empty.stdout.contains("Exported 0 photos of \"Paris\"") && empty.stdout.contains("Run `tourist fetch \(id)` first"), "\(empty.stdout)")
        try await harness.run("fetch", "Paris")
        let full = try await harness.run("export", "Paris", harness.folder.child("out"))
        #expect(full.stdout.hasPrefix("Exported 21 photos") && !full.stdout.contains("first"), "\(full.stdout)")
    }
}
