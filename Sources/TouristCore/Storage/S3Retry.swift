import Foundation

/// How the S3 store retries what fails for a moment: 503 (SlowDown), 500, 502 and 504 answers,
/// and failures to connect or to finish a transfer (refused, reset, timed out). Pauses grow
/// exponentially with random jitter, as AWS advises, so clients that failed together do not all
/// come back together; a server's `Retry-After` is honoured (up to `longestRetryAfter`).
public struct S3RetryPolicy: Sendable {
    /// Attempts after the first.
    public var retries: Int
    /// Seconds before the first retry; each later pause doubles, up to `longestDelay`.
    public var firstDelay: Double
    public var longestDelay: Double

    /// The longest `Retry-After` waited for, in seconds.
    static let longestRetryAfter = 30.0

    public init(retries: Int = 4, firstDelay: Double = 0.2, longestDelay: Double = 3.2) {
        self.retries = retries
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
    }

    /// Four retries after 0.2, 0.4, 0.8 and 1.6 s (less jitter): a hiccup passes unnoticed, a store
    /// that is down is reported within about 3 s.
    public static let standard = S3RetryPolicy()

    /// Seconds to pause before retry number `retry` (0 for the first): its exponential step less up
    /// to half of it at random, or what the server asked for when that is longer.
    func delay(before retry: Int, retryAfter: Double?) -> Double {
        let step = min(longestDelay, firstDelay * pow(2, Double(min(retry, 30))))
        return max(step * Double.random(in: 0.5...1), min(retryAfter ?? 0, Self.longestRetryAfter))
    }

    /// Whether `outcome` is worth another try. A 500 to a conditional write is an answer instead:
    /// RGW cancels a losing racer of a compare-and-swap that way.
    static func isTransient(_ outcome: Result<HTTPResponse, any Error>, conditional: Bool) -> Bool {
        switch outcome {
        case .success(let response):
            switch response.status {
            case 500: return !conditional
            case 502, 503, 504: return true
            default: return false
            }
        case .failure(let error):
            return (error as? HTTPError)?.isRetryable ?? false
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
