import ArgumentParser
import TouristCore

struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Verify, repair, clean up and measure the store.",
        subcommands: [Verify.self, Repair.self, Collect.self, Stats.self, StoreCopyCommand.self]
    )

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every index file and re-hash every blob; exit 65 naming each problem and the command that repairs it."
        )

        @OptionGroup var global: GlobalOptions
        @Flag(
            name: .long,
            help:
                "Check the structure only: every album, the pin list and names, and that every blob an album uses is there and has a reference file, without re-hashing blobs or reading reference files."
        )
        var quick = false

        func run() async throws {
            try await Session.run(global) { session in
                let store = try session.openStore()
                let report = try store.verify(quick: quick)
                if session.options.json {
                    try session.printJSON(report)
                } else {
                    var lines = [
                        "Checked \(Plural.count(report.blobs, "blob"))\(quick ? " (present, not re-hashed)" : "") and the index in \(store.location)."
                    ]
                    for problem in report.problems {
                        lines.append("problem: \(problem.what)\n  repair: \(problem.repair)")
                    }
                    if report.leftoverPinEntries > 0 {
                        lines.append(
                            "\(Plural.count(report.leftoverPinEntries, "pin list entry names a pin", "pin list entries name pins")) removed by an interrupted `pin rm` (harmless, not listed; `tourist store gc` rewrites the list)"
                        )
                    }
                    if report.unfinishedImports > 0 {
                        lines.append(
                            "\(Plural.count(report.unfinishedImports, "pin import is", "pin imports are")) under way or stopped midway (its pins are not listed until it commits; `tourist store gc` finishes or undoes one stopped)"
                        )
                    }
                    if report.extraReferences > 0 {
                        lines.append(
                            "\(Plural.count(report.extraReferences, "blob reference file lists", "blob reference files list")) photos that no longer use the blob (left by an interrupted command, harmless; `tourist store gc` rewrites them)"
                        )
                    }
                    if report.killedWrites > 0 {
                        lines.append(
                            "\(Plural.count(report.killedWrites, "temporary file")) left by writes killed midway (hidden, harmless; `tourist store gc` removes them)"
                        )
                    }
                    if let first = report.foreignKeys.first {
                        lines.append(
                            "\(Plural.count(report.foreignKeys.count, "key")) under index/albums/ that tourist does not write, so not albums (ignored, left as \(Plural.word(report.foreignKeys.count, "it is", "they are"))): \(TerminalText.escaped(first))\(report.foreignKeys.count > 1 ? " and \(report.foreignKeys.count - 1) more" : "")"
                        )
                    }
                    if report.derivedToRemake > 0 {
                        lines.append(
                            "\(Plural.count(report.derivedToRemake, "thumbnail or preview", "thumbnails and previews")) missing or damaged (no damage: `tourist store repair` makes \(Plural.word(report.derivedToRemake, "it", "them")) again from the photos, as showing the photo does)"
                        )
                    }
                    if !report.orphans.isEmpty {
                        lines.append(
                            "\(Plural.count(report.orphans.count, "orphan blob")) (used by no album, harmless; `tourist store gc` removes them)"
                        )
                    }
                    lines.append(
                        report.ok
                            ? "OK"
                            : "PROBLEMS FOUND: \(report.problems.count). `tourist store repair` repairs them all and says what was lost; then `tourist fetch PIN` restores the photos it lists."
                    )
                    session.say(lines.joined(separator: "\n"))
                }
                guard report.ok else {
                    let count = report.problems.count
                    session.stderr.failing(because: "the store has \(Plural.count(count, "problem")); `tourist store repair` repairs them")
                    return ExitStatus.dataError
                }
                return ExitStatus.ok
            }
        }
    }

    struct Repair: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Repair what `store verify` finds, setting damaged files aside in quarantine/; never deletes a good blob."
        )

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Session.run(global) { session in
                let store = try session.openStore(rewritingDamagedVersion: true)
                var report = try store.repair()
                if store.repairedVersion {
                    report.actions.insert("VERSION was missing or damaged: written again (format \(Store.formatVersion))", at: 0)
                }
                if session.options.json {
                    try session.printJSON(report)
                } else {
                    var lines =
                        report.actions.isEmpty ? ["Nothing to repair in \(store.location)."] : report.actions.map { "repaired: \($0)" }
                    lines += report.lost.map { "lost: \($0)" }
                    if !report.pinsToFetch.isEmpty {
                        lines.append("Next: " + report.pinsToFetch.map { "tourist fetch \($0)" }.joined(separator: "; "))
                    }
                    session.say(lines.joined(separator: "\n"))
                }
                return 0
            }
        }
    }

    struct Collect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gc",
            abstract: "Delete blobs no album uses and repair the index from the albums."
        )

        @OptionGroup var global: GlobalOptions
        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp(
                "Keep unused blobs younger than this many seconds (default: 0 in a folder, 3600 on S3, where another machine's upload may not be in its album yet).",
                valueName: "seconds"))
        var grace: Double?

        func run() async throws {
            try await Session.run(global) { session in
                if let grace, !(grace >= 0) { throw CommandFailure.usage("--grace \(grace) is not a number of seconds; use 0 or more") }
                let report = try session.openStore().collectGarbage(gracePeriod: grace)
                if session.options.json {
                    try session.printJSON(report)
                } else {
                    session.say(
                        "Removed \(Plural.count(report.blobsRemoved, "unused blob")) (\(Format.bytes(report.bytesFreed))); rewrote \(Plural.count(report.referencesRewritten, "reference file")); repaired \(Plural.count(report.indexEntriesRepaired, "index entry", "index entries"))\(report.killedWritesRemoved > 0 ? "; removed \(Plural.count(report.killedWritesRemoved, "temporary file")) of killed writes" : "")."
                    )
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
                    session.say(
                        """
                        store:   \(store.location)
                        pins:    \(stats.pins)\(stats.damagedAlbums > 0 ? " (and \(stats.damagedAlbums) whose album file cannot be read: run `tourist store repair`)" : "")
                        photos:  \(stats.photos) stored, \(stats.pending) pending, \(stats.failed) failed, \(stats.rejected) rejected
                        blobs:   \(stats.blobs), \(Format.bytes(stats.blobBytes)) on disk (\(Format.bytes(stats.referencedBytes)) referenced by albums)
                        derived: \(stats.derived) thumbnails and previews among them, \(Format.bytes(stats.derivedBytes)) (made from the photos, made again when lost)
                        """)
                }
                return 0
            }
        }
    }
}
