import Testing
@testable import TouristCore

/// Lookups by name on the real bundled gazetteer.
@Suite struct GazetteerLookupTests {
    let gazetteer: Gazetteer

    init() throws {
        gazetteer = try Gazetteer.bundled()
    }

    @Test func holdsGeoNamesCitiesOf15000() throws {
        #expect(gazetteer.count > 30_000)
        #expect(try Gazetteer.bundled() === gazetteer)
    }

    @Test func findsKyotoInJapan() throws {
        let place = try #require(gazetteer.resolve("Kyoto").place)
        #expect(place.countryCode == "JP")
        #expect(place.countryName == "Japan")
        #expect(place.displayName == "Kyoto, JP")
        #expect(abs(place.location.latitude - 35.02) < 0.1 && abs(place.location.longitude - 135.75) < 0.1)
        #expect(gazetteer.resolve("Kyoto, JP").place == place)
        #expect(gazetteer.resolve("Kyoto, Japan").place == place)
        #expect(gazetteer.resolve("京都市").place == place)
    }

    @Test func takesParisFranceByPopulationWithANote() throws {
        let resolution = gazetteer.resolve("Paris")
        #expect(resolution.outcome == .largest)
        #expect(resolution.place?.displayName == "Paris, FR")
        let texas = try #require(resolution.candidates.first { $0.countryCode == "US" })
        #expect(texas.regionCode == "TX")
        #expect(resolution.query(choosing: texas) == "Paris, Texas")
        let note = try #require(resolution.note)
        #expect(
            note.hasPrefix(
                "\"Paris\" is taken as Paris, FR (pop. 2,138,551), the largest of \(resolution.candidates.count) places of that name"))
        #expect(
            note.hasSuffix(
                "for another, add its country or region, as in \"\(try #require(resolution.query(choosing: resolution.candidates[1])))\""))
    }

    /// The note names what was typed, even when the place is known by another name.
    @Test func noteQuotesTheNameTyped() throws {
        let resolution = gazetteer.resolve("  paris , ")
        #expect(resolution.place?.displayName == "Paris, FR")
        #expect(resolution.note?.hasPrefix("\"paris\" is taken as Paris, FR") == true)
    }

    @Test(arguments: ["Paris, TX", "Paris, Texas", "paris, tx, us", "Paris , TX", "Paris, USA", "Paris, United States"])
    func qualifierPicksParisTexas(query: String) throws {
        let place = try #require(gazetteer.resolve(query).place, "\(query)")
        #expect(place.qualifiedName == "Paris, Texas, US")
        #expect(place.regionName == "Texas")
    }

    @Test func qualifierByCountryName() throws {
        #expect(try #require(gazetteer.resolve("Paris, France").place).countryCode == "FR")
        #expect(gazetteer.places(named: "Paris, Japan").isEmpty)
        #expect(gazetteer.places(named: "Kyoto, TX").isEmpty)
    }

    @Test(arguments: [("Köln", "Cologne"), ("Köln", "ケルン"), ("München", "Munich"), ("Wien", "Vienna"), ("Moskva", "Москва")])
    func alternateNamesMeetTheSamePlace(name: String, alternate: String) throws {
        let place = try #require(gazetteer.resolve(name).place, "\(name)")
        #expect(gazetteer.resolve(alternate).place == place, "\(alternate)")
    }

    @Test(arguments: ["sao paulo", "SÃO PAULO", "São Paulo", "  sao   PAULO "])
    func ignoresCaseAccentsAndSpacing(query: String) throws {
        let place = try #require(gazetteer.resolve(query).place, "\(query)")
        #expect(place.name == "São Paulo" && place.countryCode == "BR")
    }

    @Test func ignoresCharacterWidth() throws {
        #expect(try #require(gazetteer.resolve("Ｔｏｋｙｏ").place).countryCode == "JP")
    }

    @Test func springfieldIsAmbiguous() throws {
        let resolution = gazetteer.resolve("Springfield")
        #expect(resolution.outcome == .ambiguous)
        #expect(resolution.place == nil && resolution.note == nil)
        let candidates = resolution.candidates
        #expect(candidates.count >= 5)
        #expect(candidates.allSatisfy { $0.countryCode == "US" && $0.regionName != nil })
        #expect(candidates.map(\.population) == candidates.map(\.population).sorted(by: >))
        #expect(
            candidates[0].summary == "Springfield, Missouri, United States (US), pop. \(GazetteerPlace.grouped(candidates[0].population))")
        // Each candidate can be chosen by the query offered for it.
        for candidate in candidates {
            let query = try #require(resolution.query(choosing: candidate))
            #expect(gazetteer.resolve(query).place == candidate, "\(query)")
        }
        let illinois = try #require(gazetteer.resolve("Springfield, Illinois").place)
        #expect(illinois.regionCode == "IL")
        #expect(gazetteer.resolve("Springfield, IL").place == illinois)
    }

    /// Regions outside the US have names too (GeoNames' admin1 names), which choose a place and
    /// show in its summary; the words offered for each candidate choose it.
    @Test func regionsOutsideTheUSAreNamedAndChoose() throws {
        let resolution = gazetteer.resolve("San Pedro")
        for candidate in resolution.candidates {
            guard let query = resolution.query(choosing: candidate) else { continue }
            #expect(gazetteer.resolve(query).place == candidate, "\(query)")
        }
        let mexican = try #require(resolution.candidates.first { $0.countryCode == "MX" })
        #expect(mexican.summary == "San Pedro Garza García, Nuevo Leon, Mexico (MX), pop. 132,128")
        #expect(gazetteer.resolve("Cordoba, Andalusia").place?.countryCode == "ES")
        #expect(
            gazetteer.resolve("Cordoba").candidates.compactMap { gazetteer.resolve("Cordoba").query(choosing: $0) }.contains(
                "Cordoba, Veracruz"))
        #expect(gazetteer.resolve("Paris, Ile-de-France").place?.displayName == "Paris, FR")
    }

    @Test(arguments: ["Xyzzyville", "", " , ", "Paris, Atlantis", "Parisss"])
    func unknownNamesAreNotFound(query: String) {
        #expect(gazetteer.resolve(query).outcome == .notFound)
        #expect(gazetteer.places(named: query).isEmpty)
    }

    /// Every place is found by its own name: Swift folds names as the generator (Python) did.
    @Test func everyPlaceIsFoundByItsOwnName() {
        let missed = gazetteer.file.places.filter { place in !gazetteer.places(named: place.name).contains(place) }
        #expect(missed.isEmpty, "\(missed.prefix(10).map(\.name))")
    }

    @Test func groupsThousands() {
        #expect(GazetteerPlace.grouped(0) == "0")
        #expect(GazetteerPlace.grouped(999) == "999")
        #expect(GazetteerPlace.grouped(15_000) == "15,000")
        #expect(GazetteerPlace.grouped(2_138_551) == "2,138,551")
    }
}
