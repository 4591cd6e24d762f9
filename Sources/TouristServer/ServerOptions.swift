/// How `tourist serve` listens and what it serves.
public struct ServerOptions: Sendable {
    /// The address to bind: loopback unless the user names another.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// A folder to serve the pages from instead of the bundled ones (for working on the pages
    /// without rebuilding); nil serves the bundled pages.
    public var assetsDirectory: String?

    public init(host: String = "127.0.0.1", port: Int = ServerOptions.defaultPort, assetsDirectory: String? = nil) {
        self.host = host
        self.port = port
        self.assetsDirectory = assetsDirectory
    }

    /// The port `tourist serve` listens on unless told otherwise. Fixed, so the page's address
    /// (and what the browser remembers for it) stays the same from one run to the next.
    public static let defaultPort = 8421

    /// Whether `host` is a loopback address, reachable from this machine only.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.") && host.split(separator: ".").count == 4
    }
}
