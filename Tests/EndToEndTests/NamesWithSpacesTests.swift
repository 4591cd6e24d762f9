import Foundation
import Testing
import TestSupport

/// A pin's name of several words, typed without quotes, and every argument the parser refuses,
/// said in tourist's form (issue 33, "Names with spaces").
@Suite struct NamesWithSpacesTests {
    /// Each command that takes one pin and nothing after it takes the words as one name.
    @Test func aNameOfSeveralWordsNeedsNoQuotesWhereOnePinIsTaken() async throws {
        let harness = try Harness()
        let id = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")["id"] as? String)
        let fetched = try await harness.run("fetch", "Eiffel", "Tower", "--count", "3")
        #expect(fetched.stdout.hasPrefix("Eiffel Tower (\(id)): ready, 3 photos."), "\(fetched.stdout)")
        #expect(try await harness.json("album", "Eiffel", "Tower").photos.count == 3)
        #expect(try await harness.json("pin", "show", "eiffel", "tower")["id"] as? String == id, "in any case, as one name")
        // Options before, between and after the words.
        #expect(try await harness.json("pin", "edit", "Eiffel", "--radius", "7", "Tower")["radiusKm"] as? Double == 7)
        try await harness.run("new-collection", "--count", "3", "Eiffel", "Tower")
        // Words that name no pin are answered as one name, with the pin probably meant.
        let missing = try await harness.run("fetch", "Eiffel", "Towr", expecting: 65)
        #expect(missing.stderr.hasPrefix("tourist: no pin \"Eiffel Towr\""), "\(missing.stderr)")
        #expect(missing.stderr.contains("Did you mean \"Eiffel Tower\" (\(id))?"), "\(missing.stderr)")
        // An option's value of two words, unquoted: its second word was read into the pin's name.
        let renamed = try await harness.run("pin", "edit", "Eiffel", "Tower", "--name", "La", "Tour", expecting: 64)
        #expect(
            renamed.stderr
                == "tourist: no pin \"Eiffel Tower Tour\": \"Tour\" was read as part of the pin's name, not of --name La; a value of several words is one argument: quote it, as in tourist pin edit Eiffel Tower --name 'La Tour'\n",
            "\(renamed.stderr)")
        #expect(try await harness.json("pin", "show", id)["name"] as? String == "Eiffel Tower", "nothing renamed")
    }

    /// Where a command takes more than a pin, the words that parse once joined are shown quoted.
    @Test func aNameThatMustBeQuotedIsShownQuoted() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")
        let out = harness.folder.child("out")
        let export = try await harness.run("export", "Eiffel", "Tower", out, expecting: 64)
        #expect(
            export.stderr
                == "tourist: unexpected argument '\(out)'; a name of several words is one argument: quote it, as in tourist export 'Eiffel Tower' \(out)\n",
            "\(export.stderr)")
        let remove = try await harness.run("photo", "rm", "Eiffel", "Tower", "demo:paris-1", expecting: 64)
        #expect(remove.stderr.hasPrefix("tourist: \"Eiffel Tower\" is a pin ("), "\(remove.stderr)")
        #expect(remove.stderr.hasSuffix("quote it, as in tourist photo rm 'Eiffel Tower' demo:paris-1\n"), "\(remove.stderr)")
        // With --json, the same message as the one JSON object on stderr.
        let json = try await harness.run("export", "Eiffel", "Tower", out, "--json", expecting: 64)
        let error = try #require(try json.stderrJSON()["error"] as? [String: Any])
        #expect(error["message"] as? String == String(export.stderr.dropFirst("tourist: ".count).dropLast()))
        #expect(!FileManager.default.fileExists(atPath: out), "nothing exported")
        // Arguments that parse, but whose words name a pin only together.
        let id = try #require(try await harness.json("pin", "show", "Eiffel Tower")["id"] as? String)
        let folderless = try await harness.run("export", "Eiffel", "Tower", expecting: 64)
        #expect(
            folderless.stderr
                == "tourist: \"Eiffel Tower\" is a pin (\(id)), typed here as separate words, so \"Tower\" would be the folder; a name of several words is one argument: quote it and name the folder, as in tourist export 'Eiffel Tower' FOLDER\n",
            "\(folderless.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.folder.child("Tower")), "nothing exported")
        let rm = try await harness.run("pin", "rm", "Eiffel", "Tower", expecting: 64)
        #expect(
            rm.stderr
                == "tourist: \"Eiffel Tower\" is a pin (\(id)), typed here as 2 separate words; a name of several words is one argument: quote it, as in tourist pin rm 'Eiffel Tower'\n",
            "\(rm.stderr)")
        #expect(try await harness.json("pin", "show", id)["name"] as? String == "Eiffel Tower", "nothing removed")
        try await harness.run("pin", "rm", "Eiffel Tower")
    }

    /// Every error ArgumentParser finds is one line in tourist's form, exit 64, pointing to the
    /// command's help; with --json, that line is the error's message.
    @Test func everyParserErrorIsSaidInTouristsForm() async throws {
        let harness = try Harness()
        let cases: [(arguments: [String], said: String)] = [
            (["pin", "list", "--bogus"], "unknown option '--bogus'; see tourist pin list --help"),
            (["fetch", "Paris", "--provider"], "missing value for '--provider <name>'; see tourist fetch --help"),
            (["pin", "list", "--sort", "size"], "the value 'size' is invalid for '--sort <order>'"),
            (["search", "Kyoto", "--count", "many"], "the value 'many' is invalid for '--count <count>'"),
            (["store", "stats", "extra"], "unexpected argument 'extra'; see tourist store stats --help"),
            (["photo", "get"], "missing expected argument '<photo>'; see tourist photo get --help"),
        ]
        for (arguments, said) in cases {
            let prose = try await harness.run(arguments, expecting: 64)
            #expect(prose.stderr.hasPrefix("tourist: \(said)"), "tourist \(arguments.joined(separator: " ")): \(prose.stderr)")
            #expect(prose.stderr.hasSuffix("--help\n") && prose.stderr.split(separator: "\n").count == 1, "\(prose.stderr)")
            #expect(!prose.stderr.contains("Error:") && !prose.stderr.contains("Usage:"), "\(prose.stderr)")
            let json = try await harness.run(arguments + ["--json"], expecting: 64)
            let error = try #require(try json.stderrJSON()["error"] as? [String: Any], "\(json.stderr)")
            #expect(error["message"] as? String == String(prose.stderr.dropFirst("tourist: ".count).dropLast()), "\(json.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: harness.store), "a usage error writes nothing")
    }
}
