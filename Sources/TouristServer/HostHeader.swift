/// A `Host` header, as the request guard compares it with the names the server answers to.
package enum HostHeader {
    /// Whether `host` (`name:port`) is one of `names` (lowercased: `127.0.0.1`, `localhost`,
    /// `[::1]`) at `port`, the name compared without case.
    package static func names(_ host: String, port: Int, among names: Set<String>) -> Bool {
        guard let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") else { return false }
        return Int(host[host.index(after: colon)...]) == port && names.contains(host[..<colon].lowercased())
    }
}
