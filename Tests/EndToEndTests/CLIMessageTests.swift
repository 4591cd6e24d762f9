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

/// The demo set's places can be found from the CLI.
@Suite struct DemoPlacesTests {
    @Test func aSearchFarFromTheDemoPlacesSaysWhereTheyAre() async throws {
        let harness = try Harness()
        let far = try await harness.run("search", "0", "0")
        #expect(far.stdout == "No photos within 5 km of 0,0.\n")
        for place in ["New York (40.6892,-74.0441)", "Machu Picchu", "Paris (48.8610,2.2963)", "Cape Town", "Kyoto", "Sydney"] {
            #expect(far.stderr.contains(place), "\(far.stderr)")
        }
        #expect(far.stderr.contains("try: tourist search 48.8610 2.2963"))
        // The place it suggests has photos.
        let near = try await harness.json("search", "48.8610", "2.2963")
        #expect(!near.photos.isEmpty)
        #expect(!(try await harness.run("search", "48.8610", "2.2963")).stderr.contains("demo set has photos near"))

        // A fixture set of one's own is not the demo set: no such hint.
        let set = harness.folder.child("own")
        try FixtureSetWriter.write(in: set, latitude: 10, longitude: 10, count: 2)
        let config = harness.folder.child("config.json")
        try Data(#"{"providers": [{"name": "own", "type": "fixture", "path": "\#(set)"}]}"#.utf8).write(to: URL(fileURLWithPath: config))
        let own = try await harness.run("search", "0", "0", "--config", config)
        #expect(!own.stderr.contains("demo set"), "\(own.stderr)")
    }
}
