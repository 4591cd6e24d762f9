/// The parts of an `http://host[:port][/path][?query][#fragment]` URL that a request needs.
/// Parsed by hand so that the path and query go on the wire exactly as written.
struct HTTPURL: Sendable, Equatable {
    /// The host as written; an IPv6 literal without its brackets.
    var host: String
    var port: Int
    /// Whether the URL spelled the port out.
    var explicitPort: Bool
    /// The request target: the path (at least "/") and the query, without the fragment.
    var target: String

    /// The default `Host` header value: the authority as written ("127.0.0.1:8080", "[::1]:80", "example.org").
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return explicitPort ? "\(name):\(port)" : name
    }

    init(_ url: String) throws {
        let scheme = "http://"
        guard url.lowercased().hasPrefix(scheme) else { throw RawHTTPError.invalidURL(url) }
        let rest = url.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var target = String(rest[authorityEnd...].prefix { $0 != "#" })
        if target.isEmpty || target.hasPrefix("?") { target = "/" + target }
        guard !authority.contains("@"), !(authority + target).contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw RawHTTPError.invalidURL(url)
        }

        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw RawHTTPError.invalidURL(url) }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw RawHTTPError.invalidURL(url) }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { throw RawHTTPError.invalidURL(url) }
        if let portPart {
            guard let port = Int(portPart), (1...65535).contains(port) else { throw RawHTTPError.invalidURL(url) }
            self.port = port
        } else {
            port = 80
        }
        host = String(hostPart)
        explicitPort = portPart != nil
        self.target = target
    }
}
