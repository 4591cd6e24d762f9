import Foundation

/// A complete HTTP response as `RawHTTP.request` read it (the body already de-chunked).
public struct RawHTTPResponse: Sendable {
    /// "HTTP/1.1", as sent.
    public var version: String
    /// 200, 404…
    public var status: Int
    /// The reason phrase, as sent ("OK").
    public var reason: String
    /// Every header in the order received, names as sent; repeated headers stay separate.
    public var headers: [(String, String)]
    /// The body; empty for HEAD, 204 and 304.
    public var body: [UInt8]
    /// Trailer fields of a chunked body, if it had any.
    public var trailers: [(String, String)]

    public init(
        version: String = "HTTP/1.1", status: Int, reason: String = "", headers: [(String, String)], body: [UInt8],
        trailers: [(String, String)] = []
    ) {
        self.version = version
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.trailers = trailers
    }

    /// The value of header `name` (any case); the last one when it was repeated.
    public func header(_ name: String) -> String? { headers.last(where: { $0.0.equalsIgnoringCase(name) })?.1 }

    /// Every value of header `name` (any case), in order (`Set-Cookie`, say).
    public func headers(named name: String) -> [String] { headers.filter { $0.0.equalsIgnoringCase(name) }.map(\.1) }

    /// The body decoded as UTF-8 (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed with JSONSerialization (fragments allowed): `[String: Any]`, `[Any]`, a string…
    public func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
    }
}
