import Foundation
import HTTPTypes
import Testing
import TouristCore
@testable import TouristServer

/// `POST /api/pins/ID/new-collection` when fewer unseen photos are left than the album holds: the
/// album stays and the `fetch-ended` event says how many, with the question the page asks; the
/// same request with `{"allowFewer": true}` (the page's Replace) replaces it.
@Suite struct NewCollectionRouteTests {
    @Test func fewerUnseenPhotosLeaveTheAlbumUntilThePageAllowsFewer() async throws {
        let harness = try RouteHarness()
        // 0.55 km holds the set's first 5 photos: the album takes 4, and 1 is left unseen.
        let place = try GeoPoint(latitude: RouteHarness.center.latitude, longitude: RouteHarness.center.longitude)
        let pin = try harness.library.addPin(name: "Near", at: place, radiusKm: 0.55).pin
        let before = try await harness.library.fetch(pin: pin.id).album.photos.map(\.key)
        #expect(before.count == RouteHarness.albumPhotos)
        let events = harness.routes.hub.subscribe()
        try await harness.test { client in
            #expect(try await client.send(.post, "/api/pins/\(pin.id)/new-collection").status == .accepted)
            let asked = try await RouteHarness.fetchEnded(pin.id, on: events)
            let report = try #require(asked["report"] as? [String: Any], "\(asked)")
            let advice = try #require(report["advice"] as? [String: Any], "\(report)")
            #expect(asked["kind"] as? String == "few-unseen" && report["unseen"] as? Int == 1, "\(asked)")
            #expect(report["headline"] as? String == "only 1 unseen photo is left within 0.55 km of \"Near\"; the album is unchanged")
            #expect(advice["action"] as? String == "allow-fewer" && advice["button"] as? String == "Replace")
            #expect(advice["question"] as? String == "Only 1 unseen photo is left within 0.55 km: replace 4 photos with 1?")
            #expect(try harness.library.album(pin.id).photos.map(\.key) == before)
            let page = try await client.get("/api/pins/\(pin.id)/album").object()
            #expect((page["pin"] as? [String: Any])?["state"] as? String == "ready" && (page["photos"] as? [Any])?.count == before.count)

            // A body that is not what the call takes is refused, and starts nothing.
            let wrong = try await client.send(.post, "/api/pins/\(pin.id)/new-collection", json: #"{"allowFewer": "yes"}"#)
            #expect(wrong.status == .badRequest && wrong.error?.contains("not the JSON this call takes") == true, "\(wrong.text)")

            #expect(try await client.send(.post, "/api/pins/\(pin.id)/new-collection", json: #"{"allowFewer": true}"#).status == .accepted)
            let replaced = try await RouteHarness.fetchEnded(pin.id, on: events)
            let short = try #require(replaced["report"] as? [String: Any], "\(replaced)")
            #expect(replaced["kind"] as? String == "short", "\(replaced)")
            #expect(
                short["headline"] as? String
                    == "the new collection of \"Near\" has 1 of 4 photos: only 1 unseen photo was left within 0.55 km")
            // No provider said to wait: the page's words are the CLI's, a wider radius or another provider.
            let words = try #require(short["advice"] as? [String: Any])
            #expect(words["action"] as? String == "widen-radius" && (words["page"] as? String)?.contains("in a while") == false, "\(words)")
            #expect(try harness.library.album(pin.id).photos.map(\.key.id) == ["p-005"])
        }
    }
}
