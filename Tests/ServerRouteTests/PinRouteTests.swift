import HTTPTypes
import Testing
import TouristCore

/// `/api/pins`: the pin list, adding a pin (and refusing a bad one), removing one, and an unknown
/// pin answered 404 by every route that names one.
@Suite struct PinRouteTests {
    @Test func thePinListIsTheCLIsOldestFirst() async throws {
        let harness = try RouteHarness()
        let first = try harness.addPin("Eiffel")
        let second = try harness.addPin("Louvre", latitude: 48.8606, longitude: 2.3376)
        try await harness.test { client in
            let list = try await client.get("/api/pins")
            #expect(list.status == .ok)
            #expect(list.headers[.contentType] == "application/json" && list.headers[.cacheControl] == "no-store")
            let pins = try #require(try list.object()["pins"] as? [[String: Any]])
            #expect(pins.map { $0["id"] as? String } == [first.id, second.id])
            #expect(pins.map { $0["name"] as? String } == ["Eiffel", "Louvre"])
            #expect(pins.allSatisfy { $0["state"] as? String == "new" && $0["photos"] as? Int == 0 && $0["radiusKm"] as? Double == 5 })
            #expect(pins.first?["latitude"] as? Double == RouteHarness.center.latitude)
        }
    }

    @Test func aPinIsAddedOnceAndAnsweredAsTheCLIShowsIt() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            let body = #"{"name": "Eiffel", "latitude": 48.8584, "longitude": 2.2945, "radiusKm": 3}"#
            let added = try await client.send(.post, "/api/pins", json: body)
            #expect(added.status == .created, "\(added.text)")
            let pin = try added.object()
            let id = try #require(pin["id"] as? String)
            #expect(pin["name"] as? String == "Eiffel" && pin["state"] as? String == "new" && pin["radiusKm"] as? Double == 3)
            #expect(try harness.library.pins().map(\.id) == [id])

            // The same pin again changes nothing; its name at another place is taken.
            let again = try await client.send(.post, "/api/pins", json: body)
            #expect(try again.status == .ok && again.object()["id"] as? String == id)
            let taken = try await client.send(.post, "/api/pins", json: #"{"name": "Eiffel", "latitude": 10, "longitude": 10}"#)
            #expect(taken.status == .conflict, "\(taken.text)")
            // Without a name or a radius: named by its place, the default radius.
            let unnamed = try await client.send(.post, "/api/pins", json: #"{"latitude": -33.8568, "longitude": 151.2153}"#)
            #expect(try unnamed.status == .created && unnamed.object()["radiusKm"] as? Double == Defaults.radiusKm, "\(unnamed.text)")
            #expect(try harness.library.pins().count == 2)
        }
    }

