import Foundation
import Testing
import TestSupport

/// With --json, however a command fails, stderr is one JSON object (`{"error": {"code",
/// "message"}, "notes": [...]}`) beside the exit code, and never prose; without --json the same
/// failures read as before.
@Suite struct JSONErrorTests {
    /// The `error` member of a run's stderr, after checking stderr is exactly one JSON object.
    func failure(_ result: TouristBinary.Result, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        code: Int?, message: String?, notes: [String]
    ) {
        let document = try result.stderrJSON()
        let error = try #require(
            document["error"] as? [String: Any], "stderr has no error: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(Set(document.keys).isSubset(of: ["error", "notes"]), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(Set(error.keys) == ["code", "message"], "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(error["code"] as? Int == Int(result.status), "the code is the exit code", sourceLocation: sourceLocation)
        return (error["code"] as? Int, error["message"] as? String, try result.stderrNotes())
    }

    @Test func aThrownErrorIsOneJSONObjectBeforeOrAfterTheCommand() async throws {
        let harness = try Harness()
        for arguments in [["pin", "show", "nope", "--json"], ["--json", "pin", "show", "nope"]] {
            let result = try await harness.run(arguments, expecting: 65)
            let said = try failure(result)
            #expect(said.message == "no pin \"nope\" in \(harness.store). Run `tourist pin list` to see the pins and their ids")
            let document = try result.stderrJSON()
            #expect(said.notes.isEmpty && document["notes"] == nil, "no notes key without notes")
            #expect(result.stdout.isEmpty)
        }
        let prose = try await harness.run("pin", "show", "nope", expecting: 65)
        #expect(prose.stderr == "tourist: no pin \"nope\" in \(harness.store). Run `tourist pin list` to see the pins and their ids\n")
    }

    @Test func theParsersUsageAndValidationErrorsAreJSONToo() async throws {
        let harness = try Harness()
        let cases: [(arguments: [String], message: String)] = [
            (["pin", "list", "--bogus", "--json"], "unknown option '--bogus'; see tourist pin list --help"),
            (["--json", "--bogus", "pin", "list"], "unknown option '--bogus'; see tourist --help"),
            (["fetch", "--json"], "name the pin to fetch (its id or name), or fetch every album not complete with --all"),
            (["album", "--json"], "name the pin whose photos to show: its id or name"),
            (["fetch", "Paris", "--provider", "--json"], "missing value for '--provider <name>'; see tourist fetch --help"),
            // validate(): the command's own checks of its arguments.
            (["pin", "add", "91", "0", "--json"], "latitude 91 is out of range; use a number from -90 to 90"),
            (["fetch", "Paris", "--count", "0", "--json"], "--count 0 is out of range; use 1 to 500"),
            (["--json", "search", "1", "2", "--radius", "0"], "--radius 0.0 is out of range; use kilometres from 0 (exclusive) to 20000"),
        ]
        for (arguments, message) in cases {
            let result = try await harness.run(arguments, expecting: 64)
            #expect(try failure(result).message == message, "tourist \(arguments.joined(separator: " ")): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        // Without --json, the same message in tourist's form: one line, no usage block.
        let prose = try await harness.run("pin", "list", "--bogus", expecting: 64)
        #expect(prose.stderr == "tourist: unknown option '--bogus'; see tourist pin list --help\n", "\(prose.stderr)")
        // Help, version and completion scripts are not errors, with --json or without.
        let version = try await harness.run("--version", "--json")
        #expect((try version.json() as? [String: Any])?["version"] as? String == "0.1.0" && version.stderr.isEmpty, "\(version.stdout)")
        #expect(try await harness.run("fetch", "--help", "--json").stdout.contains("USAGE: tourist fetch"))
        let completion = try await harness.run("--generate-completion-script", "bash")
        #expect(completion.stdout.hasPrefix("#!/bin/bash") && completion.stderr.isEmpty)
    }

    @Test func aFetchWhoseProvidersFailEndsWithTheMessageAndItsNotes() async throws {
        let harness = try Harness()
        let config = try harness.folder.write(
            "broken.json", #"{"downloads": {"retries": 0}, "providers": [{"name": "broken", "type": "fixture", "failEvery": 1}]}"#)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let failed = try await harness.run("fetch", pin, "--config", config, "--json", expecting: 69)
        let said = try failure(failed)
        #expect(said.message == "no provider could answer; run the command again later")
        #expect(
            said.notes == ["broken could not answer (a server error): fixture provider broken simulated a failure (request 1, failEvery 1)"]
        )
        #expect((try failed.json() as? [String: Any])?["pin"] != nil, "stdout still carries the album")

        // --quiet keeps the notes out; the error stays, with what its code means.
        let quiet = try await harness.run("fetch", pin, "--config", config, "--json", "--quiet", expecting: 69)
        let quietly = try failure(quiet)
        #expect(quietly.message == "no provider could answer" && quietly.notes.isEmpty, "\(quiet.stderr)")

        let prose = try await harness.run("fetch", pin, "--config", config, expecting: 69)
        #expect(
            prose.stderr == """
                tourist: broken could not answer (a server error): fixture provider broken simulated a failure (request 1, failEvery 1)
                tourist: no provider could answer; run the command again later

                """)
    }

