import Synchronization

/// Providers whose host could not be reached (`ProviderError.unreachableHost`: its name did not
/// resolve, or it refused the connection), left alone for `duration` while another provider can
/// answer. The router keeps one for its life, shared by every query it routes (a `fetch --all` run
/// routes all its pins through one router), so an offline source costs one failed request, not one
/// per pin; once `duration` has passed, the next query asks it again, so a passing hiccup does not
/// lose a source for the rest of a long run.
///
/// The clock is injected: tests move it instead of sleeping.
public final class UnreachableCooldown: Sendable {
    /// How long a provider whose host could not be reached is left alone.
    public static let standardDuration = Duration.seconds(60)

    public let duration: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let resting = Mutex<[String: Rest]>([:])

    /// Why and until when a provider is left alone.
    private struct Rest {
        let error: ProviderError
        let until: ContinuousClock.Instant
    }

    public init(duration: Duration = standardDuration, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.duration = duration
        self.now = now
    }

    /// The error that put `provider` to rest and how long the rest still lasts, while it does; nil
    /// when the provider may be asked.
    public func rest(of provider: String) -> (error: ProviderError, remaining: Duration)? {
        let now = now()
        return resting.withLock { resting in
            guard let rest = resting[provider] else { return nil }
            guard rest.until > now else {
                resting[provider] = nil
                return nil
            }
            return (rest.error, rest.until - now)
        }
    }

    /// Puts `provider` to rest for `duration` after `error`; true when it was not resting already
    /// (a rest that several queries at once start is told once).
    @discardableResult
    public func start(_ provider: String, after error: ProviderError) -> Bool {
        let now = now()
        return resting.withLock { resting in
            let fresh = resting[provider].map { $0.until <= now } ?? true
            resting[provider] = Rest(error: error, until: now + duration)
            return fresh
        }
    }

    /// Ends the rest of `provider`: it was reached.
    public func end(_ provider: String) {
        _ = resting.withLock { $0.removeValue(forKey: provider) }
    }
}
