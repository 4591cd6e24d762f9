import Testing
import TouristCore

/// `/api/places` (the map's search box) and `/api/places/labels` (its city labels), over the
/// bundled gazetteer; bad input is a 400 whose words say what to send.
@Suite struct PlaceRouteTests {
    @Test func aNameGivesCandidatesWithTheirSourceAndAttribution() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            let answer = try await client.get("/api/places?q=Kyoto")
            #expect(answer.status == .ok, "\(answer.text)")
            #expect(answer.headers[.contentType] == "application/json")
            let object = try answer.object()
            #expect(object["query"] as? String == "Kyoto")
            let first = try #require((object["candidates"] as? [[String: Any]])?.first)
            #expect(first["name"] as? String == "Kyoto" && first["displayName"] as? String == "Kyoto, JP")
            #expect(first["country"] as? String == "JP" && first["countryName"] as? String == "Japan")
            #expect(first["source"] as? String == "gazetteer" && first["attribution"] as? String == Gazetteer.attribution)
            #expect((first["population"] as? Int ?? 0) > 1_000_000)
            #expect(abs((first["latitude"] as? Double ?? 0) - 35.02) < 0.1 && abs((first["longitude"] as? Double ?? 0) - 135.75) < 0.1)

            // As the name is typed, percent-encoded, with a limit.
            let typed = try await client.get("/api/places?q=S%C3%A3o%20P&limit=3").object()
            let names = try #require(typed["candidates"] as? [[String: Any]]).compactMap { $0["displayName"] as? String }
            #expect(names.count == 3 && names.first == "São Paulo, BR", "\(names)")
        }
    }

    @Test func coordinatesGiveOnePoint() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            let object = try await client.get("/api/places?q=48.8584,%202.2945").object()
            let candidates = try #require(object["candidates"] as? [[String: Any]])
            #expect(candidates.count == 1)
            #expect(candidates.first?["source"] as? String == "coordinates")
            #expect(candidates.first?["latitude"] as? Double == 48.8584 && candidates.first?["longitude"] as? Double == 2.2945)
            #expect(candidates.first?["displayName"] as? String == "48.8584,2.2945 (near Paris, FR)")
        }
    }

    @Test(arguments: [
        ("/api/places", "q=Kyoto"),
        ("/api/places?q=", "nothing to look up"),
        ("/api/places?q=91,%200", "latitude"),
        ("/api/places?q=Kyoto&limit=0", "limit \"0\" is not a whole number from 1 to 50"),
        ("/api/places?q=Kyoto&limit=lots", "limit \"lots\""),
        ("/api/places/labels?zoom=3", "bbox=WEST,SOUTH,EAST,NORTH"),
        ("/api/places/labels?bbox=1,2,3&zoom=3", "bbox \"1,2,3\" is not a box"),
        ("/api/places/labels?bbox=-200,0,10,10&zoom=3", "longitudes -180 to 180"),
        ("/api/places/labels?bbox=0,50,10,40&zoom=3", "SOUTH <= NORTH"),
        ("/api/places/labels?bbox=0,40,10,50", "zoom=0 to 24"),
        ("/api/places/labels?bbox=0,40,10,50&zoom=30", "zoom \"30\" is not a whole number from 0 to 24"),
        ("/api/places/labels?bbox=0,40,10,50&zoom=3&limit=1000", "limit \"1000\""),
    ])
    func badInputIsRefusedSayingWhatToSend(path: String, says: String) async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            let answer = try await client.get(path)
            #expect(answer.status == .badRequest, "\(path): \(answer.text)")
            #expect(answer.error?.contains(says) == true, "\(path): \(answer.text)")
        }
    }

    @Test func labelsAreTheLargestCitiesInViewMoreAsTheMapZoomsIn() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            func labels(_ query: String) async throws -> [[String: Any]] {
                let answer = try await client.get("/api/places/labels?\(query)")
                #expect(answer.status == .ok, "\(query): \(answer.text)")
                #expect(try answer.object()["attribution"] as? String == Gazetteer.attribution)
                return try #require(try answer.object()["labels"] as? [[String: Any]])
            }
            let europe = try await labels("bbox=-10,35,30,60&zoom=4")
            let closer = try await labels("bbox=-10,35,30,60&zoom=6")
            #expect(!europe.isEmpty && closer.count > europe.count, "\(europe.count) then \(closer.count)")
            #expect(europe.contains { $0["name"] as? String == "Paris" })
            #expect(
                europe.allSatisfy { label in
                    guard let latitude = label["latitude"] as? Double, let longitude = label["longitude"] as? Double else { return false }
                    return (35...60).contains(latitude) && (-10...30).contains(longitude) && label["population"] is Int
                })
            #expect(try await labels("bbox=-180,-85,180,85&zoom=8&limit=7").count == 7)
            // The world: the largest cities first, each name placed around its dot; a smaller city
            // is not named beside a larger one (issue 33: Sendai and Teni were, Tokyo was not).
            let world = try await labels("bbox=-180,-85,180,85&zoom=2")
            let names = world.compactMap { $0["name"] as? String }
            #expect(names.first == "Shanghai" && ["Tokyo", "Delhi", "Seoul", "Karachi", "Dhaka"].allSatisfy(names.contains), "\(names)")
            #expect(!names.contains("Sendai") && !names.contains("Teni"), "\(names)")
            let placements = Set(world.compactMap { $0["placement"] as? String })
            #expect(
                placements.isSubset(of: ["below", "below-right", "below-left", "right", "left"]) && placements.contains("below")
                    && placements.count > 1, "\(placements)")
            #expect(world.allSatisfy { $0["placement"] is String })
            #expect(world.allSatisfy { ($0["major"] as? Bool) == (($0["population"] as? Int ?? 0) >= 5_000_000) })
        }
    }
}
