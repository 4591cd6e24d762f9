import Commons
import CommonsStub
import Flickr
import FlickrStub
import Foundation
import Logging
import TestSupport
import TouristCore

/// `tourist-bench route-search`: a 594 km route (Beauvais to Bordeaux by Paris, Orléans, Tours,
/// Poitiers and Angoulême) with a 5 km corridor, searched for a 21-photo album through the real
/// Flickr and Commons providers against their fakes on 127.0.0.1, each provider alone. The photos:
/// 300 in Paris, 60 in each of Orléans, Tours, Poitiers and Bordeaux, one every 2 km along the line
/// (up to 4 km beside it), and as many 8 to 30 km beside it. Prints, per provider, the API requests
/// of the corridor's search against one search within 5 km of a point every 10 km along the line
/// (the naive way, each search asked for the album's 21 photos), and the most photos of the album
/// in any 50 km stretch against its share.
func routeSearchBench() async throws {
    let route = SampleRoutes.beauvaisToBordeaux
    guard let line = RouteLine(points: route.compactMap { try? GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }) else {
        fail("the sample route has no line")
    }
    let places = routePlaces(route)
    let flickrPhotos = places.enumerated().map { index, place in
        let id = String(53_800_000_000 + index)
        return FakePhoto(
            id: id, owner: "1000@N00", ownerName: "Walker", title: "Along \(index)", latitude: place.latitude,
            longitude: place.longitude, license: 4, dateTaken: "2023-05-01 12:00:00", secret: String(format: "%010x", index),
            originalSecret: "o1", sizes: ["m": FakePhoto.image(id: id, size: "m", bytes: 600)])
    }
    let flickr = try FakeFlickr(apiKey: "bench", photos: flickrPhotos)
    let commons = try FakeCommons(
        files: places.enumerated().map { FakeCommonsFile(pageID: 9000 + $0, latitude: $1.latitude, longitude: $1.longitude) })
    let providers = [
        (
            "flickr", #"{"name": "flickr", "type": "flickr", "apiKey": "bench", "endpoint": "\#(flickr.endpoint)"}"#,
            { flickr.apiCalls("flickr.photos.search") }
        ),
        (
            "commons", #"{"name": "commons", "type": "commons", "endpoint": "\#(commons.endpoint)", "contact": "bench@example.org"}"#,
            { commons.apiRequests.count }
        ),
    ]
    let corridor = RouteCorridor(line: line, radiusKm: 5)
    let naivePoints = stride(from: 0.0, through: line.lengthKm, by: 10).map { line.point(atKm: $0) }
    print(
        "| provider | route's requests | naive requests (\(naivePoints.count) searches) | ratio | photos | most in 50 km (share \(String(format: "%.2f", 21 * 50 / line.lengthKm))) |"
    )
    print("|---|---|---|---|---|---|")
    for (name, entry, requests) in providers {
        let router = try benchRouter(entry)
        let before = requests()
        let found = await router.search(.corridor(corridor), count: 21, exclude: [])
        let routeRequests = requests() - before
        let naiveStart = requests()
        for point in naivePoints {
            _ = await router.search(center: point, radiusKm: 5, count: 21, exclude: [])
        }
        let naive = requests() - naiveStart
        let kilometres = found.candidates.compactMap { $0.location.map { line.project($0).kmAlong } }
        let densest =
            stride(from: 0.0, to: line.lengthKm - 50, by: 1).map { start in kilometres.count { $0 >= start && $0 < start + 50 } }.max() ?? 0
        print(
            "| \(name) | \(routeRequests) | \(naive) | \(String(format: "%.2f", Double(routeRequests) / Double(max(naive, 1))))x | \(found.candidates.count) | \(densest) (\(String(format: "%.1f", Double(densest) / (21 * 50 / line.lengthKm)))x its share) |"
        )
        await router.shutdown()
    }
}

/// The photos' places: cities on the line, photos along it and beside it (deterministic).
private func routePlaces(_ route: [(latitude: Double, longitude: Double)]) -> [(latitude: Double, longitude: Double)] {
    var places: [(latitude: Double, longitude: Double)] = []
    let cities = [(48.8566, 2.3522, 300), (47.9030, 1.9093, 60), (47.3941, 0.6848, 60), (46.5802, 0.3404, 60), (44.8378, -0.5792, 60)]
    for (latitude, longitude, count) in cities {
        for index in 0..<count {
            let angle = Double(index) * 2.399963, distance = 0.02 * Double(index % 15)
            places.append((latitude + distance * cos(angle) / 2, longitude + distance * sin(angle)))
        }
    }
    for (index, point) in SampleRoutes.positions(along: route, everyKm: 2).enumerated() {
        let aside = Double(index % 9 - 4) / 111.2
        places.append((point.latitude + aside, point.longitude))
        let far = (8 + Double(index % 23)) / 111.2 * (index % 2 == 0 ? 1 : -1)
        places.append((point.latitude, point.longitude + far / cos(point.latitude * .pi / 180)))
    }
    return places
}

/// A router over one provider built from its config entry, as `tourist` builds it (no retries).
private func benchRouter(_ entry: String) throws -> Router {
    let text = #"{"downloads": {"retries": 0}, "providers": [\#(entry)]}"#
    let loader = ConfigLoader(
        registry: ProviderRegistry([FlickrProviderFactory(), CommonsProviderFactory()]), environment: [:], workingDirectory: "/tmp")
    let config = try loader.parse(Array(text.utf8), path: "bench.json")
    let setup = ProviderSetup(
        config: config, loader: loader, logger: Logger(label: "bench"), http: HTTPClient(), retryPolicy: RetryPolicy(retries: 0))
    return try setup.router(store: nil)
}
