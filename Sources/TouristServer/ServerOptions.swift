import NIOCore

/// How `tourist serve` listens and what it serves.
public struct ServerOptions: Sendable {
    /// The address to bind: loopback unless the user names another.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// A folder to serve the pages from instead of the bundled ones (for working on the pages
    /// without rebuilding); nil serves the bundled pages.
    public var assetsDirectory: String?
    /// How long a connection may go without progress before it is closed: no request after it
    /// opened or after its last answer, a request head not whole, or an answer its client stopped
    /// reading (`ConnectionLimit`).
    public var idleTimeout: Duration

    public init(
        host: String = "127.0.0.1", port: Int = ServerOptions.defaultPort, assetsDirectory: String? = nil,
        idleTimeout: Duration = ServerOptions.defaultIdleTimeout
    ) {
        self.host = host
        self.port = port
        self.assetsDirectory = assetsDirectory
        self.idleTimeout = idleTimeout
    }

    /// The idle time-out unless told otherwise (`tourist serve --idle-timeout`).
    public static let defaultIdleTimeout = Duration.seconds(30)

    /// The port `tourist serve` listens on unless told otherwise. Fixed, so the page's address
    /// (and what the browser remembers for it) stays the same from one run to the next.
    public static let defaultPort = 8421

    /// Whether `host` is a loopback address, reachable from this machine only: decided from the
    /// address it resolves to, which is the one the server binds (127.0.0.0/8, `::1`, or
    /// `::ffff:127.x`), not from its spelling. A name that does not resolve is not loopback.
    public var isLoopback: Bool {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard let address = try? SocketAddress.makeAddressResolvingHost(name, port: 0), let ip = address.ipAddress else { return false }
        switch address {
        case .v4: return ip.hasPrefix("127.")
        case .v6: return ip == "::1" || ip.lowercased().hasPrefix("::ffff:127.")
        default: return false
        }
    }
}
