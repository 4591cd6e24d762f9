/// A way an API call of the fake Flickr can fail.
public enum APIFault: Sendable {
    /// An HTTP status, with a Retry-After header when given.
    case status(Int, retryAfter: Int? = nil)
    /// HTTP 200 with `{"stat":"fail","code":…,"message":…}`, Flickr's way of reporting errors.
    case statFail(code: Int, message: String)
    /// HTTP 200 with an HTML page.
    case html
}

/// A way an image request of the fake Flickr can fail.
public enum ImageFault: Sendable {
    /// An HTTP status, with a Retry-After header when given.
    case status(Int, retryAfter: Int? = nil)
    /// The connection is reset before anything is sent.
    case reset
    /// The full length is announced, a quarter of the body is sent, then the connection closes.
    case truncated
    /// Headers and a little of the body, then silence for `seconds`.
    case stall(seconds: Double)
    /// HTTP 200 with an HTML page and Content-Type text/html.
    case html
    /// A 302 to `location` (such as file:///etc/passwd).
    case redirect(String)
}

/// Behaviours of the fake Flickr that stay on until changed.
public struct FakeFlickrModes: Sendable {
    /// Numeric fields as strings or numbers, mixed within one response.
    public var numbersAsStrings = false
    /// Wrap every answer in `jsonFlickrApi(…)`, as Flickr does without `nojsoncallback=1`.
    public var jsonp = false
    /// Photo id → size letters left out of search results (as when Flickr has no such size).
    public var missingSizes: [String: Set<String>] = [:]
    /// Photos whose `url_m` in search results is `file:///etc/passwd`.
    public var fileURLPhotos: Set<String> = []
    /// Every page after the first also carries the first photo of page 1.
    public var duplicateAcrossPages = false
    /// Claim this many results in `total` (more than exist): pages past the data repeat the last one.
    public var claimedTotal: Int?

    public init() {}
}
