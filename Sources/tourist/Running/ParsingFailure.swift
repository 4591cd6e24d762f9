import ArgumentParser
import Glibc

/// How tourist answers arguments ArgumentParser cannot parse (an unknown option, a missing
/// argument, a `validate()` error, an unknown command), in place of ArgumentParser's `main`:
/// one line in tourist's form, `tourist: …` (an unknown command with "did you mean",
/// `UnknownCommand`; anything else in `ParserMessage`'s words, which show how to quote a name of
/// several words), and with --json the same message as one JSON object on stderr
/// (`StderrDocument`). `--help`, `--version` and completion scripts are answered as ArgumentParser
/// answers them.
enum ParsingFailure {
    static func exit(_ error: any Error, arguments: [String]) -> Never {
        let code = Tourist.exitCode(for: error)
        guard code != .success else { Tourist.exit(withError: error) }
        let unknown = UnknownCommand.find(in: arguments)
        let status = unknown == nil ? code.rawValue : ExitStatus.usage
        let message = unknown?.message ?? ParserMessage.text(for: error, arguments: arguments)
        if wantsJSON(arguments) {
            Terminal.writeError(StderrDocument(code: status, message: message, notes: []).rendered())
        } else {
            Terminal.writeError("tourist: \(message)\n")
        }
        Glibc.exit(status)
    }

    /// Whether `--json` was given (before a `--` that ends the options).
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }
}
