import Hummingbird
import TouristCore

/// The map's search box and city labels, over the bundled gazetteer (`PlaceSearch`,
/// `Gazetteer.labels`): `GET /api/places?q=TEXT[&limit=N][&online=1]` and
/// `GET /api/places/labels?bbox=WEST,SOUTH,EAST,NORTH&zoom=Z[&limit=N]`. The gazetteer's first
/// load reads a few megabytes, so every call runs off the event loops: a search on the global
/// executor (`PlaceFinder.candidates`), labels on `ServerThreads.store`. `online=1` (the box sends
/// it on Enter, never while typing: Nominatim's policy forbids type-ahead) asks the config's
/// online geocoder when the gazetteer has nothing; its lookup waits its turn and for the network
/// on the global executor too.
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
        let query = try PlacesQuery(request.uri)
        if query.online, !secrets.isFromThePage(request.headers) {
            return APIError.response(.forbidden, Self.onlineRefusal)
        }
        let (text, limit) = (query.text, query.limit)
        // Online only when the geocoder is on: one its config refuses is not asked, as if off.
        let online = query.online && finder.geocoder != nil
        let candidates = try await withTaskExecutorPreference(globalConcurrentExecutor) { [finder] in
            try await finder.candidates(for: text, limit: limit, online: online)
        }
        return try APIRoutes.json(
            PlaceList(query: text, candidates: candidates.map(PlaceCandidateJSON.init), geocoder: finder.geocoder != nil))
    }

    /// Why an online lookup from elsewhere than this server's page is refused, and what to do.
    static let onlineRefusal =
        "online lookups (online=1) are answered only for this server's page (same origin, or its X-Tourist-CSRF token), so that another site cannot ask the geocoder under your contact; search from the page tourist serve printed"

    private func labels(_ request: Request) async throws -> Response {
        let query = try LabelsQuery(request.uri)
        let labels = try await ServerThreads.onStore { [finder] in
            try finder.gazetteer.gazetteer().labels(in: query.box, zoom: query.zoom, limit: query.limit)
        }
        return try APIRoutes.json(CityLabels(labels: labels.map(CityLabels.Label.init), attribution: Gazetteer.attribution))
    }
}
