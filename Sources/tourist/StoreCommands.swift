import ArgumentParser
import TouristCore

struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Verify, clean up and measure the store.",
        subcommands: [Verify.self, Collect.self, Stats.self]
    )

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-hash every blob and check every index reference; exit 65 naming each problem."
        )

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Session.run(global) { session in
                let store = try session.openStore()
                let report = try store.verify()
                if session.options.json {
                    try session.printJSON(report)
                } else {
                    var lines = ["Checked \(report.blobs) blob\(report.blobs == 1 ? "" : "s") in \(store.root)."]
                    lines += report.corrupt.map { "corrupt blob: \($0)" }
                    lines += report.missing.map { "missing blob: \($0)" }
                    lines += report.dangling.map { "dangling index entry: \($0)" }
                    if !report.orphans.isEmpty {
                        lines.append("\(report.orphans.count) orphan blob\(report.orphans.count == 1 ? "" : "s") (used by no album; `tourist store gc` removes them)")
                    }
                    lines.append(report.ok ? "OK" : "PROBLEMS FOUND: \(report.corrupt.count) corrupt, \(report.missing.count) missing, \(report.dangling.count) dangling. `tourist store gc` repairs the index; re-fetch the affected pins to restore photos.")
                    session.say(lines.joined(separator: "\n"))
                }
                return report.ok ? ExitStatus.ok : ExitStatus.dataError
            }
        }
    }

    struct Collect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gc",
            abstract: "Delete blobs no album uses and repair the index from the albums."
        )

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Session.run(global) { session in
                let report = try session.openStore().collectGarbage()
                if session.options.json {
                    try session.printJSON(report)
                } else {
                    session.say("Removed \(report.blobsRemoved) unused blob\(report.blobsRemoved == 1 ? "" : "s") (\(Format.bytes(report.bytesFreed))); rewrote \(report.referencesRewritten) reference file\(report.referencesRewritten == 1 ? "" : "s"); repaired \(report.indexEntriesRepaired) index entr\(report.indexEntriesRepaired == 1 ? "y" : "ies").")
                }
                return 0
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Count pins, photos and blobs and their sizes.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Session.run(global) { session in
                let store = try session.openStore()
                let stats = try store.statistics()
                if session.options.json {
                    try session.printJSON(stats)
                } else {
                    session.say("""
                        store:   \(store.root)
                        pins:    \(stats.pins)
                        photos:  \(stats.photos) stored, \(stats.pending) pending, \(stats.failed) failed, \(stats.rejected) rejected
                        blobs:   \(stats.blobs), \(Format.bytes(stats.blobBytes)) on disk (\(Format.bytes(stats.referencedBytes)) referenced by albums)
                        """)
                }
                return 0
            }
        }
    }
}
