import HTTPTypes
import Hummingbird
import Testing
import TouristCore

/// `PATCH /api/pins/ID`: a pin's name and radius change as `tourist pin edit` changes them, its
/// album stays, the answer says what fills the album within a new radius, and what is refused
/// changes nothing.
@Suite struct PinEditRouteTests {
    @Test func aWiderRadiusKeepsTheAlbumAndAsksForANewCollection() async throws {
        let harness = try RouteHarness()
        let album = try await harness.filledPin()
        try await harness.test { client in
            let answer = try await client.send(.patch, "/api/pins/\(album.pin.id)", json: #"{"radiusKm": 8}"#)
            #expect(answer.status == .ok, "\(answer.text)")
            let edited = try answer.object()
            let pin = try #require(edited["pin"] as? [String: Any])
            #expect(pin["id"] as? String == album.pin.id && pin["name"] as? String == "Eiffel" && pin["radiusKm"] as? Double == 8)
            #expect(pin["state"] as? String == "ready" && pin["photos"] as? Int == RouteHarness.albumPhotos)
            #expect(edited["next"] as? String == "new-collection")
            // The album is as it was; the store has the new radius.
            let stored = try harness.library.album(album.pin.id)
            #expect(stored.photos.map(\.key) == album.photos.map(\.key) && stored.photos.allSatisfy { $0.state == .stored })
            #expect(stored.pin.radiusKm == 8)
        }
    }

    /// A time window is set, shown in words and lifted as `pin edit --taken`/`--months` do it.
    @Test func aWindowIsSetShownInWordsAndLifted() async throws {
        let harness = try RouteHarness()
        let album = try await harness.filledPin()
        try await harness.test { client in
            let answer = try await client.send(.patch, "/api/pins/\(album.pin.id)", json: #"{"taken": "2010..2015", "months": "dec-feb"}"#)
            #expect(answer.status == .ok, "\(answer.text)")
            let edited = try answer.object()
            let pin = try #require(edited["pin"] as? [String: Any])
            #expect(pin["taken"] as? String == "2010..2015" && pin["months"] as? String == "12-2")
            #expect(pin["windowText"] as? String == "taken 2010–2015 in December–February")
            #expect(edited["next"] as? String == "new-collection")
            let listed = try #require(try await client.send(.get, "/api/pins").object()["pins"] as? [[String: Any]])
            #expect(listed.first?["windowText"] as? String == "taken 2010–2015 in December–February")
            let lifted = try await client.send(.patch, "/api/pins/\(album.pin.id)", json: #"{"taken": "any"}"#)
            let after = try #require(try lifted.object()["pin"] as? [String: Any])
            #expect(after["taken"] == nil && after["windowText"] as? String == "in December–February, any year")
            #expect(try harness.library.album(album.pin.id).pin.window?.months == (try MonthSet.parse("12-2")))
        }
    }

    @Test func aPinNeverFetchedIsFetchedWithinItsNewRadius() async throws {
        let harness = try RouteHarness()
        let pin = try harness.addPin("Eiffel")
        try await harness.test { client in
            let answer = try await client.send(.patch, "/api/pins/Eiffel", json: #"{"radiusKm": 0.5}"#)
            #expect(answer.status == .ok, "\(answer.text)")
            #expect(try answer.object()["next"] as? String == "fetch")
            #expect(try harness.library.album(pin.id).pin.radiusKm == 0.5)
        }
    }

    @Test func aRenamedPinIsFoundByItsNewNameOnlyAndNeedsNoNextStep() async throws {
        let harness = try RouteHarness()
        let album = try await harness.filledPin()
        try await harness.test { client in
            let answer = try await client.send(.patch, "/api/pins/\(album.pin.id)", json: #"{"name": "  Tour Eiffel ", "radiusKm": 5}"#)
            #expect(answer.status == .ok, "\(answer.text)")
            let edited = try answer.object()
            #expect((edited["pin"] as? [String: Any])?["name"] as? String == "Tour Eiffel")
            #expect(edited["next"] == nil, "the radius stayed 5 km: \(answer.text)")
            #expect(try await client.get("/api/pins/Tour%20Eiffel/album").status == .ok)
            #expect(try await client.get("/api/pins/Eiffel/album").status == .notFound)
            #expect(try harness.library.album(album.pin.id).photos.map(\.key) == album.photos.map(\.key))
        }
    }

    @Test func anotherPinsNameIsAConflictAndChangesNothing() async throws {
        let harness = try RouteHarness()
        let eiffel = try harness.addPin("Eiffel")
        let louvre = try harness.addPin("Louvre", latitude: 48.8606, longitude: 2.3376)
        try await harness.test { client in
            for name in ["Louvre", louvre.id] {
                let answer = try await client.send(.patch, "/api/pins/\(eiffel.id)", json: #"{"name": "\#(name)", "radiusKm": 9}"#)
                #expect(answer.status == .conflict, "\(name): \(answer.text)")
                #expect(answer.error?.contains("choose another name") == true, "\(answer.text)")
            }
        }
        let unchanged = try harness.library.album(eiffel.id).pin
        #expect(unchanged.name == "Eiffel" && unchanged.radiusKm == 5)
    }

    @Test(arguments: [
        ("{}", #"say what to change: "name", "radiusKm", "taken", "months", or several"#),
        (#"{"months": "13"}"#, #"months: "13" has "13", which is not a month"#),
        (#"{"taken": "2015..2010"}"#, #"taken: "2015..2010" starts after it ends; write the earlier end first: 2010..2015"#),
        (#"{"radiusKm": 0}"#, "radiusKm 0.0 is out of range"),
        (#"{"radiusKm": 20001}"#, "radiusKm 20001.0 is out of range"),
        (#"{"name": "   "}"#, "a pin's name must not be empty"),
        (#"{"name": 12}"#, #"wrong type at "name""#),
        ("name=x", "not valid JSON"),
    ])
    func aBadEditIsRefusedNamingWhatIsWrong(body: String, names: String) async throws {
        let harness = try RouteHarness()
        let pin = try harness.addPin("Eiffel")
        try await harness.test { client in
            let answer = try await client.send(.patch, "/api/pins/\(pin.id)", json: body)
            #expect(answer.status == .badRequest, "\(body): \(answer.text)")
            #expect(answer.error?.contains(names) == true, "\(body): \(answer.text)")
        }
        let unchanged = try harness.library.album(pin.id).pin
        #expect(unchanged.name == "Eiffel" && unchanged.radiusKm == 5)
    }

    @Test func anEditWithoutTheCSRFTokenOrOfAnUnknownPinChangesNothing() async throws {
        let harness = try RouteHarness()
        let pin = try harness.addPin("Eiffel")
        try await harness.test { client in
            let forged = try await client.raw(
                .patch, "/api/pins/\(pin.id)", headers: [.contentType: "application/json"], body: .init(string: #"{"radiusKm": 9}"#))
            #expect(forged.status == .forbidden && forged.error?.contains("CSRF") == true, "\(forged.text)")
            let unknown = try await client.send(.patch, "/api/pins/0badc0de", json: #"{"radiusKm": 9}"#)
            #expect(unknown.status == .notFound && unknown.error?.contains("0badc0de") == true, "\(unknown.text)")
        }
        #expect(try harness.library.album(pin.id).pin.radiusKm == 5)
    }
}
