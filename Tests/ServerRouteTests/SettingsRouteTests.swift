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
}
