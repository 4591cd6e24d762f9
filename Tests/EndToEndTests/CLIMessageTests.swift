import Foundation
import Testing
import TestSupport

/// Messages a user reads every day say what to do next, and help says each thing once.
@Suite struct CLIMessageTests {
    @Test func noHelpTextRepeatsItsDefault() async throws {
        let harness = try Harness()
        let commands: [[String]] = [
            ["pin", "add"], ["pin", "list"], ["pin", "show"], ["pin", "edit"], ["pin", "rm"], ["fetch"], ["new-collection"], ["album"],
            ["photo", "rm"], ["photo", "get"], ["export"], ["search"], ["serve"], ["providers"], ["config", "check"],
            ["config", "init"], ["store", "verify"], ["store", "repair"], ["store", "gc"], ["store", "stats"],
        ]
        for command in commands {
            let help = try await harness.tourist.run(command + ["--help"], in: harness.folder.path).stdout
            let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            var rest = flat[...]
            while let said = rest.range(of: "(default ") {
                let after = rest[said.upperBound...].prefix(80)
                #expect(
                    !after.contains("(default:"),
                    "tourist \(command.joined(separator: " ")) --help says its default twice: …\(flat[said.lowerBound...].prefix(100))")
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
        #expect(
            empty.stdout.contains("Exported 0 photos of \"Paris\"") && empty.stdout.contains("Run `tourist fetch \(id)` first"),
            "\(empty.stdout)")
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
        for place in ["New York (40.6892,-74.0441)", "Machu Picchu", "Paris (48.861,2.2963)", "Cape Town", "Kyoto", "Sydney"] {
            #expect(far.stderr.contains(place), "\(far.stderr)")
        }
        #expect(far.stderr.contains("try: tourist search 48.861 2.2963"))
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

/// Pin names are checked where they come in, and shown so tables stay tables.
@Suite struct PinNameTests {
    @Test func namesAreTrimmedAndRefusedWhenTheyCouldMisleadATerminalOrAnotherPin() async throws {
        let harness = try Harness()
        let escape = try await harness.run("pin", "add", "1", "1", "--name", "bad\u{1B}[31mred", expecting: 64)
        #expect(escape.stderr.contains("control character (U+001B)"), "\(escape.stderr)")
        #expect(!escape.stderr.contains("\u{1B}"), "the escape reached the terminal")
        let tab = try await harness.run("pin", "add", "1", "1", "--name", "a\tb", expecting: 64)
        #expect(tab.stderr.contains("U+0009"))
        try await harness.run("pin", "add", "1", "1", "--name", " \u{202E}evil", expecting: 64)
        let trimmed = try await harness.json("pin", "add", "1", "1", "--name", "  Lisbon  ")
        #expect(trimmed["name"] as? String == "Lisbon")
        let id = try #require(trimmed["id"] as? String)
        let taken = try await harness.run("pin", "add", "2", "2", "--name", id, expecting: 65)
        #expect(taken.stderr.contains("is the id of another pin"), "\(taken.stderr)")
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.count == 1)

        // The page is held to the same rules.
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()
        let refused = try await server.send("POST", "/api/pins", json: ["name": "x\u{1B}y", "latitude": 3, "longitude": 3], csrf: csrf)
        #expect(refused.status == 400 && refused.text.contains("control character"), "\(refused.text)")
    }

    /// A name holds at most 200 characters, and the composed and decomposed spellings of one
    /// accented name are one pin, found by either, whose exported file imports back unchanged
    /// (issue 26, finding 10).
    @Test func longNamesAreRefusedAndBothSpellingsOfANameAreOnePin() async throws {
        let harness = try Harness()
        let long = try await harness.run("pin", "add", "1", "1", "--name", String(repeating: "a", count: 201), expecting: 64)
        #expect(long.stderr.contains("is 201 characters long; a pin's name may hold at most 200: shorten it"), "\(long.stderr)")
        try await harness.run("pin", "add", "1", "1", "--name", String(repeating: "a", count: 200))
        let tooLong = try harness.folder.write("long.csv", "\(String(repeating: "b", count: 300)),2,2\n")
        let refused = try await harness.run("pin", "import", tooLong, expecting: 65)
        #expect(refused.stderr.contains("line 1: the pin name") && refused.stderr.contains("at most 200"), "\(refused.stderr)")

        let composed = "S\u{E3}o Paulo", decomposed = "Sa\u{303}o Paulo"
        let first = try await harness.json("pin", "add", "-23.55", "-46.63", "--name", composed, "--radius", "5")
        let second = try await harness.json("pin", "add", "-23.55", "-46.63", "--name", decomposed, "--radius", "5")
        #expect(second["id"] as? String == first["id"] as? String, "one pin")
        #expect(try await harness.json("pin", "show", decomposed)["id"] as? String == first["id"] as? String)
        let named = try #require(try await harness.json("pin", "show", composed)["name"] as? String)
        #expect(named.utf8.elementsEqual(composed.utf8), "stored composed")
        let file = try harness.folder.write("places.csv", "\(decomposed),-23.55,-46.63\n")
        let imported = try await harness.json("pin", "import", file, "--radius", "5")
        #expect((imported["added"] as? [Any])?.isEmpty == true && (imported["unchanged"] as? [Any])?.count == 1, "\(imported)")
        let exported = harness.folder.child("out.csv")
        try await harness.run("pin", "export", "--output", exported)
        let again = try await harness.json("pin", "import", exported)
        #expect((again["added"] as? [Any])?.isEmpty == true && (again["unchanged"] as? [Any])?.count == 2, "\(again)")
    }

    @Test func tablesCutLongNamesAndKeepWideCharactersAligned() async throws {
        let harness = try Harness()
        let long = String(repeating: "A very long name ", count: 4).trimmingCharacters(in: .whitespaces)
        for (name, longitude) in [("Tokyo", "1"), ("東京タワー", "2"), (long, "3")] {
            try await harness.run("pin", "add", "10", longitude, "--name", name)
        }
        let lines = try await harness.run("pin", "list").stdout.split(separator: "\n").map(String.init)
        /// Terminal columns before `text` in `line`: ideographs and kana take two.
        func column(of text: String, in line: String) -> Int? {
            guard let range = line.range(of: text) else { return nil }
            return line[..<range.lowerBound].unicodeScalars.reduce(0) { width, scalar in
                width + ((0x3040...0x30FF).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value) ? 2 : 1)
            }
        }
        let latitude = try #require(column(of: "LATITUDE", in: lines[0]))
        for line in lines.dropFirst() {
            // " 10 ", not "10 ": a random pin id can end in 10.
            #expect(column(of: " 10 ", in: line).map { $0 + 1 } == latitude, "misaligned: \(line)")
        }
        #expect(lines[3].contains("A very long name A very long name A ver…"), "\(lines[3])")
        let listed = try await harness.json("pin", "list")
        #expect((listed["pins"] as? [[String: Any]])?.last?["name"] as? String == long)
    }
}
