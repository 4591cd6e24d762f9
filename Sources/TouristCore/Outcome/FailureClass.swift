/// What kind of failure ended an operation, in words every front end maps on its own: the CLI to
/// an exit code (`ExitStatus`), `tourist serve` to an HTTP status (`APIError`). Every error type
/// tourist throws carries one (`ClassifiedError`), the way Hummingbird's `HTTPResponseError`
/// carries a status, so no front end compares messages or keeps a table per error type.
public enum FailureClass: String, Sendable, Equatable, CaseIterable, Encodable {
    /// The request is malformed or names something that cannot be used as asked.
    case usage
    /// What the request names does not exist (a pin, a photo).
    case notFound = "not-found"
    /// The request conflicts with what is stored (a pin name already used).
    case conflict
    /// Someone else holds what is needed (the store's lock); the same request later succeeds.
    case busy
    /// Stored or given data cannot be used as it is (a damaged index, a store from a newer tourist,
    /// a bad manifest).
    case badData = "bad-data"
    /// A file named as input does not exist or cannot be read.
    case missingInput = "missing-input"
    /// The store, or a file, cannot be created or used there.
    case cannotCreate = "cannot-create"
    /// A service the operation needs cannot answer (a provider, the store's server).
    case unavailable
    /// Credentials were refused, or none are set.
    case unauthorized
    /// A passing failure: running the same thing again later resumes it.
    case temporary
    /// The config is wrong; a user must fix it.
    case config
    /// A read or write failed.
    case io
}

/// An error that says what kind of failure it is, with a message that names the input and the fix.
/// Its `description` is its facts and its remedy in plain words; a front end that words remedies
/// its own way (the CLI, as commands) writes `facts` and then its words for `remedy`.
public protocol ClassifiedError: Error, CustomStringConvertible {
    /// The kind of failure, for the front end's exit code or HTTP status.
    var failureClass: FailureClass { get }
    /// What happened, without what to do about it.
    var facts: String { get }
    /// What to do about it, when tourist knows.
    var remedy: Remedy? { get }
}

extension ClassifiedError {
    public var facts: String { description }
    public var remedy: Remedy? { nil }

    /// `facts`, then `remedy` in plain words, as a `description` says them.
    var factsAndRemedy: String {
        remedy.map { Remedy.after(facts, $0.words) } ?? facts
    }
}

extension FailureClass {
    /// The class of any error: its own when it is a `ClassifiedError`, else `io` (an operating
    /// system or library error tourist did not foresee).
    public static func of(_ error: any Error) -> FailureClass {
        (error as? any ClassifiedError)?.failureClass ?? .io
    }
}
