/// A `Host` header, as the request guard compares it with the names the server answers to.
package enum HostHeader {
    /// Whether `host` (`name:port`) is one of `names` (lowercased: `127.0.0.1`, `localhost`,
    /// `[::1]`) at `port`, the name compared without case, the port in digits only (`Int` would
    /// also read `+8080`; found by the http-host fuzzing door, Fuzz/Regressions/http-host/).
    package static func names(_ host: String, port: Int, among names: Set<String>) -> Bool {
        guard let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") else { return false }
        let digits = host[host.index(after: colon)...]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return false }
        return Int(digits) == port && names.contains(host[..<colon].lowercased())
    }
}
