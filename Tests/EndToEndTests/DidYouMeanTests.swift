import Foundation
import Testing
import TestSupport

/// A mistyped command is named, with the command it probably meant, at any depth; a word near no
/// command lists the commands there are. Usage errors: exit 64, nothing written.
@Suite struct DidYouMeanTests {
    @Test func aMistypedCommandGetsTheNearestOne() async throws {
        let harness = try Harness()
        let cases: [(arguments: [String], says: String)] = [
            (["fecth", "Paris"], #"tourist: unknown command "fecth". Did you mean "fetch"?"#),
            (["Fetch", "Paris"], #"tourist: unknown command "Fetch". Did you mean "fetch"?"#),
            (["pin", "lsit"], #"tourist: unknown command "pin lsit". Did you mean "pin list"?"#),
            (["store", "verfiy", "--quick"], #"tourist: unknown command "store verfiy". Did you mean "store verify"?"#),
            (["providers", "tset", "demo"], #"tourist: unknown command "providers tset". Did you mean "providers test"?"#),
            // Global options before the command do not hide it.
            (
                ["--store", harness.folder.child("other"), "serch", "48.8", "2.3"],
                #"tourist: unknown command "serch". Did you mean "search"?"#
            ),
        ]
        for (arguments, says) in cases {
            let result = try await harness.run(arguments, expecting: 64)
            #expect(result.stderr == says + "\n", "tourist \(arguments.joined(separator: " "))")
            #expect(result.stdout.isEmpty)
        }
        // With --json (here between the words), the same message as the error object.
        let json = try await harness.run(["--store", harness.folder.child("other"), "pin", "--json", "-q", "lsit"], expecting: 64)
        #expect(
            (try json.stderrJSON()["error"] as? [String: Any])?["message"] as? String
                == #"unknown command "pin lsit". Did you mean "pin list"?"#, "\(json.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.store), "a usage error writes nothing")
        #expect(!FileManager.default.fileExists(atPath: harness.folder.child("other")))
    }

    @Test func aWordNearNoCommandListsTheCommands() async throws {
        let harness = try Harness()
        let top = try await harness.run("frobnicate", "Paris", expecting: 64)
        #expect(
            top.stderr
                == "tourist: unknown command \"frobnicate\". The commands are: pin, fetch, new-collection, album, photo, export, search, serve, providers, config, store, fixture; see tourist --help\n"
        )
        let nested = try await harness.run("pin", "teleport", expecting: 64)
        #expect(
            nested.stderr
                == "tourist: unknown command \"pin teleport\". The pin commands are: add, list, show, edit, rm, import, export; see tourist pin --help\n"
        )
        // A command word that is right: what follows it is said in tourist's form.
        let extra = try await harness.run("pin", "list", "extra", expecting: 64)
        #expect(extra.stderr == "tourist: unexpected argument 'extra'; see tourist pin list --help\n", "\(extra.stderr)")
    }

    /// A mistyped pin is answered with the pin it probably means wherever a PIN is taken, and a
    /// mistyped provider with the provider.
    @Test func mistypedPinsAndProvidersAreNamedWithTheNearestOne() async throws {
        let harness = try Harness()
        let paris = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)
        for command in [["pin", "show"], ["album"], ["fetch"], ["new-collection"], ["pin", "edit"], ["export"]] {
            let arguments =
                command + ["Parsi"]
                + (command == ["pin", "edit"] ? ["--radius", "2"] : command == ["export"] ? [harness.folder.child("out")] : [])
            let result = try await harness.run(arguments, expecting: 65)
            #expect(
                result.stderr.contains("no pin \"Parsi\" in \(harness.store). Did you mean \"Paris\" (\(paris))?"),
                "\(command): \(result.stderr)")
        }
        for command in [["search", "48.8584", "2.2945"], ["fetch", "Paris"]] {
            let result = try await harness.run(command + ["--provider", "dmeo"], expecting: 64)
            #expect(
                result.stderr == "tourist: no provider named \"dmeo\" in built-in config. Did you mean \"demo\"? Configured: demo\n",
                "\(command): \(result.stderr)")
        }
    }
}
