/// A failure that says whether asking again may help: what `RetryPolicy` reads, from the HTTP
/// layer's `HTTPError` and from the `ProviderError` a provider words it in alike.
public protocol RetryClassified: Error, CustomStringConvertible {
    /// Worth trying again later: rate limits, unavailability, unreachable hosts, time-outs.
    var isRetryable: Bool { get }
    /// Seconds the server asked to wait before the next try, when it said.
    var retryAfter: Double? { get }
    /// The host that could not be reached at all, when that is why: asked again at once, it
    /// almost never answers.
    var unreachableHost: String? { get }
    /// No answer came in time.
    var isTimedOut: Bool { get }
}
