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
        var places: [(String, GeoPoint)] = []
        for index in 0..<60 {
            places.append(
                (String(format: "paris-%02d", index), try GeoPoint(latitude: 48.8566 + Double(index) * 0.0003, longitude: 2.3522)))
        }
        for km in stride(from: 30.0, to: line.lengthKm, by: 60) {
            let here = line.point(atKm: km)
            places.append(("on-\(Int(km))", here))
            let across = line.point(atKm: km - 1).bearing(to: line.point(atKm: km + 1)) + 90
            places.append(("off-\(Int(km))", here.moved(km: 20, bearing: across)))
        }
        return try provider(places)
    }

    /// A fixture provider with a photo at each of `places`.
    func provider(_ places: [(id: String, point: GeoPoint)]) throws -> ConfiguredProvider {
        let set = folder.child("route")
        try FileManager.default.createDirectory(atPath: set + "/img", withIntermediateDirectories: true)
        var photos: [FixtureSetWriter.Photo] = []
        func add(_ id: String, _ point: GeoPoint) throws {
            let name = "img/\(id).jpg"
            try FixtureSetWriter.jpegLikeBytes(seed: id, count: 512).write(to: URL(fileURLWithPath: set + "/" + name))
            photos.append(FixtureSetWriter.Photo(id: id, latitude: point.latitude, longitude: point.longitude, files: ["m": name]))
        }
        for (id, point) in places { try add(id, point) }
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
        #expect((result.requests["route"] ?? 0) <= queries, "at most one request a query: \(result.requests) for \(queries) queries")
        #expect(Double(queries) <= 0.7 * (line.lengthKm / 10), "\(queries) queries: fewer than one every 10 km")
    }

    @Test func aCorridorIsReadNoFurtherThanTheAlbumNeeds() async throws {
        // A photo every 2 km along the line: five photos, one from each fifth of it, take a few queries.
        let places = stride(from: 1.0, to: line.lengthKm, by: 2).map { ("km-\(Int($0))", line.point(atKm: $0)) }
        let corridor = RouteCorridor(line: line, radiusKm: 5)
        let router = Router(providers: [try provider(places)])
        let queries = CorridorCovering(corridor: corridor, shapes: .unstated).queries(limit: 5).count
        let few = await router.search(.corridor(corridor), count: 5, exclude: [])
        let fifths = Set(few.candidates.compactMap { $0.location.map { Int(line.project($0).kmAlong / line.lengthKm * 5) } })
        #expect(few.candidates.count == 5 && fifths == [0, 1, 2, 3, 4], "one photo from each fifth of the line: \(fifths)")
        let fewRequests = few.requests["route"] ?? 0
        #expect(fewRequests >= 5 && fewRequests * 2 <= queries, "\(fewRequests) requests of \(queries) queries for 5 photos")
        // More photos than the corridor holds: every query is read, once.
        let all = await router.search(.corridor(corridor), count: places.count + 10, exclude: [])
        #expect(all.candidates.count == places.count)
        #expect(all.requests["route"] == queries, "\(all.requests) for \(queries) queries")
    }

    @Test func queriesAreReadSpreadAlongTheLine() {
        #expect(CorridorProgress.spreadOrder(5) == [0, 4, 2, 1, 3])
        #expect(CorridorProgress.spreadOrder(1) == [0])
        #expect(CorridorProgress.spreadOrder(0).isEmpty)
        #expect(Set(CorridorProgress.spreadOrder(37)) == Set(0..<37) && CorridorProgress.spreadOrder(37).count == 37)
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
