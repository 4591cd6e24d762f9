/// A way an API call of the fake Flickr can fail (queue them with `failNextAPICalls`, or make one
/// last with `failEveryAPICall`).
public enum APIFault: Sendable {
    /// An HTTP status (500, 502, 429…) with a short text body, and a Retry-After header (seconds) when given.
    case status(Int, retryAfter: Int? = nil)
    /// HTTP 200 with `{"stat":"fail","code":…,"message":…}`, Flickr's way of reporting errors
    /// (100 invalid key, 105 service unavailable, 0 and 201 transient, 1 not found, 112 no such method).
    case statFail(code: Int, message: String)
    /// HTTP 200 with an HTML page.
    case html
}

/// A way an image request of the fake Flickr can fail (queue them per photo or per photo and size
/// with `failNextImageRequests`, or make one last with `failEveryImage`).
public enum ImageFault: Sendable {
    /// An HTTP status (404, 403, 500, 429…) with a short text body, and a Retry-After header (seconds) when given.
    case status(Int, retryAfter: Int? = nil)
    /// The connection is reset before anything is sent.
    case reset
    /// The full length is announced, a quarter of the body is sent, then the connection closes.
    case truncated
    /// Headers and the first 100 bytes of the body, then silence for `seconds`, then the connection closes.
    case stall(seconds: Double)
    /// HTTP 200 with an HTML page and Content-Type text/html.
    case html
    /// A 302 to `location` (such as file:///etc/passwd).
    case redirect(String)
}

/// Behaviours of the fake Flickr that stay on until changed.
public struct FakeFlickrModes: Sendable {
    /// Numeric fields as strings or numbers, mixed within one response: `pages` and `total` are
    /// strings, and per photo (alternating) license, latitude, longitude, accuracy, width_* and
    /// height_* (getSizes' width and height too).
    public var numbersAsStrings = false
    /// Wrap every answer in `jsonFlickrApi(…)` even when `nojsoncallback=1` is sent (without it, the
    /// fake always wraps, as Flickr does).
    public var jsonp = false
    /// Photo id → size letters whose `url_*`/`width_*`/`height_*` are left out of search results
    /// (getSizes still lists them): "missing url_z", say.
    public var missingSizes: [String: Set<String>] = [:]
    /// Photos whose size m URL in search results (the `url_s` extra: Flickr's 240 px "_m" file) is
    /// literally `file:///etc/passwd`.
    public var fileURLPhotos: Set<String> = []
    /// Every page after the first starts with the first photo of page 1 (in place of its own last
    /// photo): duplicate ids across pages.
    public var duplicateAcrossPages = false
    /// Claim this many results in `total` (and `pages` from it) though fewer exist: pages past the
    /// data repeat the last one.
    public var claimedTotal: Int?

    /// Every mode off.
    public init() {}
}
