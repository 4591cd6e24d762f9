import Foundation
import Testing
import TestSupport

/// A plugin type whose program is where plugins are often put, `~/.local/bin` or the config's
/// folder, but not on PATH: the config error names the program and both fixes, and each fix works.
extension PluginEndToEndTests {
    @Test(arguments: ["home/.local/bin", "conf"])
    func aPluginOffPathIsNamedWithTheFix(place: String) async throws {
        let folder = harness.folder.child(place)
        let program = folder + "/tourist-provider-csv"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: program, withDestinationPath: Self.examples + "/csv/tourist-provider-csv")
        let sample = Self.examples + "/csv/sample.csv"
        var tourist = harness.tourist
        tourist.environment["PATH"] = "/usr/bin:/bin"
        let config = try harness.folder.write(
            "conf/config.json", #"{"providers": [{"name": "walks", "type": "csv", "file": "\#(sample)"}]}"#)

        let refused = try await tourist.run(["config", "check", "--config", config], in: harness.folder.path)
        #expect(refused.status == 78)
        #expect(
            refused.stderr == """
                tourist: config error: \(config): providers[0].type: unknown provider type "csv": \(program) would serve it, but \(folder) is not on PATH. \
                Add that folder to PATH (export PATH="\(folder):$PATH", in your shell's profile to keep it), or run the plugin by its path: \
                "type": "exec", "command": ["\(program)"].

                """, "\(refused.stderr)"
        )
        let search = try await tourist.run(["search", "48.8584", "2.2945", "--config", config], in: harness.folder.path)
        #expect(search.status == 78 && search.stderr == refused.stderr, "every command says the same: \(search.stderr)")

        // Either fix works.
        var onPath = tourist
        onPath.environment["PATH"] = folder + ":/usr/bin:/bin"
        let found = try await onPath.run(["config", "check", "--config", config], in: harness.folder.path)
        #expect(found.status == 0, "\(found.stderr)")
        let exec = try harness.folder.write(
            "conf/exec.json", #"{"providers": [{"name": "walks", "type": "exec", "command": ["\#(program)"], "file": "\#(sample)"}]}"#)
        let byPath = try await tourist.run(["config", "check", "--config", exec], in: harness.folder.path)
        #expect(byPath.status == 0, "\(byPath.stderr)")
    }

    @Test func aTypeWithNoProgramAnywhereKeepsTheUsualMessage() async throws {
        // Not executable, so not a program: the message stays the one for an unknown type.
        try harness.folder.write("conf/tourist-provider-csvv", "#!/bin/sh\n")
        var tourist = harness.tourist
        tourist.environment["PATH"] = "/usr/bin:/bin"
        let config = try harness.folder.write("conf/config.json", #"{"providers": [{"type": "csvv"}]}"#)
        let refused = try await tourist.run(["config", "check", "--config", config], in: harness.folder.path)
        #expect(refused.status == 78)
        #expect(
            refused.stderr.hasSuffix(
                #"providers[0].type: unknown provider type "csvv". Use one of: flickr, commons, fixture, directory, exec, or install a plugin as tourist-provider-csvv on PATH."#
                    + "\n"), "\(refused.stderr)")
    }
}
