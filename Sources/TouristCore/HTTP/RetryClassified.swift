/// What passes, as the HTTP layer finds it: the part of its classification that an error of HTTP
/// and a provider's error share, and that `RetryPolicy` reads.
public enum TransientFailure: Sendable, Equatable {
    /// The server asked to slow down; `retryAfter` seconds when it said.
    case rateLimited(retryAfter: Double?)
    /// The server could not answer now (down, failing, a reset, a truncated body).
    case unavailable
    /// The host could not be reached at all: its name did not resolve, or it refused the
    /// connection; `Unreachable` says which.
    case unreachable(host: String, Unreachable)
    /// No answer came in time.
    case timedOut

    /// Why a host could not be reached.
    public enum Unreachable: Sendable, Equatable {
        /// Its name did not resolve (offline, or a typo in the URL).
        case nameNotResolved
        /// The connection was refused, or no route led to the host.
        case couldNotConnect
    }
}

/// A failure that says whether asking again may help: what `RetryPolicy` reads, from the HTTP
/// layer's `HTTPError` and from the `ProviderError` a provider words it in alike.
public protocol RetryClassified: Error, CustomStringConvertible {
    /// What passes, when it does; nil for a failure that trying again cannot mend.
    var transient: TransientFailure? { get }
}

extension RetryClassified {
    /// Worth trying again later: rate limits, unavailability, unreachable hosts, time-outs.
    public var isRetryable: Bool { transient != nil }

    /// Seconds the server asked to wait before the next try, when it said.
    public var retryAfter: Double? {
        if case .rateLimited(let seconds)? = transient { return seconds }
        return nil
    }

    /// The server asked to slow down (with or without a `retryAfter`).
    public var isRateLimited: Bool {
        if case .rateLimited? = transient { return true }
        return false
    }

    /// The host that could not be reached at all, when that is why: asked again at once, it
    /// almost never answers.
    public var unreachableHost: String? {
        if case .unreachable(let host, _)? = transient { return host }
        return nil
    }

    /// Why the host could not be reached, when that is why (see `unreachableHost`).
    public var unreachableCause: TransientFailure.Unreachable? {
        if case .unreachable(_, let cause)? = transient { return cause }
        return nil
    }

    /// No answer came in time.
    public var isTimedOut: Bool { transient == .timedOut }
}
