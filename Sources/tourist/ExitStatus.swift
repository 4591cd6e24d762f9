import TouristCore
import TouristServer

/// The sysexits codes tourist uses, as documented in the README.
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
    /// message; README, "Exit codes").
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

    /// The exit code when providers failed and none answered: 77 when every one refused its
    /// credentials, 75 when every one asked to slow down (running again later helps), else 69.
    static func noAnswer(_ failures: [ProviderFailure]) -> Int32 {
        if !failures.isEmpty, failures.allSatisfy(\.isUnauthorized) { return notAuthorized }
        if !failures.isEmpty, failures.allSatisfy({ $0.reason == "rate-limited" }) { return temporaryFailure }
        return unavailable
    }

    /// The code `fetch` or `new-collection` exits with after `outcome`: 0 when the album is
    /// complete (or was), or the providers had nothing (more) for it; 75 when a rerun resumes it;
    /// 69 when the photos found were unusable; for no answer, as `noAnswer` says.
    static func of(_ outcome: FetchOutcome) -> Int32 {
        guard !outcome.status.endsWell else { return ok }
        switch outcome.status {
        case .incomplete, .partlyFilled: return temporaryFailure
        case .unusable: return unavailable
        default: return noAnswer(outcome.providerFailures.filter { !$0.isNoPhotos })
        }
    }

    /// The code of a run over many pins (`fetch --all`): 0 when every pin's is, else the most
    /// serious of theirs, in the order 78, 77, 65, 73, 74, 69, 75 (a temporary failure is the
    /// least: running again resumes it).
    static func mostSerious(_ codes: [Int32]) -> Int32 {
        let order = [configError, notAuthorized, dataError, cannotCreate, ioError, unavailable, temporaryFailure]
        let failing = Set(codes.filter { $0 != ok })
        return order.first(where: failing.contains) ?? failing.min() ?? ok
    }

    /// The exit code and message for an error that ended a command.
    static func describe(_ error: any Error) -> (code: Int32, message: String) {
        switch error {
        case let failure as CommandFailure:
            return (failure.exitCode, failure.message)
        case let error as ServerError:
            return (unavailable, error.message)
        case let error as LibraryError:
            return (error.kind == .usage ? usage : unavailable, error.message)
        case let error as ConfigError:
            return (configError, "config error: \(error)")
        case let error as S3SettingsError:
            return (configError, error.description)
        case let error as GeoPointError:
            return (usage, error.message)
        case let error as InputDataError:
            return (dataError, error.message)
        case let error as StoreError:
            switch error.kind {
            case .unusable: return (cannotCreate, error.message)
            case .busy: return (temporaryFailure, error.message)
            case .io: return (ioError, error.message)
            case .newerVersion, .corrupt, .notFound, .conflict: return (dataError, error.message)
            case .unauthorized: return (notAuthorized, error.message)
            case .unavailable: return (unavailable, error.message)
            }
        case let error as ProviderError:
            if error.isUnauthorized { return (notAuthorized, error.description) }
            if error.isConfigurationProblem { return (configError, error.description) }
            if error.isNotFound { return (dataError, error.description) }
            if error.isRetryable { return (temporaryFailure, error.description) }
            return (unavailable, error.description)
        default:
            return (ioError, String(describing: error))
        }
    }
}
