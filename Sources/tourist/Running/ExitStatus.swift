import TouristCore
import TouristServer

/// The sysexits codes tourist uses, as documented in docs/commands.md ("Exit codes").
enum ExitStatus {
    static let ok: Int32 = 0
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let unavailable: Int32 = 69
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
    static let temporaryFailure: Int32 = 75
    static let notAuthorized: Int32 = 77
    static let configError: Int32 = 78

    /// What an exit code means, for a failure that said nothing more (with --json, the error's
    /// message; docs/commands.md, "Exit codes").
    static func meaning(of code: Int32) -> String {
        switch code {
        case usage: "usage error"
        case dataError: "bad input data"
        case unavailable: "no provider could answer"
        case cannotCreate: "the store or a file cannot be created"
        case ioError: "an I/O error"
        case temporaryFailure: "a temporary failure; run the command again to resume"
        case notAuthorized: "not authorized: every failing provider refused its credentials or has none"
        case configError: "config error"
        default: "failed with exit code \(code)"
        }
    }

    /// The code `fetch` or `new-collection` exits with after `report`: 0 when it ended well, else
    /// its failure class's.
    static func of(_ report: FetchReport) -> Int32 {
        report.failureClass.map(code(for:)) ?? ok
    }

    /// The code of a run over many pins (`fetch --all`): 0 when every pin's is, else the most
    /// serious of theirs, in the order 78, 77, 65, 73, 74, 69, 75 (a temporary failure is the
    /// least: running again resumes it).
    static func mostSerious(_ codes: [Int32]) -> Int32 {
        let order = [configError, notAuthorized, dataError, cannotCreate, ioError, unavailable, temporaryFailure]
        let failing = Set(codes.filter { $0 != ok })
        return order.first(where: failing.contains) ?? failing.min() ?? ok
    }

    /// The exit code for a failure of `failureClass` (docs/commands.md, "Exit codes").
    static func code(for failureClass: FailureClass) -> Int32 {
        switch failureClass {
        case .usage: usage
        case .notFound, .conflict, .badData: dataError
        case .missingInput: noInput
        case .cannotCreate: cannotCreate
        case .unavailable: unavailable
        case .unauthorized: notAuthorized
        case .busy, .temporary: temporaryFailure
        case .config: configError
        case .io: ioError
        }
    }

    /// The exit code and message for an error that ended a command.
    static func describe(_ error: any Error) -> (code: Int32, message: String) {
        let message =
            switch error {
            case let error as ConfigError: "config error: \(RemedyCommands.message(error))"
            case let error as any ClassifiedError: RemedyCommands.message(error)
            default: String(describing: error)
            }
        return (code(for: .of(error)), message)
    }
}
