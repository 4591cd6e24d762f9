import Foundation

/// A request that got no usable answer, classified so the caller decides retry without parsing
/// strings: what `HTTPClient` throws. Each user of HTTP words it in its own layer's error: providers
/// as a `ProviderError` of the same class, the S3 store as a `StoreError`, the geocoder as a
/// `GeocoderError`. Its message never holds the request's query string, where API keys travel.
public struct HTTPError: RetryClassified, ClassifiedError, Sendable, Equatable {
    /// What went wrong, as `HTTPOutcome` classifies a status or a transport failure.
    public enum Code: Equatable, Sendable {
        /// What passes: 429 or a 503 with a Retry-After (`rateLimited`), 408, other 5xx, a reset
        /// connection, a truncated body (`unavailable`), a name that does not resolve or a
        /// connection refused (`unreachable`), no answer in time or a stalled transfer (`timedOut`).
        case transient(TransientFailure)
        /// HTTP 401.
        case unauthorized
        /// An answer that is not one (a redirect without a usable Location, another 4xx, a
        /// refused scheme, too many redirects, a TLS peer that fails verification).
        case invalidResponse
        /// HTTP 403, 404 or 410.
        case notFound
        /// The request itself cannot be sent (a header with a line break, a body file that cannot
        /// be read): the caller must fix it.
        case invalidRequest
        /// The answer is larger than the most the request reads.
        case tooLarge
    }

    /// Why a host could not be reached.
    public typealias Unreachable = TransientFailure.Unreachable

    /// What went wrong, for callers that word it in their own error.
    public let code: Code
    /// What went wrong: the URL (without its query), the status or libcurl's words.
    public let message: String

    /// An error of `code` saying `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// See `Code.unauthorized`.
    public static func unauthorized(_ message: String) -> Self { .init(.unauthorized, message) }
    /// See `TransientFailure.rateLimited`.
    public static func rateLimited(retryAfter: Double?, _ message: String) -> Self {
        .init(.transient(.rateLimited(retryAfter: retryAfter)), message)
    }
    /// See `TransientFailure.unavailable`.
    public static func unavailable(_ message: String) -> Self { .init(.transient(.unavailable), message) }
    /// See `TransientFailure.unreachable`.
    public static func unreachable(host: String, _ message: String, cause: Unreachable) -> Self {
        .init(.transient(.unreachable(host: host, cause)), message)
    }
    /// See `TransientFailure.timedOut`.
    public static func timedOut(_ message: String) -> Self { .init(.transient(.timedOut), message) }
    /// See `Code.invalidResponse`.
    public static func invalidResponse(_ message: String) -> Self { .init(.invalidResponse, message) }
    /// See `Code.notFound`.
    public static func notFound(_ message: String) -> Self { .init(.notFound, message) }
    /// See `Code.invalidRequest`.
    public static func invalidRequest(_ message: String) -> Self { .init(.invalidRequest, message) }
    /// See `Code.tooLarge`.
    public static func tooLarge(_ message: String) -> Self { .init(.tooLarge, message) }

    /// What passes, when it does (see `RetryClassified`).
    public var transient: TransientFailure? {
        if case .transient(let failure) = code { return failure }
        return nil
    }

    /// The answer was larger than the most the request would read.
    public var isTooLarge: Bool { code == .tooLarge }

    /// A one-word classification, in the words of `ProviderError.kind`: `unavailable`, `not found`, …
    public var kind: String {
        switch code {
        case .unauthorized: "unauthorized"
        case .transient(.rateLimited): "rate-limited"
        case .transient(.unavailable), .transient(.unreachable): "unavailable"
        case .transient(.timedOut): "timed out"
        case .invalidResponse: "invalid response"
        case .notFound: "not found"
        case .invalidRequest: "invalid configuration"
        case .tooLarge: "too large"
        }
    }

    /// The kind and the message: `unavailable: https://… answered HTTP 503`.
    public var description: String { "\(kind): \(message)" }

    /// As a provider's failure of the same class would be: what may pass is `temporary`.
    public var failureClass: FailureClass {
        switch code {
        case .unauthorized: .unauthorized
        case .invalidRequest: .config
        case .notFound: .notFound
        case .transient: .temporary
        case .invalidResponse, .tooLarge: .unavailable
        }
    }
}
