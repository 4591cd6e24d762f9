import Foundation
import Testing
import TestSupport

/// Finding pins from the command line: names in any case, unique prefixes, ambiguity said plainly,
/// and shell completion of pin and provider names.
@Suite struct PinFindingEndToEndTests {
    /// A store with three pins; returns their ids by name.
    static func pinned(_ harness: Harness) async throws -> [String: String] {
        var ids: [String: String] = [:]
        for (name, place) in [("Eiffel Tower", "48.8584,2.2945"), ("Eiffel Tower Top", "48.8583,2.2944"), ("Kyoto", "34.9668,135.7741")] {
            ids[name] = try #require(try await harness.json("pin", "add", place, "--name", name)["id"] as? String)
        }
        return ids
    }

    @Test func namesInAnyCaseAndUniquePrefixesFindAPin() async throws {
        let harness = try Harness()
        let ids = try await Self.pinned(harness)
        #expect(try await harness.json("pin", "show", "eiffel tower")["id"] as? String == ids["Eiffel Tower"])
        #expect(try await harness.json("pin", "show", "kyo")["id"] as? String == ids["Kyoto"])
        let kyoto = try #require(ids["Kyoto"])
        #expect(try await harness.json("pin", "show", String(kyoto.prefix(5)))["name"] as? String == "Kyoto")
        let fetched = try await harness.json("fetch", "KYOTO")
        #expect((fetched["pin"] as? [String: Any])?["id"] as? String == kyoto)

        let ambiguous = try await harness.run("pin", "show", "eiff", expecting: 64)
        #expect(
            ambiguous.stderr
                == "tourist: \"eiff\" could be 2 pins: \(ids["Eiffel Tower"] ?? "") \"Eiffel Tower\", \(ids["Eiffel Tower Top"] ?? "") \"Eiffel Tower Top\"; type more of the name, or the id\n"
        )
        // Removing takes a whole name or id: a prefix is refused, naming the pin.
        let prefix = try await harness.run("pin", "rm", "kyo", expecting: 64)
        #expect(
            prefix.stderr
                == "tourist: \"kyo\" is only the start of \"Kyoto\" (\(kyoto)); a pin is removed only by its whole name or its id\n")
        let both = try await harness.run("pin", "rm", "eiff", expecting: 64)
        #expect(both.stderr.hasPrefix("tourist: \"eiff\" is only the start of 2 pins: "), "\(both.stderr)")
        let unknown = try await harness.run("album", "Kyotp", expecting: 65)
        #expect(
            unknown.stderr
                == "tourist: no pin \"Kyotp\" in \(harness.store). Did you mean \"Kyoto\" (\(kyoto))? Run `tourist pin list` to see the pins and their ids\n"
        )
        let far = try await harness.run("album", "Lisbon", expecting: 65)
        #expect(far.stderr == "tourist: no pin \"Lisbon\" in \(harness.store). Run `tourist pin list` to see the pins and their ids\n")
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.count == 3, "nothing was removed")
        #expect(
            try await harness.run("pin", "rm", "KYOTO").stdout.hasPrefix("Removed pin \(kyoto) \"Kyoto\""), "the whole name, in any case")
    }

    /// Runs bash's completion for `line` (the word under the cursor last) with the script tourist
    /// generates, and returns what it offers.
    static func bashCompletes(_ line: [String], harness: Harness) async throws -> [String] {
        let script = try await harness.run("--generate-completion-script", "bash").stdout
        let scriptFile = try harness.folder.write("completion.bash", script)
        let words = ([harness.tourist.path] + line).map { "'\($0)'" }.joined(separator: " ")
        let driver = try harness.folder.write(
            "drive.sh",
            """
            source '\(scriptFile)'
            COMP_WORDS=(\(words)); COMP_CWORD=\(line.count); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _tourist '\(harness.tourist.path)' "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [driver]
        process.environment = harness.tourist.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Both waits block: they run on a thread of their own, never on Swift's cooperative pool.
        let data = try await Blocking.run {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesPinNamesAndProviderNames() async throws {
        let harness = try Harness()
        let ids = try await Self.pinned(harness)
        #expect(try await Self.bashCompletes(["fetch", "Ky"], harness: harness) == ["Kyoto"])
        #expect(Set(try await Self.bashCompletes(["pin", "rm", "Eiffel"], harness: harness)) == ["Eiffel Tower", "Eiffel Tower Top"])
        #expect(
            try await Self.bashCompletes(["album", ids["Kyoto"].map { String($0.prefix(6)) } ?? ""], harness: harness) == [
                ids["Kyoto"] ?? ""
            ])

        let config = try harness.folder.write(
            "config.json", #"{"providers": [{"name": "demo", "type": "fixture"}, {"name": "mine", "type": "fixture"}]}"#)
        #expect(
            try await Self.bashCompletes(["fetch", "Kyoto", "--config", config, "--provider", ""], harness: harness) == ["demo", "mine"])
        // Another store, named on the line: its pins.
        let other = harness.folder.child("other")
        try await harness.run("pin", "add", "1", "2", "--name", "Elsewhere", "--store", other)
        #expect(try await Self.bashCompletes(["pin", "show", "--store", other, ""], harness: harness).first == "Elsewhere")
        #expect(!FileManager.default.fileExists(atPath: harness.folder.child("never")), "completing creates no store")
        #expect(try await Self.bashCompletes(["pin", "show", "--store", harness.folder.child("never"), ""], harness: harness).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: harness.folder.child("never")))
    }

    @Test(arguments: ["zsh", "fish"])
    func zshAndFishScriptsAskTouristForPinAndProviderNames(shell: String) async throws {
        let harness = try Harness()
        _ = try await Self.pinned(harness)
        let script = try await harness.run("--generate-completion-script", shell).stdout
        #expect(script.contains("---completion fetch -- positional@0"), "the script asks tourist for the pin")
        #expect(script.contains("---completion fetch -- --provider"), "and for providers")
        // What every shell's script runs: the same answer.
        let answer = try await harness.run("---completion", "fetch", "--", "positional@0", "2", "2", harness.tourist.path, "fetch", "Ky")
        #expect(answer.stdout.split(separator: "\n").contains("Kyoto"))
    }
}
