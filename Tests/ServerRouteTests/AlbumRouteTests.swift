import Foundation
import HTTPTypes
import Testing
import TestSupport
import TouristCore
@testable import TouristServer

/// An album through the API: reading it, filling it (at most one fetch per pin at a time),
/// deleting photos, one photo's page.
@Suite struct AlbumRouteTests {
    @Test func fetchesBeyondTheServersLimitAreToldToComeBack() async throws {
        let harness = try RouteHarness(holdingSearches: true)
        let pins = try (0...FetchJobs.limit).map {
            try harness.addPin("Place \($0)", latitude: RouteHarness.center.latitude + Double($0) / 100)
        }
        try await harness.test { client in
            // Every search is held, so the first fetches are all still running when the last asks.
            for pin in pins.dropLast() {
                #expect(try await client.send(.post, "/api/pins/\(pin.id)/fetch").status == .accepted)
            }
            let refused = try await client.send(.post, "/api/pins/\(try #require(pins.last).id)/fetch")
            #expect(refused.status == .serviceUnavailable && refused.headers[.retryAfter] == "10", "\(refused.text)")
            #expect(refused.error == "\(FetchJobs.limit) albums are being filled already; try again when one finishes")
        }
    }

    @Test func anAlbumIsReadAsTheCLIShowsItWithoutFilePaths() async throws {
        let harness = try RouteHarness()
        let album = try await harness.filledPin()
        try await harness.test { client in
            let answer = try await client.get("/api/pins/\(album.pin.id)/album")
            #expect(answer.status == .ok && answer.headers[.cacheControl] == "no-store")
            let page = try answer.object()
            let pin = try #require(page["pin"] as? [String: Any])
            #expect(
                pin["id"] as? String == album.pin.id && pin["state"] as? String == "ready"
                    && pin["photos"] as? Int == RouteHarness.albumPhotos)
            #expect(page["target"] as? Int == RouteHarness.albumPhotos && page["fetching"] as? Bool == false)
            let photos = try #require(page["photos"] as? [[String: Any]])
            #expect(photos.map { $0["id"] as? String } == album.photos.map(\.key.description))
            #expect(photos.allSatisfy { $0["state"] as? String == "stored" && $0["sha256"] is String && $0["path"] is NSNull })
            // The pin is found by its name too, as in the CLI.
            #expect(try await client.get("/api/pins/Eiffel/album").status == .ok)
        }
    }

    @Test func aFetchIsAcceptedOnceAndASecondStartWhileItRunsIsAConflict() async throws {
        let harness = try RouteHarness(holdingSearches: true)
        let pin = try harness.addPin("Eiffel")
        let events = harness.routes.hub.subscribe()
        try await harness.test { client in
            let started = try await client.send(.post, "/api/pins/\(pin.id)/fetch")
            #expect(started.status == .accepted, "\(started.text)")
            #expect(try started.object()["started"] as? Bool == true)
            // Its search is held: the fetch runs until the test lets it go on.
            #expect(try await client.get("/api/pins/\(pin.id)/album").object()["fetching"] as? Bool == true)
            for kind in ["fetch", "new-collection"] {
                let again = try await client.send(.post, "/api/pins/\(pin.id)/\(kind)")
                #expect(again.status == .conflict, "\(kind): \(again.text)")
                #expect(again.error?.contains("being filled already") == true, "\(again.text)")
            }
            harness.searches.open()
            let ended = try await RouteHarness.fetchEnded(pin.id, on: events)
            #expect(ended["kind"] as? String == "complete", "\(ended)")
            let album = try await client.get("/api/pins/\(pin.id)/album").object()
            #expect(album["fetching"] as? Bool == false)
            #expect((album["photos"] as? [Any])?.count == RouteHarness.albumPhotos)
            #expect((album["pin"] as? [String: Any])?["state"] as? String == "ready")
            // Once it has ended, the pin can be filled again: a new collection of other photos.
            #expect(try await client.send(.post, "/api/pins/\(pin.id)/new-collection").status == .accepted)
            #expect(try await RouteHarness.fetchEnded(pin.id, on: events)["kind"] as? String == "complete")
            let fresh = try harness.library.album(pin.id).photos.map(\.key)
            let first = try #require(album["photos"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            #expect(fresh.count == RouteHarness.albumPhotos && Set(fresh.map(\.description)).isDisjoint(with: first))
        }
    }

    /// Commons offline (a port on 127.0.0.1 nobody listens on) and the set has nothing near the
    /// pin: the album says the fetch failed because a provider could not be asked, never that the
    /// place is empty, with the notes, advice and button the album page shows.
    @Test func anAlbumNobodyCouldFillBecauseCommonsIsOfflineIsNotEmpty() async throws {
        let closed = try BoundSocket()
        let harness = try RouteHarness(commons: "http://127.0.0.1:\(closed.port)/w/api.php")
        let pin = try harness.addPin("Zürich", latitude: 47.3769, longitude: 8.5417)
        let events = harness.routes.hub.subscribe()
        try await harness.test { client in
            #expect(try await client.send(.post, "/api/pins/\(pin.id)/fetch").status == .accepted)
            let ended = try await RouteHarness.fetchEnded(pin.id, on: events)
            #expect(ended["kind"] as? String == "not-asked", "\(ended)")
            let album = try await client.get("/api/pins/\(pin.id)/album").object()
            let report = try #require(album["report"] as? [String: Any])
            let headline = "commons could not be reached (offline?); demo found no photos within 5 km of \"Zürich\""
            #expect(report["kind"] as? String == "not-asked" && report["headline"] as? String == headline, "\(report)")
            let notes = try #require(report["notes"] as? [[String: Any]])
            #expect(
                notes.map { $0["provider"] as? String } == ["commons"]
                    && notes.map { $0["text"] as? String } == ["commons could not be reached (offline?)"], "\(notes)")
            let advice = try #require(report["advice"] as? [String: Any])
            #expect(
                advice["action"] as? String == "retry" && advice["page"] as? String == "Try again when online."
                    && advice["button"] as? String == "Try again")
            let shown = try #require(album["pin"] as? [String: Any])
            #expect(
                shown["state"] as? String == "failed" && shown["failure"] as? String == "not-asked"
                    && shown["error"] as? String == headline, "\(shown)")
            // The pin list (the map) says the same: failed, not empty.
            let listed = try await client.get("/api/pins").object()
            let pins = try #require(listed["pins"] as? [[String: Any]])
            #expect(pins.first { $0["id"] as? String == pin.id }?["state"] as? String == "failed", "\(pins)")
        }
        withExtendedLifetime(closed) {}
    }

    @Test func deletedPhotosLeaveTheAlbumAndTheirFilesGo() async throws {
        let harness = try RouteHarness()
        let album = try await harness.filledPin()
        let ids = album.photos.map(\.key.description)
        try await harness.test { client in
            // A photo named twice is removed once.
            let removed = try await client.send(
                .post, "/api/pins/\(album.pin.id)/photos/delete", json: #"{"photos": ["\#(ids[0])", "\#(ids[1])", "\#(ids[0])"]}"#)
            #expect(removed.status == .ok, "\(removed.text)")
            let answer = try removed.object()
            #expect(answer["removed"] as? [String] == [ids[0], ids[1]] && answer["deletedFiles"] as? Int == 2)
            #expect(answer["pin"] as? String == album.pin.id, "the shape of `photo rm --json`: \(answer)")
            #expect(try harness.library.album(album.pin.id).photos.map(\.key.description) == Array(ids.dropFirst(2)))
            // The photos left, each with its thumbnail and preview.
            #expect(try harness.library.store.blobs.allHashes().count == 3 * (ids.count - 2))

            let unknown = try await client.send(.post, "/api/pins/\(album.pin.id)/photos/delete", json: #"{"photos": ["demo:nope"]}"#)
            #expect(unknown.status == .notFound, "\(unknown.text)")
            let none = try await client.send(.post, "/api/pins/\(album.pin.id)/photos/delete", json: #"{"photos": []}"#)
            #expect(none.status == .badRequest && none.error == "name at least one photo to delete")
            let notAnID = try await client.send(.post, "/api/pins/\(album.pin.id)/photos/delete", json: #"{"photos": ["p-001"]}"#)
            #expect(notAnID.status == .badRequest && notAnID.error?.contains("is not a photo id") == true, "\(notAnID.text)")
            #expect(try harness.library.album(album.pin.id).photos.count == ids.count - 2)
        }
    }

    @Test func aPhotoHasItsOwnPage() async throws {
        let harness = try RouteHarness()
        let album = try await harness.filledPin()
        let photo = try #require(album.photos.first)
        try await harness.test { client in
            let answer = try await client.get(
                "/api/pins/\(album.pin.id)/photos/\(photo.key.description.replacingOccurrences(of: ":", with: "%3A"))")
            #expect(answer.status == .ok, "\(answer.text)")
            let page = try answer.object()
            #expect((page["pin"] as? [String: Any])?["id"] as? String == album.pin.id)
            let shown = try #require(page["photo"] as? [String: Any])
            #expect(
                shown["id"] as? String == photo.key.description && shown["sha256"] as? String == photo.sha256 && shown["path"] is NSNull)
            #expect(try await client.get("/api/pins/\(album.pin.id)/photos/demo%3Anope").status == .notFound)
            #expect(try await client.get("/api/pins/\(album.pin.id)/photos/nope").status == .badRequest)
        }
    }

    /// A photo's page names the photos before and after it in the album's order, for Previous and
    /// Next; a deleted photo is stepped over.
    @Test func aPhotoPageNamesItsNeighboursInTheAlbumsOrder() async throws {
        let harness = try RouteHarness()
        let album = try await harness.filledPin()
        let ids = album.photos.map(\.key.description)
        try await harness.test { client in
            func neighbours(_ id: String) async throws -> [String?] {
                let page = try await client.get("/api/pins/\(album.pin.id)/photos/\(id.replacingOccurrences(of: ":", with: "%3A"))")
                    .object()
                return [page["previous"] as? String, page["next"] as? String]
            }
            var seen = [try await neighbours(ids[0]), try await neighbours(ids[1]), try await neighbours(ids[ids.count - 1])]
            #expect(seen == [[nil, ids[1]], [ids[0], ids[2]], [ids[ids.count - 2], nil]])
            #expect(
                try await client.send(.post, "/api/pins/\(album.pin.id)/photos/delete", json: #"{"photos": ["\#(ids[1])"]}"#).status == .ok)
            seen = [try await neighbours(ids[0]), try await neighbours(ids[2])]
            #expect(seen == [[nil, ids[2]], [ids[0], ids[3]]])
        }
    }

    /// While a new collection of this server searches, the album says so (`replacing`): the photos
    /// it lists are the ones being replaced. A fetch is not a replacement.
    @Test func anAlbumSaysWhenANewCollectionIsReplacingIt() async throws {
        let harness = try RouteHarness(holdingSearches: true)
        let collected = try harness.addPin("Eiffel")
        let fetched = try harness.addPin("Louvre", latitude: 48.8606, longitude: 2.3376)
        let events = harness.routes.hub.subscribe()
        try await harness.test { client in
            #expect(try await client.get("/api/pins/\(collected.id)/album").object()["replacing"] as? Bool == false)
            #expect(try await client.send(.post, "/api/pins/\(collected.id)/new-collection").status == .accepted)
            #expect(try await client.send(.post, "/api/pins/\(fetched.id)/fetch").status == .accepted)
            // Both searches are held: both are running while the test looks.
            let replacing = try await client.get("/api/pins/\(collected.id)/album").object()
            #expect(replacing["replacing"] as? Bool == true && replacing["fetching"] as? Bool == true, "\(replacing)")
            let filling = try await client.get("/api/pins/\(fetched.id)/album").object()
            #expect(filling["replacing"] as? Bool == false && filling["fetching"] as? Bool == true, "\(filling)")
            harness.searches.open()
            _ = try await RouteHarness.fetchEnded(collected.id, on: events)
            #expect(try await client.get("/api/pins/\(collected.id)/album").object()["replacing"] as? Bool == false)
        }
    }
}
