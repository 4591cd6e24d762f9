/// A way an API request of the fake Commons fails (queue them with `failNextAPICalls`).
public enum CommonsAPIFault: Sendable {
    /// HTTP 200 with a `maxlag` error (`seconds` of lag), `Retry-After` (the maxlag sent, at least 5),
    /// `MediaWiki-API-Error` and `X-Database-Lag` headers, as MediaWiki answers when its databases
    /// lag; only for a request that sends `maxlag`.
    case maxlag(seconds: Int)
    /// HTTP 429 with `Retry-After`.
    case tooManyRequests(retryAfter: Int)
    /// HTTP 200 with `{"error": {"code", "info", "docref"}}` and a `MediaWiki-API-Error` header.
    case error(code: String, info: String)
    /// HTTP 200 with an HTML page.
    case html
    /// The full length announced, half the body sent, then the connection closed.
    case truncatedJSON
    /// HTTP 200 whose whole body is only the first half of the JSON answer.
    case cutJSON
    /// An HTTP status (500, 502, 503…) with a short text body.
    case status(Int)
}

/// A way an image request of the fake Commons fails (queue them per page id with `failNextImageRequests`).
public enum CommonsImageFault: Sendable {
    case status(Int)
    case truncated
    case reset
}

/// Behaviours of the fake Commons that stay on until changed.
public struct FakeCommonsModes: Sendable {
    /// Page ids whose `sha1` in image info does not match their original's bytes.
    public var sha1Mismatch: Set<Int> = []
    /// Refuse (403) requests whose User-Agent names no contact or is a generic library's, as
    /// Wikimedia does.
    public var requireUserAgentContact = true
    /// Databases that lag for good: every `every`-th API request (counting every request, repeats
    /// included) that sends `maxlag` is answered with a `maxlag` error and `Retry-After: retryAfter`.
    public var steadyMaxlag: (every: Int, retryAfter: Int)?

    public init() {}
}
