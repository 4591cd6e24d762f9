import Foundation
import Testing
import TestSupport

/// The help a newcomer reads: every command and every exit code, and usage errors exit 64.
@Suite struct HelpTests {
    @Test func helpListsEveryCommandAndExitCode() async throws {
        let harness = try Harness()
        let help = try await harness.run("--help").stdout
        for command in ["pin", "fetch", "new-collection", "album", "photo", "export", "search", "providers", "config", "store"] {
            #expect(help.contains("\n  \(command) "), "--help does not list \(command)")
        }
        for code in ["0   ok", "64  usage", "65  bad input data", "69  no provider", "73  the store cannot be created", "74  I/O error", "75  temporary failure", "77  not authorized", "78  config error"] {
            #expect(help.contains(code), "--help does not explain exit \(code)")
        }
        let fetch = try await harness.run("fetch", "--help").stdout
        for option in ["--count <count>", "--provider <name>", "--size <size>", "--json", "--store <path>", "--config <path>"] {
            #expect(fetch.contains(option))
        }
        #expect(try await harness.run("--version").stdout == "0.1.0\n")
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
}
