import Foundation
import Testing
import TestSupport

/// The help a newcomer reads: every command and every exit code, and usage errors exit 64.
@Suite struct HelpTests {
    /// Every command and subcommand, as a newcomer types them after `tourist`.
    static let commands = [
        "pin", "pin add", "pin list", "pin show", "pin edit", "pin rm", "pin import", "pin export", "fetch", "new-collection", "album",
        "photo", "photo rm", "photo get", "export", "search", "serve", "providers", "providers test", "config", "config check",
        "config init",
        "store", "store verify", "store repair", "store gc", "store stats", "store copy", "fixture", "fixture record",
    ]

    /// The commands of a table whose rows start with a command in code (`docs/commands.md`'s full
    /// table under `## The commands`, the README's overview under `## Commands`), as its first column
    /// names them: the words before the first argument or option (`pin add PLACE …` is `pin add`).
    static func documentedCommands(page: String, heading: String) throws -> [String] {
        let text = try Documentation.read(page)
        let section = try #require(
            text.components(separatedBy: "\n## \(heading)\n").dropFirst().first?.components(separatedBy: "\n## ").first,
            "\(page) has no \(heading)")
        return section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { row in
            row.dropFirst(3).prefix { $0 != "`" }.split(separator: " ")
                .prefix { word in word.first?.isLetter == true && word.allSatisfy { $0.isLowercase || $0 == "-" } }.joined(separator: " ")
        }
    }

    @Test func everyCommandOfTheDocsIsCheckedHere() throws {
        let documented = Set(try Self.documentedCommands(page: "docs/commands.md", heading: "The commands"))
        #expect(
            documented.count >= 25 && documented.isSuperset(of: ["serve", "fixture record", "pin import", "store copy"]),
            "\(documented.sorted())")
        #expect(
            documented.subtracting(Self.commands).isEmpty,
            "commands of docs/commands.md not in HelpTests.commands: \(documented.subtracting(Self.commands).sorted())")
        // The rest are the groups the documented commands are in (`pin`, `fixture`…).
        let groups = Set(Self.commands).subtracting(documented)
        #expect(
            groups.allSatisfy { group in documented.contains { $0.hasPrefix(group + " ") } },
            "not in docs/commands.md's table: \(groups.sorted())")
        // The README's overview names the same commands, one line each.
        let overview = try Self.documentedCommands(page: "README.md", heading: "Commands")
        #expect(Set(overview) == documented, "README overview \(Set(overview).symmetricDifference(documented).sorted())")
    }

    @Test func helpListsEveryCommandAndExitCode() async throws {
        let harness = try Harness()
        let help = try await harness.run("--help").stdout
        for command in Self.commands where !command.contains(" ") {
            #expect(help.contains("\n  \(command) "), "--help does not list \(command)")
        }
        // Every exit code of docs/commands.md's table, explained in --help too.
        let commandsPage = try Documentation.read("docs/commands.md")
        let table = try #require(
            commandsPage.components(separatedBy: "\n## Exit codes (sysexits)").dropFirst().first?.components(separatedBy: "\n\n")
                .dropFirst().first)
        let codes = table.split(separator: "\n").compactMap { line in
            line.hasPrefix("| ") ? Int(line.dropFirst(2).prefix { $0 != " " }) : nil
        }
        #expect(codes == [0, 1, 64, 65, 66, 69, 73, 74, 75, 77, 78], "\(codes)")
        for code in codes {
            #expect(
                help.contains("\n  \(String(code).padding(toLength: 4, withPad: " ", startingAt: 0))"),
                "--help does not explain exit \(code)")
        }
        // The place names' licence asks for their credit wherever they are used.
        #expect(help.contains("Place names: GeoNames (https://www.geonames.org/), licensed under CC BY 4.0"), "\(help)")
        // How a PIN is named, as the README and docs/commands.md say (before: "its exact name").
        #expect(help.contains("PIN is a pin's id or its name, in any case, or a unique prefix of either"), "\(help)")
        let fetch = try await harness.run("fetch", "--help").stdout
        for option in ["--count <count>", "--provider <name>", "--size <size>", "--json", "--store <path>", "--config <path>"] {
            #expect(fetch.contains(option))
        }
    }

    /// `new-collection --allow-fewer` (replace an album with fewer photos without asking) is in
    /// its help and in the first column of docs/commands.md's row, as are the other options the row names.
    @Test func newCollectionsOptionsAreInItsHelpAndTheCommandTable() async throws {
        let harness = try Harness()
        let help = try await harness.run("new-collection", "--help").stdout
        let commandsPage = try Documentation.read("docs/commands.md")
        let row = try #require(commandsPage.split(separator: "\n").first { $0.hasPrefix("| `new-collection ") })
        let usage = row.dropFirst(3).prefix { $0 != "`" }
        let options = usage.split(separator: " ").map { $0.drop { $0 == "[" } }.filter { $0.hasPrefix("--") }.map {
            String($0.prefix { $0 == "-" || $0.isLetter })
        }
        #expect(options == ["--count", "--provider", "--allow-fewer"], "\(usage)")
        #expect(options.contains("--allow-fewer"), "\(usage)")
        for option in options { #expect(help.contains(option), "new-collection --help lacks \(option)") }
    }

    /// `--help` reads in one go: the commands before the exit codes, each line wrapped once (none
    /// over 80 columns, no paragraph broken in two places), Commons named, and what options mean.
    @Test func theHelpListsCommandsFirstAndSaysWhatOptionsMean() async throws {
        let harness = try Harness(extraEnvironment: ["COLUMNS": "80"])
        let help = try await harness.run("--help").stdout
        let commands = try #require(help.range(of: "SUBCOMMANDS:"), "\(help)")
        let codes = try #require(help.range(of: "Exit codes:"), "\(help)")
        #expect(commands.lowerBound < codes.lowerBound, "the commands come first")
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(help)")
        #expect(help.contains("Wikimedia Commons"), "\(help)")
        #expect(try await harness.run("help").stdout == help)
        #expect(try await harness.run("-h", "--json").stdout == help)

        let add = try await harness.run("pin", "add", "--help").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(add.contains("(default: the place's name as found") && !add.contains("default: its coordinates"), "\(add)")
        let fetch = try await harness.run("fetch", "--help").stdout
        let flat = fetch.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("73 the store cannot be created") && flat.contains("78, 77, 65, 73, 74, 69, then 75"), "\(fetch)")
        #expect(flat.contains("s (75 px square)") && flat.contains("z (640 px)") && flat.contains("o (the original)"), "\(fetch)")
        let get = try await harness.run("photo", "get", "--help").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(get.contains("b (1024 px)"), "\(get)")
    }

    @Test func everyCommandHasItsOwnHelp() async throws {
        let harness = try Harness()
        for command in Self.commands {
            let help = try await harness.run(command.split(separator: " ").map(String.init) + ["--help"]).stdout
            #expect(help.contains("USAGE: tourist \(command)"), "tourist \(command) --help: \(help.prefix(200))")
        }
    }

    /// `tourist` alone: a few lines to begin with, whose commands work as printed (offline).
    @Test func noArgumentsPrintAShortGettingStarted() async throws {
        let harness = try Harness()
        let start = try await harness.run([])
        let lines = start.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 15 && lines.allSatisfy { $0.count <= 100 }, "\(start.stdout)")
        #expect(start.stdout.contains("tourist --help"))
        let commands = lines.filter { $0.hasPrefix("  tourist ") && !$0.hasPrefix("  tourist serve") }
            .map { $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands.count == 3, "\(commands)")
        for command in commands {
            // Words as a shell splits them here: quotes around one argument.
            let words = command.components(separatedBy: "\"").enumerated().flatMap { index, part in
                index % 2 == 1 ? [part] : part.split(separator: " ").map(String.init)
            }
            try await harness.run(Array(words.dropFirst()))
        }
        let album = try await harness.json("album", "Eiffel Tower")
        #expect(album.photos.count == 21)
    }

    @Test func unknownCommandsAndOptionsAreUsageErrors() async throws {
        let harness = try Harness()
        let unknown = try await harness.run("teleport", expecting: 64)
        #expect(unknown.stderr.hasPrefix("tourist: unknown command \"teleport\". The commands are: pin, fetch,"), "\(unknown.stderr)")
        try await harness.run("fetch", expecting: 64)
        try await harness.run("fetch", "x", "--count", "0", expecting: 64)
        try await harness.run("search", "1", "2", "--radius", "-3", expecting: 64)
        try await harness.run("fetch", "x", "--size", "huge", expecting: 64)
    }

    @Test func aNegativeNumberIsAValueOutOfRangeNotAMissingOne() async throws {
        let harness = try Harness()
        // Before: "Missing value for '--radius <km>'", as if -5 were an option.
        let radius = try await harness.run("pin", "add", "1", "1", "--radius", "-5", expecting: 64)
        #expect(
            radius.stderr.hasPrefix("tourist: --radius -5.0 is out of range; use kilometres from 0 (exclusive) to 20000"),
            "\(radius.stderr)")
        let count = try await harness.run("search", "1", "2", "--count", "-1", expecting: 64)
        #expect(count.stderr.hasPrefix("tourist: --count -1 is out of range; use 1 to 500"), "\(count.stderr)")
        // A name may begin with a dash.
        #expect(try await harness.json("pin", "add", "1", "1", "--name", "-x")["name"] as? String == "-x")
        let edit = try await harness.run("pin", "edit", "--", "-x", "--radius", "-2", expecting: 64)
        #expect(edit.stderr.contains("say what to change"), "\(edit.stderr)")
        let edited = try await harness.run("pin", "edit", "1,1", "--radius", "-2", expecting: 64)
        #expect(edited.stderr.hasPrefix("tourist: --radius -2.0 is out of range"), "\(edited.stderr)")
    }
}
