import Foundation

/// Which S3 outcomes the store tries again, by its `RetryPolicy` (`RetryPolicy.store`): 503
/// (SlowDown), 500, 502 and 504 answers, and the failures to connect or to finish a transfer that
/// the policy retries (refused, reset, timed out).
enum S3Retry {
    /// Whether `outcome` is worth retry `attempt` (1-based). A 500 to a conditional write is an
    /// answer instead: RGW cancels a losing racer of a compare-and-swap that way.
    static func isTransient(_ outcome: Result<HTTPResponse, any Error>, conditional: Bool, attempt: Int, policy: RetryPolicy) -> Bool {
        switch outcome {
        case .success(let response):
            switch response.status {
            case 500: return !conditional
            case 502, 503, 504: return true
            default: return false
            }
        case .failure(let error):
            return (error as? HTTPError).map { policy.shouldRetry($0, attempt: attempt) } ?? false
        }
    }

    /// The pause a server asked for with `Retry-After`, if it did.
    static func retryAfter(_ outcome: Result<HTTPResponse, any Error>) -> Double? {
        switch outcome {
        case .success(let response): response.headers["retry-after"].flatMap(HTTPOutcome.retryAfterSeconds)
        case .failure(let error): (error as? HTTPError)?.retryAfter
        }
    }
}
