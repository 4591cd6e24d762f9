import Foundation

/// Exponential backoff with full jitter for retryable errors (`RetryClassified`: a provider's, or HTTP's).
/// A value type: `delay(beforeRetry:)` says how long to wait before retry number `n` (1-based).
///
/// A host that could not be reached at all (`RetryClassified.unreachableHost`: its name did not
/// resolve, or it refused the connection) is not retried here: asking again a moment later almost
/// never helps, and five lookups of a name that does not resolve only delay the answer another
/// provider has. The router leaves such a provider alone for a while instead (`UnreachableCooldown`).
public struct RetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt.
    public var retries: Int
    /// The first delay's upper bound, in seconds; each retry doubles it.
    public var baseDelay: Double
    /// No delay is longer than this.
    public var maxDelay: Double

    public init(retries: Int, baseDelay: Double = 0.25, maxDelay: Double = 30) {
        self.retries = retries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Seconds to wait before retry `attempt`; honours a provider's `retryAfter` when it gave one.
    public func delay(beforeRetry attempt: Int, retryAfter: Double? = nil, random: Double = Double.random(in: 0...1)) -> Double {
        if let retryAfter { return min(max(retryAfter, 0), maxDelay) }
        let ceiling = min(maxDelay, baseDelay * Double(1 << min(attempt - 1, 30)))
        return ceiling * random
    }

    /// Whether retry `attempt` (1-based) should follow `error`: a retryable error from a host that
    /// could be reached, retries left, and no Retry-After longer than `maxDelay` (that wait belongs
    /// to the user's next run, not this one).
    public func shouldRetry(_ error: any RetryClassified, attempt: Int) -> Bool {
        guard error.isRetryable, error.unreachableHost == nil, attempt <= retries else { return false }
        if let retryAfter = error.retryAfter, retryAfter > maxDelay { return false }
        return true
    }

    /// Runs `operation`, retrying retryable errors (`RetryClassified`) with backoff; with `only`, just those
    /// errors it accepts. With `log`, each retry is told at debug level (`--verbose`), one line
    /// naming the attempt, the wait and the reason.
    public func run<T>(log: RetryLog? = nil, only accepts: (any RetryClassified) -> Bool = { _ in true }, _ operation: () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await operation()
            } catch let error as any RetryClassified where accepts(error) && shouldRetry(error, attempt: attempt + 1) {
                attempt += 1
                let wait = delay(beforeRetry: attempt, retryAfter: error.retryAfter)
                log?.retrying(attempt: attempt, of: retries, after: wait, because: error)
                try await Task.sleep(for: .seconds(wait))
            }
        }
    }
}
