import Fixture
import Foundation
import Testing
import TestSupport
@testable import TouristCore

/// Searching a route's corridor through the router with real fixture providers: only photos inside
/// the corridor, spread along the line rather than all from its densest city, and every query counted.
@Suite struct RouteSearchTests {
    let folder = TemporaryDirectory()
    let line = RouteLine(points: SampleRoutes.points(SampleRoutes.beauvaisToBordeaux))!

    /// A fixture provider with 60 photos in Paris (km 64 of the route), one photo every 60 km along
    /// the line, and one 20 km across the line from each of those.
    func provider() throws -> ConfiguredProvider {
        let set = folder.child("route")
        try FileManager.default.createDirectory(atPath: set + "/img", withIntermediateDirectories: true)
        var photos: [FixtureSetWriter.Photo] = []
        func add(_ id: String, _ point: GeoPoint) throws {
            let name = "img/\(id).jpg"
            try FixtureSetWriter.jpegLikeBytes(seed: id, count: 512).write(to: URL(fileURLWithPath: set + "/" + name))
            photos.append(FixtureSetWriter.Photo(id: id, latitude: point.latitude, longitude: point.longitude, files: ["m": name]))
        }
        for index in 0..<60 {
            try add(String(format: "paris-%02d", index), try GeoPoint(latitude: 48.8566 + Double(index) * 0.0003, longitude: 2.3522))
        }
        for km in stride(from: 30.0, to: line.lengthKm, by: 60) {
            let here = line.point(atKm: km)
            try add("on-\(Int(km))", here)
            let across = CorridorSamples.bearing(line.point(atKm: km - 1), line.point(atKm: km + 1)) + 90
            try add("off-\(Int(km))", CorridorSamples.moved(here, km: 20, bearing: across))
        }
        try FixtureSetWriter.writeManifest(photos, in: set)
        let entry = TouristConfig.ProviderEntry(
            name: "route", type: "fixture", enabled: true, timeoutSeconds: nil, concurrency: nil, coverage: nil,
            options: ProviderOptions(file: "test", path: "providers[0]", values: [:]), written: .null
        )
        return ConfiguredProvider(entry: entry, provider: try FixtureProvider(name: "route", folder: set))
    }

    @Test func photosOfTheCorridorSpreadAlongTheLine() async throws {
        let corridor = RouteCorridor(line: line, radiusKm: 5)
        let router = Router(providers: [try provider()])
        let result = await router.search(.corridor(corridor), count: 10, exclude: [])
        #expect(result.candidates.count == 10)
        #expect(result.candidates.allSatisfy { !$0.key.id.hasPrefix("off-") }, "photos 20 km off the line are outside the corridor")
        let fromParis = result.candidates.count { $0.key.id.hasPrefix("paris-") }
        #expect(fromParis <= 2, "\(fromParis) of 10 photos from Paris, where 60 of the route's 70 are")
        let queries = CorridorCovering(corridor: corridor, shapes: .unstated).queries(limit: 10).count
        #expect(result.requests["route"] == queries, "one request a query: \(result.requests) for \(queries) queries")
        #expect(Double(queries) <= 0.7 * (line.lengthKm / 10), "\(queries) queries: fewer than one every 10 km")
    }

    @Test func anAlbumOfARouteIsInTheOrderOfTheLine() throws {
        let pin = Pin(id: "0000abcd", name: "trip", location: line.start, radiusKm: 5, createdAt: Date())
        var album = Album(pin: pin, target: 3)
        album.route = line
        for (id, km) in [("c", 400.0), ("a", 10), ("b", 200)] {
            let candidate = PhotoCandidate(key: PhotoKey(provider: "p", id: id), title: id, location: line.point(atKm: km), sources: [:])
            album.photos.append(AlbumPhoto(candidate: candidate, size: .small240))
        }
        album.orderAlongRoute()
        #expect(album.photos.map(\.key.id) == ["a", "b", "c"])
        #expect(album.photos.compactMap { album.routeKm(of: $0).map { Int($0.rounded()) } } == [10, 200, 400])
    }
}
