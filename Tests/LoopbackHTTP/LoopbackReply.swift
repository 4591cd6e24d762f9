/// A request as the loopback server received it.
public struct LoopbackRequest: Sendable {
    /// "GET", "HEAD"… as sent.
    public var method: String
    /// The path, without the query.
    public var path: String
    /// The query's parameters, percent-decoded (the last value wins for a repeated name).
    public var query: [String: String]
    /// The query exactly as received.
    public var rawQuery: String
    /// Header names are lowercased (the last value wins for a repeated name).
    public var headers: [String: String]
    /// "HTTP/1.1" or "HTTP/1.0", as sent.
    public var version: String
    /// Which connection carried it (1 for the first accepted).
    public var connection: Int
    /// The body it sent (by its Content-Length).
    public var body: [UInt8] = []
}

/// What the loopback server does with a request: answer, or misbehave in a chosen way.
public enum LoopbackReply: Sendable {
    /// A complete response; Content-Length is added.
    case response(status: Int, headers: [(String, String)] = [], body: [UInt8])
    /// Close the connection with SO_LINGER 0, sending nothing: the client sees a reset.
    case resetConnection
    /// Advertise the whole body's length, send `sendBytes` of it, then close.
    case truncated(status: Int, headers: [(String, String)], body: [UInt8], sendBytes: Int)
    /// Send the headers and `sendBytes` of the body, then nothing for `seconds`, then close.
    case stall(seconds: Double, status: Int, headers: [(String, String)], body: [UInt8], sendBytes: Int)

    /// Send the headers, then `body` a byte a second (so the client's stall timer never fires, however
    /// long the hold), until `released()` says go (asked every 20 ms) or one byte is left; then
    /// the rest at once: a download a test holds for as long as it needs, whatever the machine's speed.
    case held(status: Int, headers: [(String, String)], body: [UInt8], released: @Sendable () -> Bool)

    /// Send the headers, then `length` bytes of body (`x`s), `chunk` bytes at a time with `every`
    /// seconds between chunks, until all are sent or the client hangs up, then close: a trickle
    /// (1 byte every 0.2 s) or a flood (megabytes at once). Without `declaringLength`, no
    /// Content-Length is sent: the body ends when the connection does.
    case paced(status: Int, headers: [(String, String)], length: Int, chunk: Int, every: Double, declaringLength: Bool = true)

    /// A redirect (302 unless told) to `location`, which is sent as it is (`file:///etc/passwd` too).
    public static func redirect(to location: String, status: Int = 302) -> LoopbackReply {
        .response(status: status, headers: [("Location", location)], body: [])
    }

    /// A 200 with a small HTML page, as captive portals and error pages send.
    public static func html(status: Int = 200) -> LoopbackReply {
        .response(
            status: status, headers: [("Content-Type", "text/html")],
            body: Array("<!DOCTYPE html><html><body><h1>Something went wrong</h1></body></html>".utf8))
    }

    /// A plain-text body.
    public static func text(_ text: String, status: Int = 200) -> LoopbackReply {
        .response(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    /// A JSON body (`text` is sent as it is).
    public static func json(_ text: String, status: Int = 200) -> LoopbackReply {
        .response(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }
}
