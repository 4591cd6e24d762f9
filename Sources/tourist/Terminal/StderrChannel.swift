import Foundation
import TouristCore
import Synchronization

/// Everything a command says on stderr besides its progress bar: notes, log lines and the error
/// that ended it.
///
/// Without --json each line is written at once as `tourist: …`. With --json stderr carries at most
/// one JSON object, written when the command ends (see `StderrDocument`): the lines are gathered
/// until then, and a failure becomes `{"error": {"code", "message"}, "notes": [...]}` so scripts
/// never parse prose.
final class StderrChannel: Sendable {
    /// The most `--verbose` details gathered for one JSON object (a long `serve --json --verbose`
    /// must not hold its whole log); later ones are counted, not kept. Other lines are all kept.
    static let maxDetails = 1000

    /// What a gathered line is.
    private enum Kind {
        /// A command's own note: the last one is the message of a failure that said nothing else.
        case note
        /// A warning or a notice, kept whatever --quiet says.
        case line
        /// A `--verbose` detail (a debug log line).
        case detail
    }

    private struct Gathered {
        var lines: [(text: String, kind: Kind)] = []
        var details = 0
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
        say(text, .note)
    }

    /// A line said even with --quiet: a log message above debug level (the logger filters by
    /// level), or what `serve` says while it runs.
    func line(_ text: String) {
        say(text, .line)
    }

    /// A debug log line (`--verbose`).
    func detail(_ text: String) {
        say(text, .detail)
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
        if failure == nil, let last = lines.lastIndex(where: { $0.kind == .note }) {
            failure = lines.remove(at: last).text
        }
        write(StderrDocument(code: code, message: failure ?? ExitStatus.meaning(of: code), notes: lines.map(\.text)))
    }

    /// The command ended with an error: `message` on stderr, or with --json the error object.
    func finish(code: Int32, error message: String) {
        guard json else {
            Terminal.writeError("tourist: \(TerminalText.escaped(message, keepingLineBreaks: true))\n")
            return
        }
        let lines = gathered.withLock { Self.texts($0) }
        write(StderrDocument(code: code, message: message, notes: lines.map(\.text)))
    }

    /// A note, line or detail is one line: a line break in it came from outside (a photo's id in a
    /// note) and is shown escaped, as every other control character.
    private func say(_ text: String, _ kind: Kind) {
        guard json else {
            Terminal.writeError("tourist: \(TerminalText.escaped(text))\n")
            return
        }
        gathered.withLock { state in
            guard kind == .detail else { return state.lines.append((text, kind)) }
            if state.details < Self.maxDetails {
                state.details += 1
                state.lines.append((text, kind))
            } else {
                state.leftOut += 1
            }
        }
    }

    /// The gathered lines, with a last one counting the details left out.
    private static func texts(_ state: Gathered) -> [(text: String, kind: Kind)] {
        state.leftOut == 0 ? state.lines : state.lines + [("\(state.leftOut) more debug lines left out", .line)]
    }

    private func write(_ document: StderrDocument) {
        Terminal.writeError(document.rendered())
    }
}
