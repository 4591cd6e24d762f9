/// Why a `RawHTTP` request or event stream failed.
public enum RawHTTPError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The URL is not `http://host[:port][/path][?query]`.
    case invalidURL(String)
    /// A header name or value that would break the request's framing (CR, LF, or a bad name).
    case invalidHeader(String)
    /// No address of the host accepted the connection.
    case connectFailed(host: String, port: Int, reason: String)
    /// The deadline passed; the text says what was being waited for.
    case timedOut(String)
    /// A socket call failed (a reset connection, for one).
    case ioFailed(String)
    /// The response does not follow HTTP/1.1.
    case malformedResponse(String)
    /// The connection closed before the response was complete.
    case prematureEnd(String)
    /// An event stream was answered with something else than a 200 `text/event-stream`.
    case notAnEventStream(status: Int, contentType: String?, body: String)

    public var description: String {
        switch self {
        case .invalidURL(let url): "not an http:// URL: \(url)"
        case .invalidHeader(let header): "invalid header (CR, LF or a bad name): \(header)"
        case .connectFailed(let host, let port, let reason): "cannot connect to \(host):\(port): \(reason)"
        case .timedOut(let what): "timed out \(what)"
        case .ioFailed(let reason): reason
        case .malformedResponse(let reason): "malformed HTTP response: \(reason)"
        case .prematureEnd(let reason): "the connection closed early: \(reason)"
        case .notAnEventStream(let status, let contentType, let body):
            "expected a 200 text/event-stream, got \(status) \(contentType ?? "(no Content-Type)"): \(body.prefix(300))"
        }
    }

    /// Whether this is a timeout (of any kind).
    public var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }
}
