import TestSupport

/// A minimal blocking HTTP/1.1 client over a POSIX TCP socket, for tests that must control every
/// header: a wrong `Host`, a foreign `Origin`, a `Range`, a missing CSRF token… Nothing is added
/// behind the caller's back except what is documented on `request`, and nothing is followed
/// (redirects come back as they are). One connection per request, closed after it.
public enum RawHTTP {
    /// Sends one request and reads the whole response.
    ///
    /// - `url`: `http://host[:port]/path?query`; the path and query go on the wire exactly as
    ///   written (the fragment is dropped). The host may be an IP literal or a name (getaddrinfo).
    /// - `headers`: sent in order, as given (names and values must not contain CR or LF). Unless
    ///   the caller sends one of its own, `Host` (the URL's authority, "127.0.0.1:PORT") comes
    ///   first and `Connection: close` last; with a `body`, `Content-Length` is added unless the
    ///   caller gave `Content-Length` or `Transfer-Encoding`. `body: []` sends `Content-Length: 0`.
    /// - `timeout`: seconds for the whole exchange, connecting included.
    ///
    /// Any status is a response, not an error; errors are failures to talk HTTP (`RawHTTPError`).
    public static func request(
        method: String = "GET", url: String, headers: [(String, String)] = [], body: [UInt8]? = nil, timeout: Double = 60
    ) throws -> RawHTTPResponse {
        let deadline = Deadline(after: timeout)
        let stream = try open(method: method, url: url, headers: headers, body: body, deadline: deadline)
        let head = try stream.readHead(headRequest: method.uppercased() == "HEAD", deadline: deadline)
        let responseBody = try stream.readWholeBody(deadline: deadline)
        return RawHTTPResponse(
            version: head.version, status: head.status, reason: head.reason, headers: head.headers, body: responseBody,
            trailers: stream.trailers
        )
    }

    /// The same request from async code: the blocking exchange runs through `Blocking.run` (a
    /// thread of its own), so Swift's cooperative thread pool is never blocked.
    public static func request(
        method: String = "GET", url: String, headers: [(String, String)] = [], body: [UInt8]? = nil, timeout: Double = 60
    ) async throws -> RawHTTPResponse {
        try await Blocking.run {
            try request(method: method, url: url, headers: headers, body: body, timeout: timeout) as RawHTTPResponse
        }
    }

    /// Connects, sends the request head and body, and returns the stream to read the response from.
    static func open(method: String, url: String, headers: [(String, String)], body: [UInt8]?, deadline: Deadline) throws
        -> HTTPResponseStream
    {
        let parsed = try HTTPURL(url)
        let bytes = try requestBytes(method: method, url: parsed, headers: headers, body: body)
        let connection = try TCPConnection(host: parsed.host, port: parsed.port, deadline: deadline)
        try connection.send(bytes, deadline: deadline)
        return HTTPResponseStream(connection: connection)
    }

    /// The request exactly as it goes on the wire.
    static func requestBytes(method: String, url: HTTPURL, headers: [(String, String)], body: [UInt8]?) throws -> [UInt8] {
        guard !method.isEmpty, method.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else {
            throw RawHTTPError.invalidHeader("method \(method.debugDescription)")
        }
        for (name, value) in headers {
            let badName = name.isEmpty || name.contains { $0 == ":" || $0.isWhitespace || $0.isNewline }
            if badName || value.contains(where: { $0 == "\r" || $0 == "\n" }) {
                throw RawHTTPError.invalidHeader("\(name): \(value)".debugDescription)
            }
        }
        func has(_ name: String) -> Bool { headers.contains { $0.0.equalsIgnoringCase(name) } }
        var lines = ["\(method) \(url.target) HTTP/1.1"]
        if !has("Host") { lines.append("Host: \(url.hostHeader)") }
        lines += headers.map { "\($0.0): \($0.1)" }
        if let body, !has("Content-Length"), !has("Transfer-Encoding") { lines.append("Content-Length: \(body.count)") }
        if !has("Connection") { lines.append("Connection: close") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + (body ?? [])
    }
}
