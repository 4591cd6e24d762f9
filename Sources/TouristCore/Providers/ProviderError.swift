import Foundation

/// A provider's failure, classified so the router and the CLI decide retry, fallback and exit code
/// without parsing strings. New kinds can be added without breaking callers, who ask the
/// classification (`isRetryable`, `isUnauthorized`, …) rather than switching on the kind.
public struct ProviderError: ClassifiedError, RetryClassified, Sendable, Equatable {
    /// What went wrong; `ProviderFailure.Reason` is made from it.
    enum Code: Equatable, Sendable {
        /// What passes: as the HTTP layer classifies it, whether HTTP or the provider found it.
        case transient(TransientFailure)
        case unauthorized
        case missingCredentials
        case outOfService
        case invalidResponse
        case notFound
        case invalidConfiguration
        case tooLarge
    }

    let code: Code
    /// What went wrong, in words a user can act on; never contains a secret.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The credentials were refused: retrying will not help, fixing the key will.
    public static func unauthorized(_ message: String) -> Self { .init(.unauthorized, message) }
    /// No credentials are configured (Flickr without an API key): the provider is not set up yet, so
    /// commands pass it by quietly while others answer. Classified as `unauthorized`.
    public static func missingCredentials(_ message: String) -> Self { .init(.missingCredentials, message) }
    /// The provider asked to slow down; `retryAfter` seconds when it said.
    public static func rateLimited(retryAfter: Double?, _ message: String) -> Self {
        .init(.transient(.rateLimited(retryAfter: retryAfter)), message)
    }
    /// The provider could not answer now (down, unreachable, failing); trying later may work.
    public static func unavailable(_ message: String) -> Self { .init(.transient(.unavailable), message) }
    /// The provider's host could not be reached at all: its name did not resolve, or it refused the
    /// connection (offline, a typo in a URL, a server that is down); `cause` says which. Retryable,
    /// but not soon: `RetryPolicy` does not repeat it at once, and the router leaves the provider
    /// alone for a while when another one can answer (`UnreachableCooldown`). Reported as
    /// `unavailable`.
    public static func unreachable(host: String, _ message: String, cause: Unreachable = .couldNotConnect) -> Self {
        .init(.transient(.unreachable(host: host, cause)), message)
    }

    /// Why a host could not be reached: as the HTTP layer found.
    public typealias Unreachable = TransientFailure.Unreachable
    /// The provider stopped working for the rest of this command (a plugin that broke down too many
    /// times): retrying now cannot help, the next command starts it afresh. Reported as `unavailable`.
    public static func outOfService(_ message: String) -> Self { .init(.outOfService, message) }
    /// The provider did not answer in time.
    public static func timedOut(_ message: String) -> Self { .init(.transient(.timedOut), message) }
    /// The provider answered with something that is not what its protocol promises.
    public static func invalidResponse(_ message: String) -> Self { .init(.invalidResponse, message) }
    /// The photo or size asked for does not exist.
    public static func notFound(_ message: String) -> Self { .init(.notFound, message) }
    /// The provider's own configuration or data set is wrong; a user must fix it.
    public static func invalidConfiguration(_ message: String) -> Self { .init(.invalidConfiguration, message) }
    /// The photo is larger than `downloads.maxPhotoBytes`.
    public static func tooLarge(_ message: String) -> Self { .init(.tooLarge, message) }

    /// What passes, when it does: rate limits, unavailability, unreachable hosts, time-outs (see
    /// `RetryClassified`: `isRetryable`, `retryAfter`, `unreachableHost`, …).
    public var transient: TransientFailure? {
        if case .transient(let failure) = code { return failure }
        return nil
    }

    /// Bad or missing credentials.
    public var isUnauthorized: Bool { code == .unauthorized || code == .missingCredentials }
    /// No credentials are configured at all (a subset of `isUnauthorized`).
    public var isMissingCredentials: Bool { code == .missingCredentials }
    /// The provider's configuration or data must be fixed by the user.
    public var isConfigurationProblem: Bool { code == .invalidConfiguration }
    /// The thing asked for does not exist.
    public var isNotFound: Bool { code == .notFound }
    /// The answer was larger than the most the request would read.
    public var isTooLarge: Bool { code == .tooLarge }
    /// The provider stopped working for the rest of this command; the next command may succeed.
    public var isOutOfService: Bool { code == .outOfService }

    /// A one-word classification for messages and JSON: `unauthorized`, `rate-limited`, … (the
    /// name of its `ProviderFailure.Reason`).
    public var kind: String { ProviderFailure.Reason(self).rawValue }

    public var description: String { "\(kind): \(message)" }

    /// Refused or missing credentials are `unauthorized`, a wrong provider config `config`, a photo
    /// that does not exist `notFound`, one too large `badData`; what may pass (rate limits, time-outs,
    /// a provider down or unreachable) is `temporary`; the rest (a provider that answers nonsense or
    /// broke down for this command, a photo too large) `unavailable`.
    public var failureClass: FailureClass {
        switch code {
        case .unauthorized, .missingCredentials: .unauthorized
        case .invalidConfiguration: .config
        case .notFound: .notFound
        case .transient: .temporary
        case .invalidResponse, .outOfService, .tooLarge: .unavailable
        }
    }
}
