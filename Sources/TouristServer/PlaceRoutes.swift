import Hummingbird
import TouristCore

/// The map's search box and city labels, over the bundled gazetteer (`PlaceSearch`,
/// `Gazetteer.labels`): `GET /api/places?q=TEXT[&limit=N][&online=1]` and
/// `GET /api/places/labels?bbox=WEST,SOUTH,EAST,NORTH&zoom=Z[&limit=N]`. The gazetteer's first
/// load reads a few megabytes, so every call runs on `ServerThreads.store`, off the event loops.
/// `online=1` (the box sends it on Enter, never while typing: Nominatim's policy forbids
/// type-ahead) asks the config's online geocoder when the gazetteer has nothing (`PlaceFinder`);
/// its lookup waits its turn and for the network on the global executor, not on an event loop.
/// It is answered only for this server's page (`ServerSecrets.isFromThePage`): another site's
/// `<img src=…>` must not send lookups to the geocoder under the user's contact (403 instead).
struct PlaceRoutes: Sendable {
    let finder: PlaceFinder
    let secrets: ServerSecrets

    func add(to router: Hummingbird.Router<BasicRequestContext>) {
        router.get("/api/places") { request, _ in try await places(request) }
        router.get("/api/places/labels") { request, _ in try await labels(request) }
    }

    private func places(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        guard let text = query.get("q") else {
            throw BadRequest(message: "say what to look up: /api/places?q=Kyoto, or q=48.8584,2.2945 for coordinates")
        }
        let limit = try Self.integer(query.get("limit"), name: "limit", in: 1...PlaceSearch.maximumLimit) ?? PlaceSearch.defaultLimit
        let online = try Self.integer(query.get("online"), name: "online", in: 0...1) == 1
        if online, !secrets.isFromThePage(request.headers) {
            return APIError.response(.forbidden, Self.onlineRefusal)
        }
        var candidates = try await ServerThreads.onStore { try PlaceSearch().candidates(for: text, limit: limit) }
        if candidates.isEmpty, online, finder.geocoder != nil {
            candidates = try await withTaskExecutorPreference(globalConcurrentExecutor) { [finder] in
                try await finder.onlineCandidates(for: text, limit: limit)
            }
        }
        return try APIRoutes.json(PlaceList(query: text, candidates: candidates.map(PlaceCandidateJSON.init), geocoder: finder.geocoder != nil))
    }

    /// Why an online lookup from elsewhere than this server's page is refused, and what to do.
    static let onlineRefusal = "online lookups (online=1) are answered only for this server's page (same origin, or its X-Tourist-CSRF token), so that another site cannot ask the geocoder under your contact; search from the page tourist serve printed"

    private func labels(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        let box = try Self.box(query.get("bbox"))
        guard let zoom = try Self.integer(query.get("zoom"), name: "zoom", in: 0...24) else {
            throw BadRequest(message: "say the map's zoom: zoom=0 to 24, as in /api/places/labels?bbox=-10,35,30,60&zoom=4")
        }
        let limit = try Self.integer(query.get("limit"), name: "limit", in: 1...Gazetteer.maximumLabels) ?? Gazetteer.defaultLabels
        let labels = try await ServerThreads.onStore { try Gazetteer.bundled().labels(in: box, zoom: zoom, limit: limit) }
        return try APIRoutes.json(CityLabels(labels: labels.map(CityLabels.Label.init), attribution: Gazetteer.attribution))
    }

    /// `text` as a whole number in `range`; nil when absent.
    private static func integer(_ text: String?, name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw BadRequest(message: "\(name) \"\(text)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// `bbox=WEST,SOUTH,EAST,NORTH` in degrees; WEST larger than EAST crosses the antimeridian.
    private static func box(_ text: String?) throws -> TouristConfig.BoundingBox {
        let form = "bbox=WEST,SOUTH,EAST,NORTH in degrees, as in bbox=-10,35,30,60 (longitudes -180 to 180, latitudes -90 to 90, SOUTH <= NORTH)"
        guard let text else { throw BadRequest(message: "say where the map is: \(form)") }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let west = numbers[0], let south = numbers[1], let east = numbers[2], let north = numbers[3],
              [west, east].allSatisfy({ (-180...180).contains($0) }), [south, north].allSatisfy({ (-90...90).contains($0) }), south <= north else {
            throw BadRequest(message: "bbox \"\(text)\" is not a box: \(form)")
        }
        return TouristConfig.BoundingBox(minLongitude: west, minLatitude: south, maxLongitude: east, maxLatitude: north)
    }
}
