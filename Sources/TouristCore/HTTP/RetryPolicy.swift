import Foundation

/// How what failed for a moment is tried again, for every caller: providers' searches, lookups and
/// downloads, the geocoder and the S3 store. Each wait grows exponentially from `baseDelay` up to
/// `maxDelay`, drawn at random between `leastJitter` of its step and the whole step (0: full
/// jitter; 0.5, as AWS advises for S3), so clients that failed together do not all come back
/// together. A server's Retry-After is honoured as `persistence` says.
///
/// A value type: `delay(beforeRetry:)` says how long to wait before retry number `n` (1-based),
/// `shouldRetry` whether to, and `run` does both around an operation.
public struct RetryPolicy: Sendable, Equatable {
    /// How hard a caller presses a server that fails.
    public enum Persistence: Sendable, Equatable {
        /// For a caller with somewhere else to turn (another provider, the user's next run). A
        /// host that could not be reached at all (`RetryClassified.unreachableHost`: its name did
        /// not resolve, or it refused the connection) is not tried again: asking a moment later
        /// almost never helps, and five lookups of a name that does not resolve only delay the
        /// answer another provider has (the router leaves such a provider alone for a while,
        /// `UnreachableCooldown`). A Retry-After is the wait, and one longer than `maxDelay` ends
        /// the tries (that wait belongs to the user's next run).
        case yielding
        /// For a caller with no other (the S3 store): unreachable hosts are tried again too, and a
        /// Retry-After is waited for (up to `longestServerWait` seconds) when it is longer than the
        /// backoff.
        case insisting(longestServerWait: Double)
    }

    /// Retries after the first attempt.
    public var retries: Int
    /// The first step, in seconds; each retry doubles it.
    public var baseDelay: Double
    /// No step is longer than this.
    public var maxDelay: Double
    /// How hard it presses a server that fails.
    public var persistence: Persistence
    /// The least part of its step a wait lasts (from 0 to 1).
    public var leastJitter: Double

    /// A policy of `retries` retries; the defaults are the providers' (`yielding`, full jitter).
    public init(
        retries: Int, baseDelay: Double = 0.25, maxDelay: Double = 30, persistence: Persistence = .yielding, leastJitter: Double = 0
    ) {
        self.retries = retries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.persistence = persistence
        self.leastJitter = leastJitter
    }

    /// An `insisting` policy whose waits last at least half their step, as the S3 store's.
    public static func insisting(retries: Int = 4, baseDelay: Double = 0.2, maxDelay: Double = 3.2) -> RetryPolicy {
        RetryPolicy(
            retries: retries, baseDelay: baseDelay, maxDelay: maxDelay, persistence: .insisting(longestServerWait: 30), leastJitter: 0.5)
    }

    /// The S3 store's: four retries after 0.2, 0.4, 0.8 and 1.6 s (less jitter), so a hiccup
    /// passes unnoticed and a store that is down is reported within about 3 s.
    public static let store = insisting()

    /// Seconds to wait before retry `attempt` (1-based), after a server asked for `retryAfter`
    /// (see `persistence`); `random` (from 0 to 1) places the wait within its jitter.
    public func delay(beforeRetry attempt: Int, retryAfter: Double? = nil, random: Double = Double.random(in: 0...1)) -> Double {
        let step = min(maxDelay, baseDelay * pow(2, Double(min(max(attempt - 1, 0), 30))))
        let backoff = step * (leastJitter + (1 - leastJitter) * random)
        switch persistence {
        case .yielding: return retryAfter.map { min(max($0, 0), maxDelay) } ?? backoff
        case .insisting(let longestServerWait): return max(backoff, min(retryAfter ?? 0, longestServerWait))
        }
    }

    /// Whether retry `attempt` (1-based) should follow `error`: a retryable error, retries left,
    /// and, `yielding`, a host that could be reached and no Retry-After longer than `maxDelay`.
    public func shouldRetry(_ error: any RetryClassified, attempt: Int) -> Bool {
        guard error.isRetryable, attempt <= retries else { return false }
        guard persistence == .yielding else { return true }
        if error.unreachableHost != nil { return false }
        if let retryAfter = error.retryAfter, retryAfter > maxDelay { return false }
        return true
    }

    /// Runs `operation`, retrying retryable errors (`RetryClassified`) with backoff; with `only`,
    /// just those errors it accepts. With `log`, each retry is told at debug level (`--verbose`),
    /// one line naming the attempt, the wait and the reason.
    public func run<T>(log: RetryLog? = nil, only accepts: (any RetryClassified) -> Bool = { _ in true }, _ operation: () async throws -> T)
        async throws -> T
    {
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
