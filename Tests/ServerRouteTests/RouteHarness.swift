import Commons
import Fixture
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import TestSupport
import TouristCore
@testable import TouristServer

/// `tourist serve`'s routes over a fresh store in a temporary folder, answered in process through
/// `HummingbirdTesting`'s router framework (no port, no socket): the `TouristRoutes` the server
/// serves, a real `Store` and a real config, whose one provider is the fixture provider over a
/// small set of photos near `center`.
struct RouteHarness: Sendable {
    /// Where the set's photos lie: `setPhotos` of them, 100 m apart going north.
    static let center = (latitude: 48.8584, longitude: 2.2945)
    static let setPhotos = 12
    /// The photos an album holds here (`album.photos`).
    static let albumPhotos = 4

    let folder = TemporaryDirectory("tourist-routes")
    let library: Library
    let routes: TouristRoutes
    /// Where searches wait when the harness holds them (`holdingSearches`), until the test opens it.
    let searches = Gate()

    /// `holdingSearches`: every search waits at `searches` (a fetch the test starts is still
    /// running while it looks). `options`: how the server would listen (nothing is bound).
    /// `commons`: a Commons provider at this endpoint, asked before the set (one on 127.0.0.1 that
    /// nobody listens on is Commons offline).
    init(options: ServerOptions = ServerOptions(), holdingSearches: Bool = false, commons: String? = nil) throws {
        let set = folder.child("set")
        try FixtureSetWriter.write(in: set, latitude: Self.center.latitude, longitude: Self.center.longitude, count: Self.setPhotos)
        let type = holdingSearches ? "held" : "fixture"
        let commonsProvider = commons.map { #"{"name": "commons", "type": "commons", "endpoint": "\#($0)"}, "# } ?? ""
        let text =
            #"{"album": {"photos": \#(Self.albumPhotos)}, "downloads": {"retries": 0}, "providers": [\#(commonsProvider){"name": "demo", "type": "\#(type)", "path": "\#(set)", "timeoutSeconds": 600}]}"#
        let environment = ["HOME": folder.path]
        let factories: [any ProviderFactory] = [FixtureProviderFactory(), HeldSearchesFactory(gate: searches), CommonsProviderFactory()]
        let loader = ConfigLoader(registry: ProviderRegistry(factories), environment: environment, workingDirectory: folder.path)
        let config = try loader.parse(Array(text.utf8), path: try folder.write("config.json", text))
        let logger = Logger(label: "route-tests")
        let setup = ProviderSetup(
            config: config, loader: loader, logger: logger, http: HTTPClient(),
            retryPolicy: ProviderSetup.retryPolicy(config, environment: environment))
        library = Library(store: try Store(path: folder.child("store"), lockTimeout: 120), providers: setup, gazetteer: .bundled)
        routes = try TouristRoutes(library: library, options: options, logger: logger)
    }

    /// Runs `body` with a client of the app. Afterwards held searches go on and every fetch the
    /// test started is stopped, as when the server stops.
    func test(_ body: @Sendable (RouteClient) async throws -> Void) async throws {
        let app = Application(responder: HostAsAuthority(base: routes.responder), logger: Logger(label: "route-tests"))
        let csrf = routes.secrets.csrfToken
        do {
            try await app.test(.router) { client in try await body(RouteClient(client: client, csrf: csrf)) }
        } catch {
            await stopFetches()
            throw error
        }
        await stopFetches()
    }

    private func stopFetches() async {
        searches.open()
        await routes.jobs.cancelAll()
    }

    /// A pin added as `pin add` adds it, at the set's centre unless told otherwise.
    func addPin(_ name: String, latitude: Double = center.latitude, longitude: Double = center.longitude) throws -> Pin {
        try library.addPin(name: name, at: GeoPoint(latitude: latitude, longitude: longitude), radiusKm: 5).pin
    }

    /// A pin with its album filled, as `tourist fetch` fills it.
    func filledPin(_ name: String = "Eiffel") async throws -> Album {
        let pin = try addPin(name)
        return try await library.fetch(pin: pin.id).album
    }

    /// Waits for the `fetch-ended` event of pin `id` on `events` (subscribed before the fetch
    /// started); returns its data.
    static func fetchEnded(_ id: String, on events: AsyncStream<ServerEvent>) async throws -> [String: Any] {
        for await event in events {
            let lines = event.text.split(separator: "\n")
            guard lines.first == "event: fetch-ended", let data = lines.dropFirst().first?.dropFirst("data: ".count) else { continue }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
            if object["pin"] as? String == id { return object }
        }
        throw RouteTestFailure("the event stream ended before the fetch of \(id) did")
    }
}

/// Something a route test needed did not happen.
struct RouteTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
