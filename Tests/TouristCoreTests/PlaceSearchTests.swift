import Testing
@testable import TouristCore

/// The search box's lookup on the real bundled gazetteer: names whole and as they are typed,
/// coordinates, and what it refuses.
@Suite struct PlaceSearchTests {
    let search = PlaceSearch(gazetteer: .bundled)

    @Test func aWholeNameGivesThatPlaceFirst() throws {
        let candidates = try search.candidates(for: "Kyoto")
        let first = try #require(candidates.first)
        #expect(first.name == "Kyoto" && first.displayName == "Kyoto, JP" && first.countryCode == "JP" && first.countryName == "Japan")
        #expect(first.source == .gazetteer && first.attribution == Gazetteer.attribution)
        #expect(first.population.map { $0 > 1_000_000 } == true)
        #expect(abs(first.location.latitude - 35.02) < 0.1 && abs(first.location.longitude - 135.75) < 0.1)
    }

    @Test func theStartOfANameGivesThePlacesItBeginsLargestFirst() throws {
        let candidates = try search.candidates(for: "kyo", limit: 10)
        #expect(candidates.first?.name == "Kyoto", "\(candidates.map(\.displayName))")
        #expect(candidates.count == 10)
        let populations = candidates.compactMap(\.population)
        #expect(populations == populations.sorted(by: >), "\(candidates.map(\.displayName))")
        // In any of its names, in any case, with or without accents: Munich by "Münc" (München),
        // Cologne by "cologn" (its English name; GeoNames calls it Köln).
        #expect(try search.candidates(for: "Münc").first.map { $0.countryCode == "DE" && $0.population ?? 0 > 1_000_000 } == true)
        #expect(try search.candidates(for: "cologn").first?.name == "Köln")
    }

    @Test func placesCalledExactlyThatComeBeforeLongerNames() throws {
        // "Paris" itself (France, Texas, …) before "Parisi…" or any other longer name.
        let candidates = try search.candidates(for: "Paris", limit: PlaceSearch.maximumLimit)
        let exact = try Gazetteer.bundled().places(named: "Paris").map(PlaceCandidate.init)
        #expect(exact.count > 1 && candidates.count > exact.count)
        #expect(Array(candidates.prefix(exact.count)) == exact, "\(candidates.map(\.displayName))")
        #expect(candidates.first?.displayName == "Paris, FR")
    }

    @Test func aQualifiedNameIsReadAsTheGazetteerReadsIt() throws {
        let candidates = try search.candidates(for: "Paris, TX")
        #expect(candidates.map(\.displayName) == ["Paris, US"])
        #expect(candidates.first?.region == "Texas")
    }

    @Test func oneLetterGivesOnlyPlacesOfThatName() throws {
        // Below `prefixMinimum`, names that merely start with the letter are not listed.
        #expect(try search.candidates(for: "Q").allSatisfy { PlaceNameFolding.fold($0.name) == "q" })
    }

    @Test func noPlaceOfThatNameIsAnEmptyList() throws {
        #expect(try search.candidates(for: "Xqzzyville").isEmpty)
    }

    @Test(arguments: ["48.8584, 2.2945", "48.8584 2.2945", "48.8584,2.2945", "geo:48.8584,2.2945"])
    func coordinatesAreOnePointNearTheirCity(text: String) throws {
        let candidates = try search.candidates(for: text)
        let point = try #require(candidates.first)
        #expect(candidates.count == 1)
        let eiffel = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
        #expect(point.source == .coordinates && point.location == eiffel)
        #expect(point.name == "48.8584,2.2945")
        #expect(point.displayName == "48.8584,2.2945 (near Paris, FR)")
        #expect(point.countryCode == nil && point.population == nil)
    }

    @Test(arguments: [
        ("", "nothing to look up"), ("   ", "nothing to look up"),
        ("91, 0", "latitude"), ("48.8, 200", "longitude"), ("48.8, east", "longitude \"east\" is not a number"),
    ])
    func badTextIsAUsageErrorSayingWhatToType(text: String, says: String) throws {
        let error = try #require(throws: (any Error).self) { try search.candidates(for: text) }
        #expect(FailureClass.of(error) == .usage)
        #expect("\(error)".contains(says), "\(error)")
    }

    @Test(arguments: [0, PlaceSearch.maximumLimit + 1])
    func aLimitOutOfRangeIsRefused(limit: Int) throws {
        let error = try #require(throws: LibraryError.self) { try search.candidates(for: "Kyoto", limit: limit) }
        #expect(error.message.contains("1 to \(PlaceSearch.maximumLimit)"))
    }

    @Test func coordinatesNeedNoGazetteer() throws {
        let offline = PlaceSearch(gazetteer: GazetteerSource { throw GazetteerError("no gazetteer here") })
        let point = try #require(try offline.candidates(for: "35, 135").first)
        #expect(point.displayName == "35,135" && point.attribution == nil)
        #expect(throws: GazetteerError.self) { try offline.candidates(for: "Kyoto") }
    }
}
