import Hummingbird
import Logging
import TouristCore

/// Everything `tourist serve` answers with, built from a library and options without binding a
/// port: the front door (`TouristResponder`) over the routes and their checks, and the fetch jobs,
/// event hub and secrets behind them. `TouristServer.run` serves it; the route tests
/// (`Tests/ServerRouteTests`) send requests to it in process.
struct TouristRoutes: Sendable {
    let responder: TouristResponder
    let jobs: FetchJobs
    let hub: EventHub
    let secrets: ServerSecrets
    /// The port the `Host` check expects: `options.port` until the server has bound one.
    let port: BoundPort

    /// `places` finds what the map's search box asks for (the gazetteer, then the config's online
    /// geocoder when it is on); nil: the library's gazetteer alone.
    init(library: Library, options: ServerOptions, places: PlaceFinder? = nil, logger: Logger) throws {
        let assets = try WebAssets(directory: options.assetsDirectory)
        secrets = ServerSecrets(requiringAccessToken: !options.isLoopback)
        hub = EventHub()
        jobs = FetchJobs(library: library, hub: hub, logger: logger)
        port = BoundPort(options.port, names: TouristServer.hostNames(options))
        let router = Router()
        let checks = RequestGuard<BasicRequestContext>(
            secrets: secrets, allowedHosts: TouristServer.hostNames(options), port: port,
            anyHost: TouristServer.listensEverywhere(options.host),
            contentSecurityPolicy: TouristServer.contentSecurityPolicy(tiles: library.config.serve.tiles),
            paths: StorePathHiding(library.store)
        )
        router.add(middleware: checks)
        let sizes = RecordedSizes()
        APIRoutes(library: library, jobs: jobs, hub: hub, sizes: sizes).add(to: router)
        PlaceRoutes(finder: places ?? PlaceFinder(geocoder: nil, gazetteer: library.gazetteer), secrets: secrets).add(to: router)
        PageRoutes(assets: assets, csrfToken: secrets.csrfToken).add(to: router)
        responder = TouristResponder(
            router: router.buildResponder(), blobs: BlobRoutes(blobs: library.blobs, cache: BlobCache(), sizes: sizes), checks: checks)
    }
}
