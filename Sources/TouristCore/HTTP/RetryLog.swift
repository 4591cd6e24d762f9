import Foundation
import Logging

/// Where `RetryPolicy.run` tells of each retry, at debug level:
/// `commons: page 1: retry 2 of 4 in 0.41 s (unavailable: … answered HTTP 503)`.
public struct RetryLog: Sendable {
    public let logger: Logger
    /// What is retried, as each line begins: `commons: page 1`, `download flickr:53624890009`.
    public let subject: String

    public init(_ logger: Logger, _ subject: String) {
        self.logger = logger
        self.subject = subject
    }

    func retrying(attempt: Int, of retries: Int, after seconds: Double, because error: any RetryClassified) {
        logger.debug("\(subject): retry \(attempt) of \(retries) in \(String(format: "%.2f", seconds)) s (\(error.description))")
    }
}
