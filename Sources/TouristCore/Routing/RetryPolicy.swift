/// Exponential backoff with full jitter for retryable provider errors.
/// A value type: `delay(beforeRetry:)` says how long to wait before retry number `n` (1-based).
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

    /// Whether retry `attempt` (1-based) should follow `error`: a retryable error, retries left, and
    /// no Retry-After longer than `maxDelay` (that wait belongs to the user's next run, not this one).
    public func shouldRetry(_ error: ProviderError, attempt: Int) -> Bool {
        guard error.isRetryable, attempt <= retries else { return false }
        if let retryAfter = error.retryAfter, retryAfter > maxDelay { return false }
        return true
    }

    /// Runs `operation`, retrying retryable `ProviderError`s with backoff.
    public func run<T>(_ operation: () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await operation()
            } catch let error as ProviderError where shouldRetry(error, attempt: attempt + 1) {
                attempt += 1
                try await Task.sleep(for: .seconds(delay(beforeRetry: attempt, retryAfter: error.retryAfter)))
            }
        }
    }
}
