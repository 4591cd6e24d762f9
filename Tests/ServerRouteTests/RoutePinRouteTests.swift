import Foundation
import Testing
import TestSupport
import TouristCore
@testable import TouristServer

/// A route pin through the API: its line for the map, its length in the pin's words, and each
/// photo's kilometre along it in the album, in the line's order.
@Suite struct RoutePinRouteTests {
    @Test func aRoutePinSendsItsLineAndEachPhotosKilometre() async throws {
        let harness = try RouteHarness()
        // North from the set's centre for 2.2 km: the set's photos lie along it, 100 m apart.
        let route = [
            (RouteHarness.center.latitude, RouteHarness.center.longitude),
            (RouteHarness.center.latitude + 0.02, RouteHarness.center.longitude),
        ]
        let file = try harness.folder.write("walk.gpx", SampleRoutes.gpx(route.map { (latitude: $0.0, longitude: $0.1) }, name: "Walk"))
        let pin = try harness.library.addRoute(file: file, name: nil, radiusKm: 0.5).pin
        #expect(pin.name == "Walk" && pin.isRoute)
        _ = try await harness.library.fetch(pin: pin.id)
        try await harness.test { client in
            let line = try await client.get("/api/pins/\(pin.id)/route").object()
            #expect((line["points"] as? [[Double]])?.count == 2)
            #expect(abs((line["lengthKm"] as? Double ?? 0) - 2.22) < 0.01 && line["lengthText"] as? String == "2 km", "\(line)")
            let album = try await client.get("/api/pins/\(pin.id)/album").object()
            #expect((album["route"] as? [String: Any])?["lengthKm"] as? Double == line["lengthKm"] as? Double)
            let photos = try #require(album["photos"] as? [[String: Any]])
            let kilometres = photos.compactMap { $0["routeKm"] as? Double }
            #expect(photos.count == RouteHarness.albumPhotos && kilometres.count == photos.count)
            #expect(kilometres == kilometres.sorted(), "the album is in the line's order: \(kilometres)")
            #expect(photos.allSatisfy { ($0["routeKmText"] as? String)?.hasPrefix("km ") == true })
            let pins = try #require(try await client.get("/api/pins").object()["pins"] as? [[String: Any]])
            #expect(
                pins.first?["routeText"] as? String == "route of 2 km" && pins.first?["routeKm"] as? Double == line["lengthKm"] as? Double)
            // A pin on a place has no line.
            let place = try harness.addPin("Eiffel")
            #expect(try await client.get("/api/pins/\(place.id)/route").status == .notFound)
        }
    }
}