    @Test func aProviderOverItsBudgetEndsWith75AndItsNote() async throws {
        let harness = try Harness()
        let config = try harness.folder.write("tight.json", #"{"providers": [{"name": "tight", "type": "fixture", "requestsPerHour": 1}]}"#)
        try await harness.run("search", "48.8584", "2.2945", "--count", "1", "--config", config)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let refused = try await harness.run("fetch", pin, "--config", config, "--json", expecting: 75)
        let said = try failure(refused)
        #expect(said.message == "every provider asked to slow down; run the command again later")
        #expect(
            said.notes.count == 1 && said.notes[0].hasPrefix("tight asked to slow down: tight has used its budget of 1 request per hour"),
            "\(said.notes)")
    }

    @Test func notesOfASuccessAreJSONAndAFailingVerifySaysWhy() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Paris")
        let first = try await harness.run("fetch", "Paris", "--json")
        #expect(first.stderr.isEmpty, "a command with nothing to say says nothing: \(first.stderr)")
        let again = try await harness.run("fetch", "Paris", "--json")
        #expect(try again.stderrJSON().keys.sorted() == ["notes"])
        #expect(try again.stderrNotes() == ["the album of \"Paris\" is complete; nothing to fetch (use new-collection for other photos)"])

        // A command that ends 65 after printing its report gives its reason as the message.
        let blob = try #require(harness.photoFiles().first)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: blob)
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: blob))
        let verified = try await harness.run("store", "verify", "--json", expecting: 65)
        #expect(try failure(verified).message == "the store has 1 problem; `tourist store repair` repairs them")
        #expect((try verified.json() as? [String: Any])?["ok"] as? Bool == false)
        #expect(try await harness.run("store", "verify", expecting: 65).stderr.isEmpty, "without --json the report says it all, as before")
    }

    @Test func aLongVerboseLogKeepsItsFirst1000DebugLinesAndEveryOtherLine() async throws {
        let harness = try Harness()
        let folder = harness.folder.child("photos")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 1...1005 {
            FileManager.default.createFile(atPath: "\(folder)/f\(index).jpg", contents: Data("not a photo".utf8))
        }
        let config = try harness.folder.write("many.json", #"{"providers": [{"name": "pictures", "type": "directory", "path": "photos"}]}"#)
        let prose = try await harness.run("search", "48.85", "2.29", "--config", config, "--verbose")
        let debugLines = prose.stderr.split(separator: "\n").filter { $0.hasPrefix("tourist: debug: ") }
        #expect(debugLines.count > 1005, "one per file skipped, and more")

        // Scanned anew, so the skipped files are news again (a command that reads the scan index
        // does not repeat them).
        try FileManager.default.removeItem(atPath: harness.store + "/state/pictures")
        let searched = try await harness.run("search", "48.85", "2.29", "--config", config, "--json", "--verbose")
        let notes = try searched.stderrNotes()
        let logged = notes.filter { $0.hasPrefix("debug: ") }
        // The same lines as without --json, in order (the first, the scan's time, differs).
        #expect(
            logged.count == 1000
                && Array(logged.dropFirst()) == debugLines.prefix(1000).dropFirst().map { String($0.dropFirst("tourist: ".count)) })
        #expect(notes.last == "\(debugLines.count - 1000) more debug lines left out", "\(notes.suffix(3))")
        for kept in [
            "pictures: 1005 files skipped: 1005 not images; run with --verbose for each", "pictures has no photos within the radius",
        ] {
            #expect(notes.contains(kept), "\(kept) is kept whatever the log: \(notes.suffix(3))")
        }
    }
}
