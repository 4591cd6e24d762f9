import Foundation
import Synchronization

/// Everything a command says on stderr besides its progress bar: notes, log lines and the error
/// that ended it.
///
/// Without --json each line is written at once as `tourist: …`. With --json stderr carries at most
/// one JSON object, written when the command ends (see `StderrDocument`): the lines are gathered
/// until then, and a failure becomes `{"error": {"code", "message"}, "notes": [...]}` so scripts
/// never parse prose.
final class StderrChannel: Sendable {
    /// The most lines gathered for one JSON object (a long `serve --json --verbose` must not hold
    /// its whole log); later ones are counted, not kept.
    static let maxGatheredLines = 1000

    private struct Gathered {
        /// What was said, in order; `isNote` marks a command's own notes (not log lines).
        var lines: [(text: String, isNote: Bool)] = []
        var leftOut = 0
        /// What the command said its failure was, when it ends with a non-zero code after output.
        var failure: String?
    }

    let json: Bool
    let quiet: Bool
    private let gathered = Mutex(Gathered())

    init(json: Bool, quiet: Bool) {
        self.json = json
        self.quiet = quiet
    }

    /// A note to the user, unless --quiet.
    func note(_ text: String) {
        guard !quiet else { return }
        say(text, isNote: true)
    }

    /// A line said even with --quiet: a log line (the logger has already filtered it by level), or
    /// what `serve` says while it runs.
    func line(_ text: String) {
        say(text, isNote: false)
    }

    /// What the command's failure was, for a command that ends with a non-zero code after its
    /// output said why (`store verify`'s problems): the JSON error's message. Without --json
    /// nothing more is printed.
    func failing(because message: String) {
        gathered.withLock { $0.failure = message }
    }

    /// The command ended with `code` without an error thrown: with --json, its notes, or its
    /// failure: the message is what it said through `failing(because:)`, else its last note,
    /// else what the code means.
    func finish(code: Int32) {
        guard json else { return }
        var (lines, failure) = gathered.withLock { (Self.texts($0), $0.failure) }
        guard code != 0 else {
            if !lines.isEmpty { write(StderrDocument(notes: lines.map(\.text))) }
            return
        }
        if failure == nil, let last = lines.lastIndex(where: \.isNote) {
            failure = lines.remove(at: last).text
        }
        write(StderrDocument(code: code, message: failure ?? ExitStatus.meaning(of: code), notes: lines.map(\.text)))
    }

    /// The command ended with an error: `message` on stderr, or with --json the error object.
    func finish(code: Int32, error message: String) {
        guard json else {
            Terminal.writeError("tourist: \(message)\n")
            return
        }
        let lines = gathered.withLock { Self.texts($0) }
        write(StderrDocument(code: code, message: message, notes: lines.map(\.text)))
    }

    private func say(_ text: String, isNote: Bool) {
        guard json else {
            Terminal.writeError("tourist: \(text)\n")
            return
        }
        gathered.withLock { state in
            if state.lines.count < Self.maxGatheredLines {
                state.lines.append((text, isNote))
            } else {
                state.leftOut += 1
            }
        }
    }

    /// The gathered lines, with a last one counting those left out.
    private static func texts(_ state: Gathered) -> [(text: String, isNote: Bool)] {
        state.leftOut == 0 ? state.lines : state.lines + [("\(state.leftOut) more lines left out", false)]
    }

    private func write(_ document: StderrDocument) {
        Terminal.writeError(document.rendered())
    }
}
