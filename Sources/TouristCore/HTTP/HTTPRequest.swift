import Foundation

/// A request for `HTTPClient`: a GET unless told otherwise.
public struct HTTPRequest: Sendable {
    public var url: URL
    /// "GET", "HEAD", "PUT", "POST", "DELETE"…
    public var method: String
    /// Headers sent besides the client's own, as given (a line break in one is refused).
    public var headers: [(name: String, value: String)]
    /// What the request sends; a request with a body never follows a redirect (it could not send
    /// the body again).
    public var body: Body?
    /// Signs the request with AWS Signature Version 4, as S3 and the stores that speak its protocol
    /// want; a signed request never follows a redirect, so its credentials go to no other host.
    public var signing: AWSSigning?
    /// Ask for gzip/brotli/zstd (for API calls; images are already compressed).
    public var acceptCompressed: Bool
    /// The `User-Agent` for this request, in place of the client's (a service whose policy wants a
    /// contact in it, such as Wikimedia's); nil for the client's.
    public var userAgent: String?
    /// Time limits for this request in place of the client's total time-out; nil for the client's.
    public var timeLimits: TimeLimits?

    /// How long one request may take: at most `total` seconds in all, and it is abandoned once it
    /// moved fewer than `minimumBytesPerSecond` a second over `speedWindow` seconds (a trickle that
    /// the client's stall time-out, which any byte resets, lets through).
    public struct TimeLimits: Sendable, Equatable {
        public var total: Double
        public var minimumBytesPerSecond: Int
        public var speedWindow: Double

        public init(total: Double, minimumBytesPerSecond: Int, speedWindow: Double) {
            self.total = total
            self.minimumBytesPerSecond = minimumBytesPerSecond
            self.speedWindow = speedWindow
        }
    }

    /// The bytes a request sends.
    public enum Body: Sendable {
        /// These bytes.
        case bytes([UInt8])
        /// The whole file at this path, read from disk as it is sent (never whole in memory).
        case file(String)
    }

    public init(
        url: URL, method: String = "GET", headers: [(name: String, value: String)] = [], body: Body? = nil, signing: AWSSigning? = nil,
        acceptCompressed: Bool = false, userAgent: String? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.signing = signing
        self.acceptCompressed = acceptCompressed
        self.userAgent = userAgent
    }
}

/// The credentials and scope of an AWS Signature Version 4, which libcurl computes
/// (`CURLOPT_AWS_SIGV4`). Printing one never shows the secret or the session token.
public struct AWSSigning: Sendable, CustomStringConvertible {
    public var accessKeyID: String
    public var secretAccessKey: String
    /// The temporary credentials' token (`AWS_SESSION_TOKEN`), sent as `x-amz-security-token`.
    public var sessionToken: String?
    public var region: String
    public var service: String

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil, region: String, service: String = "s3") {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
        self.region = region
        self.service = service
    }

    public var description: String { "AWS SigV4 as \(accessKeyID) for \(service) in \(region)" }
}