    @Test(arguments: [
        (#"{"latitude": 91, "longitude": 0}"#, "latitude"),
        (#"{"latitude": 0, "longitude": -181}"#, "longitude"),
        (#"{"latitude": 0, "longitude": 0, "radiusKm": 0}"#, "radiusKm"),
        (#"{"latitude": 0, "longitude": 0, "radiusKm": -2}"#, "radiusKm"),
        (#"{"longitude": 0}"#, #"missing "latitude""#),
        (#"{"latitude": "north", "longitude": 0}"#, #"wrong type at "latitude""#),
        ("latitude=1&longitude=2", "not valid JSON"),
    ])
    func aBadPinIsRefusedNamingWhatIsWrong(body: String, names: String) async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            let answer = try await client.send(.post, "/api/pins", json: body)
            #expect(answer.status == .badRequest, "\(body): \(answer.text)")
            #expect(answer.headers[.contentType] == "application/json")
            #expect(answer.error?.contains(names) == true, "\(body): \(answer.text)")
        }
        #expect(try harness.library.pins().isEmpty)
    }

    @Test func anUnknownPinIsNotFoundWhereverItIsNamed() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            for path in ["/api/pins/0badc0de/album", "/api/pins/0badc0de/photos/demo%3Ap-001"] {
                let answer = try await client.get(path)
                #expect(answer.status == .notFound, "\(path): \(answer.text)")
                #expect(answer.error?.contains("0badc0de") == true, "\(path): \(answer.text)")
                // The page's words: what to do in plain words, no command and no path on disk.
                #expect(answer.error?.hasSuffix("See the pins and their ids in the pin list") == true, "\(path): \(answer.text)")
                #expect(
                    answer.error?.contains("tourist ") == false && answer.error?.contains(harness.folder.path) == false,
                    "\(path): \(answer.text)")
            }
            for (method, path) in [
                (.post, "/api/pins/0badc0de/fetch"), (.post, "/api/pins/0badc0de/new-collection"), (.delete, "/api/pins/0badc0de"),
            ] as [(HTTPTypes.HTTPRequest.Method, String)] {
                #expect(try await client.send(method, path).status == .notFound, "\(method) \(path)")
            }
            let photos = try await client.send(.post, "/api/pins/0badc0de/photos/delete", json: #"{"photos": ["demo:p-001"]}"#)
            #expect(photos.status == .notFound, "\(photos.text)")
        }
    }

    /// Every pin the API sends carries the core's words for where it is and its radius, so a page
    /// shows the CLI's words ("12.50 km") and never words them itself.
    @Test func eachPinCarriesItsPlaceAndRadiusInTheCoresWords() async throws {
        let harness = try RouteHarness()
        let eiffel = try harness.addPin("Eiffel")
        let expectedPlace = try #require(harness.library.pins().first?.placeText)
        try await harness.test { client in
            let listed = try #require(try await client.get("/api/pins").object()["pins"] as? [[String: Any]])
            #expect(listed.first?["place"] as? String == expectedPlace && listed.first?["radiusText"] as? String == "5 km", "\(listed)")
            let added = try await client.send(
                .post, "/api/pins", json: #"{"name": "Sea", "latitude": -40, "longitude": -120, "radiusKm": 12.5}"#
            ).object()
            #expect(added["radiusText"] as? String == Kilometres.text(12.5), "\(added)")
            #expect(
                (added["place"] as? String)?.hasSuffix("km from \(added["near"] as? String ?? "?")") == true, "far from any city: \(added)")
            let album = try #require(try await client.get("/api/pins/\(eiffel.id)/album").object()["pin"] as? [String: Any])
            #expect(album["place"] as? String == expectedPlace && album["radiusText"] as? String == "5 km")
            let edited = try await client.send(.patch, "/api/pins/\(eiffel.id)", json: #"{"radiusKm": 0.55}"#).object()
            #expect((edited["pin"] as? [String: Any])?["radiusText"] as? String == "0.55 km", "\(edited)")
        }
    }

    @Test func aRemovedPinTakesItsAlbumAndPhotoFilesWithIt() async throws {
        let harness = try RouteHarness()
        let album = try await harness.filledPin()
        let kept = try await harness.filledPin("Nearby")
        try await harness.test { client in
            let removed = try await client.send(.delete, "/api/pins/\(album.pin.id)")
            #expect(removed.status == .ok, "\(removed.text)")
            let answer = try removed.object()
            #expect(answer["removed"] as? [String] == [album.pin.id])
            // The other pin's album holds the same photos: no file goes.
            #expect(answer["deletedFiles"] as? Int == 0)
            #expect(try await client.get("/api/pins/\(album.pin.id)/album").status == .notFound)
            #expect(try harness.library.pins().map(\.id) == [kept.pin.id])

            let last = try await client.send(.delete, "/api/pins/\(kept.pin.id)")
            #expect(try last.object()["deletedFiles"] as? Int == RouteHarness.albumPhotos)
            #expect(try harness.library.store.blobs.allHashes().isEmpty)
        }
    }

    /// A pin is removed only by its id or whole name, as `pin rm` removes it: a prefix of either is
    /// refused and removes nothing.
    @Test func aPinIsRemovedOnlyByItsIdOrWholeNameNeverAPrefix() async throws {
        let harness = try RouteHarness()
        let louvre = try harness.addPin("Louvre")
        try await harness.test { client in
            for prefix in ["Louv", String(louvre.id.prefix(4))] {
                let refused = try await client.send(.delete, "/api/pins/\(prefix)")
                #expect(
                    refused.status == .badRequest && refused.error?.contains("is only the start of") == true, "\(prefix): \(refused.text)")
            }
            #expect(try harness.library.pins().map(\.id) == [louvre.id], "nothing was removed")
            let removed = try await client.send(.delete, "/api/pins/louvre")
            #expect(removed.status == .ok)
            #expect(try removed.object()["removed"] as? [String] == [louvre.id], "the whole name, in any case")
        }
    }
}
