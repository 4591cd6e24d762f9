import Foundation
import Glibc

/// A yes/no question asked on the terminal: on stderr, answered on stdin, only when both are a
/// terminal (someone is there to answer) and the output is not --json. The safe answer is the
/// default: anything but "y" or "yes", or no answer at all, is no.
enum Prompt {
    /// Whether someone at a terminal can be asked.
    static func canAsk(_ session: Session) -> Bool {
        !session.options.json && isatty(STDIN_FILENO) == 1 && Terminal.stderrIsTerminal
    }

    /// Asks `question` ("… replace 21 photos with 1?") with ` [y/N] ` and reads the answer; false
    /// without asking when no one can answer.
    static func yes(to question: String, session: Session) -> Bool {
        guard canAsk(session) else { return false }
        Terminal.writeError("\(question) [y/N] ")
        guard let answer = readLine(strippingNewline: true) else {
            Terminal.writeError("\n")
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
