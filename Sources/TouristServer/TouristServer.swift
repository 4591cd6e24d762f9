import Foundation
import Hummingbird
import HummingbirdCore
import Glibc
import Logging
import NIOCore
import ServiceLifecycle
import TouristCore

/// `tourist serve`: the Virtual Tourist app in the browser, over the same store and the same
/// operations (`Library`) as the CLI. Serves the pages, the JSON API, photo bytes by hash and a
/// stream of changes; stops cleanly on SIGINT or SIGTERM (running fetches stop, what they stored
/// stays).
public struct TouristServer: Sendable {
    let library: Library
    let options: ServerOptions
    let places: PlaceFinder?
    let logger: Logger

    /// `places` answers the map's search box: the gazetteer, then the config's online geocoder
    /// (nil: the library's gazetteer alone).
    public init(library: Library, options: ServerOptions, places: PlaceFinder? = nil, logger: Logger) {
        self.library = library
        self.options = options
        self.places = places
        self.logger = logger
    }

    /// Runs until a stop signal. `started` gets the address to open (with the access token when
    /// the server listens beyond loopback) once the port is bound.
    public func run(started: @escaping @Sendable (_ url: String) -> Void) async throws {
        let routes = try TouristRoutes(library: library, options: options, places: places, logger: logger)
        let options = options
        var quiet = logger
        quiet.logLevel = .warning
        let limit = ConnectionLimit(fileLimit: ConnectionLimit.raiseFileLimit(), stallTimeout: TimeAmount(options.idleTimeout))
        let app = Application(
            responder: routes.responder,
            server: .http1(
                configuration: HTTP1Channel.Configuration(
                    additionalChannelHandlers: [limit.handler()], idleTimeout: TimeAmount(options.idleTimeout))),
            configuration: ApplicationConfiguration(
                address: .hostname(options.host, port: options.port), serverName: nil, availableConnectionsDelegate: limit.acceptDelegate
            ),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                routes.port.set(port)
                let host = options.host.contains(":") && !options.host.hasPrefix("[") ? "[\(options.host)]" : options.host
                let token = routes.secrets.accessToken.map { "?token=\($0)" } ?? ""
                started("http://\(host):\(port)/\(token)")
            },
            logger: quiet
        )
        let watcher = StoreWatcher(library: library, hub: routes.hub, interval: library.store.changePollInterval)
        // Shut down in reverse order: the event streams end first, so the server's graceful stop
        // does not wait on pages that keep a stream open.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: app), .init(service: watcher)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: quiet
            ))
        do {
            try await group.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            await routes.jobs.cancelAll()
            throw ServerError(
                message:
                    "port \(options.port) on \(options.host) is in use (another tourist serve?); choose another with --port N, or --port 0 for a free one"
            )
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL || error.errnoCode == EACCES {
            await routes.jobs.cancelAll()
            throw ServerError(
                message:
                    "cannot listen on \(options.host) port \(options.port) (\(String(cString: strerror(error.errnoCode)))); use an address of this machine, such as 127.0.0.1, and a port above 1023"
            )
        }
        await routes.jobs.cancelAll()
    }

    /// The host names to accept in `Host`: the loopback names and the bound address.
    static func hostNames(_ options: ServerOptions) -> Set<String> {
        let bound = options.host.contains(":") && !options.host.hasPrefix("[") ? "[\(options.host)]" : options.host
        return Set(["127.0.0.1", "localhost", "[::1]", bound.lowercased()])
    }

    static func listensEverywhere(_ host: String) -> Bool {
        host == "0.0.0.0" || host == "::" || host == "[::]"
    }

    /// No inline script or style, nothing from elsewhere but the tile server the config names.
    static func contentSecurityPolicy(tiles: TouristConfig.Tiles?) -> String {
        let tileSource = tiles?.origin.map { " " + $0 } ?? ""
        return
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:\(tileSource); connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    }
}
