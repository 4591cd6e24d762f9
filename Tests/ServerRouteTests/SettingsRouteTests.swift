import Foundation
import Testing
import TouristCore
@testable import TouristServer

/// `/api/settings` and `/api/view`: what the page needs to start, and where the map was left.
@Suite struct SettingsRouteTests {
    @Test func theMapViewIsKeptInTheStoreAndOfferedBack() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            let fresh = try await client.get("/api/settings").object()
            #expect(fresh["tiles"] is NSNull && fresh["view"] is NSNull)
            #expect(fresh["version"] as? String == TouristVersion.current)

            let saved = try await client.send(.put, "/api/view", json: #"{"latitude": 48.85, "longitude": 2.29, "zoom": 12}"#)
            #expect(saved.status == .noContent, "\(saved.text)")
            let view = try #require(try await client.get("/api/settings").object()["view"] as? [String: Any])
            #expect(view["latitude"] as? Double == 48.85 && view["longitude"] as? Double == 2.29 && view["zoom"] as? Double == 12)

            for bad in [#"{"latitude": 100, "longitude": 2.29, "zoom": 12}"#, #"{"latitude": 48.85}"#] {
                #expect(try await client.send(.put, "/api/view", json: bad).status == .badRequest, "\(bad)")
            }
        }
        #expect(MapView.load(from: harness.library.store)?.zoom == 12)
    }

    /// The rules and words a page would otherwise copy: the radii a form offers (those `PinRadius`
    /// takes), a new pin's radius, what each configured provider is called, what an unnamed pin is
    /// called and how to turn the geocoder on.
    @Test func theRadiiAndNamesAreTheCoresOwn() async throws {
        let harness = try RouteHarness(commons: "http://127.0.0.1:9")
        try await harness.test { client in
            let settings = try await client.get("/api/settings").object()
            let radius = try #require(settings["radius"] as? [String: Any])
            let minimum = try #require(radius["minimumKm"] as? Double)
            let maximum = try #require(radius["maximumKm"] as? Double)
            #expect(try PinRadius.checked(minimum) == minimum && PinRadius.checked(maximum) == maximum)
            #expect(throws: LibraryError.self) { try PinRadius.checked(maximum.nextUp) }
            #expect(radius["defaultKm"] as? Double == Defaults.radiusKm)
            let names = try #require(settings["names"] as? [String: Any])
            // By the provider's type: the set is a fixture, "commons" is Wikimedia Commons.
            #expect(names["providers"] as? [String: String] == ["demo": "the demo set", "commons": "Wikimedia Commons"])
            #expect(names["unnamedPin"] as? String == PinName.defaultDescription)
            #expect((names["geocoderAdvice"] as? String)?.contains("docs/places.md") == true)
        }
    }
}
