import Foundation

/// A request that got no usable answer, classified so the caller decides retry without parsing
/// strings: what `HTTPClient` throws. Each user of HTTP words it in its own layer's error: providers
/// as a `ProviderError` of the same class, the S3 store as a `StoreError`, the geocoder as a
/// `GeocoderError`. Its message never holds the request's query string, where API keys travel.
public struct HTTPError: RetryClassified, ClassifiedError, Sendable, Equatable {
    /// What went wrong, as `HTTPOutcome` classifies a status or a transport failure.
    public enum Code: Equatable, Sendable {
        /// HTTP 401.
        case unauthorized
        /// HTTP 429, or a 503 with a Retry-After; `retryAfter` seconds when the server said.
        case rateLimited(retryAfter: Double?)
        /// 408, other 5xx, a reset connection, a truncated body: trying later may work.
        case unavailable
        /// The host's name did not resolve, or it refused the connection.
        case unreachable(host: String, Unreachable)
        /// No answer in time, or a transfer that stalled.
        case timedOut
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
    public enum Unreachable: Sendable, Equatable {
        /// Its name did not resolve (offline, or a typo in the URL).
        case nameNotResolved
        /// The connection was refused, or no route led to the host.
        case couldNotConnect
    }

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
    /// See `Code.rateLimited`.
    public static func rateLimited(retryAfter: Double?, _ message: String) -> Self { .init(.rateLimited(retryAfter: retryAfter), message) }
    /// See `Code.unavailable`.
    public static func unavailable(_ message: String) -> Self { .init(.unavailable, message) }
    /// See `Code.unreachable`.
    public static func unreachable(host: String, _ message: String, cause: Unreachable) -> Self { .init(.unreachable(host: host, cause), message) }
    /// See `Code.timedOut`.
    public static func timedOut(_ message: String) -> Self { .init(.timedOut, message) }
    /// See `Code.invalidResponse`.
    public static func invalidResponse(_ message: String) -> Self { .init(.invalidResponse, message) }
    /// See `Code.notFound`.
    public static func notFound(_ message: String) -> Self { .init(.notFound, message) }
    /// See `Code.invalidRequest`.
    public static func invalidRequest(_ message: String) -> Self { .init(.invalidRequest, message) }
    /// See `Code.tooLarge`.
    public static func tooLarge(_ message: String) -> Self { .init(.tooLarge, message) }

    /// Worth trying again later: rate limits, unavailability, unreachable hosts, time-outs.
    public var isRetryable: Bool {
        switch code {
        case .rateLimited, .unavailable, .unreachable, .timedOut: true
        case .unauthorized, .invalidResponse, .notFound, .invalidRequest, .tooLarge: false
        }
    }

    /// The host that could not be reached (did not resolve, refused the connection), when that is why.
    public var unreachableHost: String? {
        if case .unreachable(let host, _) = code { return host }
        return nil
    }
    /// Why the host could not be reached, when that is why (see `unreachableHost`).
    public var unreachableCause: Unreachable? {
        if case .unreachable(_, let cause) = code { return cause }
        return nil
    }
    /// Seconds the server asked to wait, when it said.
    public var retryAfter: Double? {
        if case .rateLimited(let seconds) = code { return seconds }
        return nil
    }
    /// No answer in time.
    public var isTimedOut: Bool { code == .timedOut }
    /// The answer was larger than the most the request would read.
    public var isTooLarge: Bool { code == .tooLarge }
    /// The server asked to slow down (with or without a `retryAfter`).
    public var isRateLimited: Bool {
        if case .rateLimited = code { return true }
        return false
    }

    /// A one-word classification, in the words of `ProviderError.kind`: `unavailable`, `not found`, …
    public var kind: String {
        switch code {
        case .unauthorized: "unauthorized"
        case .rateLimited: "rate-limited"
        case .unavailable, .unreachable: "unavailable"
        case .timedOut: "timed out"
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
        case .rateLimited, .unavailable, .unreachable, .timedOut: .temporary
        case .invalidResponse, .tooLarge: .unavailable
        }
    }
}
