import ArgumentParser
import Glibc

/// How tourist answers arguments ArgumentParser cannot parse (an unknown option, a missing
/// argument, a `validate()` error, an unknown command), in place of ArgumentParser's `main`:
/// an unknown command gets "did you mean" (`UnknownCommand`), and with --json the failure is one
/// JSON object on stderr (`StderrDocument`), never prose. `--help`, `--version` and completion
/// scripts are answered as ArgumentParser answers them.
enum ParsingFailure {
    static func exit(_ error: any Error, arguments: [String]) -> Never {
        let code = Tourist.exitCode(for: error)
        guard code != .success else { Tourist.exit(withError: error) }
        let unknown = UnknownCommand.find(in: arguments)
        let status = unknown == nil ? code.rawValue : ExitStatus.usage
        if wantsJSON(arguments) {
            let message = unknown?.message ?? Tourist.message(for: error)
            Terminal.writeError(StderrDocument(code: status, message: message, notes: []).rendered())
            Glibc.exit(status)
        }
        guard let unknown else { Tourist.exit(withError: error) }
        Terminal.writeError("tourist: \(unknown.message)\n")
        Glibc.exit(status)
    }

    /// Whether `--json` was given (before a `--` that ends the options).
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }
}
