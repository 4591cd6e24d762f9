import Foundation
import LoopbackHTTP
import NominatimStub
import Testing
import TestSupport
@testable import TouristCore

/// `PlaceFinder` against a Nominatim stand-in on 127.0.0.1: coordinates, then the gazetteer, then
/// the geocoder; and the geocoder keeping Nominatim's usage policy (a User-Agent with the contact,
/// answers kept in the store, one request a second across processes), saying so when offline,
/// and saying how to turn it on when it is off.
@Suite struct PlaceFinderTests {
    static let contact = "geo-test@tourist.test"
    let folder = TemporaryDirectory("tourist-geocoder")

    /// The geocoder settings for a server at `url`.
    static func settings(_ url: String, language: String? = nil, timeout: Double = 10) -> TouristConfig.Geocoder {
        var settings = TouristConfig.Geocoder()
        settings.enabled = true
        settings.url = url
        settings.contact = contact
        settings.language = language
        settings.timeoutSeconds = timeout
        return settings
    }

    /// A finder whose geocoder asks `url`, keeping its files in this test's folder `store` (one
    /// folder is one store: two finders on it are two processes sharing a store).
    func finder(_ url: String, language: String? = nil, timeout: Double = 10, store: String = "state") throws -> PlaceFinder {
        let geocoder = try NominatimGeocoder(
            settings: Self.settings(url, language: language, timeout: timeout),
            folder: PlaceFinder.geocoderFolder(stateRoot: folder.child(store)),
            retryPolicy: RetryPolicy(retries: 2, baseDelay: 0.01)
        )
        return PlaceFinder(geocoder: geocoder, gazetteer: .bundled)
    }

    @Test func findsALandmarkOnlineAndSaysWhereItCameFrom() async throws {
        let nominatim = try FakeNominatim()
        let place = try await finder(nominatim.url).resolve(["Eiffel", "Tower"])
        #expect(place.source == .geocoder && place.attribution == "© OpenStreetMap contributors")
        let tower = try GeoPoint(latitude: 48.8582599, longitude: 2.2945006)
        #expect(place.location == tower)
        #expect(place.suggestedName == "Tour Eiffel", "the place's own name")
        let note = try #require(place.note)
        #expect(note.hasPrefix("\"Eiffel Tower\" is Tour Eiffel, 5, Avenue Anatole France, "), "\(note)")
        #expect(
            note.contains("found online by Nominatim at 127.0.0.1:\(nominatim.server.port); data © OpenStreetMap contributors"), "\(note)")
        #expect(
            note.contains("; 1 other place matches, such as Eiffel Tower, 3655, Las Vegas Boulevard South"),
            "the other match is named: \(note)")

        let request = try #require(nominatim.received.first?.request)
        #expect(nominatim.received.count == 1)
        #expect(
            request.path == "/search" && request.query["q"] == "Eiffel Tower" && request.query["format"] == "jsonv2"
                && request.query["limit"] == "10")
        #expect(
            request.headers["user-agent"] == "tourist/\(TouristVersion.current) (\(Self.contact))", "tourist, its version and the contact")
        #expect(request.query["accept-language"] == nil, "no language unless the config names one")
    }

    @Test func anAddressWithoutANameIsNamedAsTypedAndALanguageIsAskedFor() async throws {
        let nominatim = try FakeNominatim()
        let place = try await finder(nominatim.url, language: "en").resolve(["10 Downing Street"])
        #expect(place.suggestedName == "10 Downing Street" && abs(place.location.latitude - 51.5034) < 0.001)
        #expect(place.note?.contains("1 other") == false, "one match, no others: \(place.note ?? "")")
        #expect(nominatim.received.first?.request.query["accept-language"] == "en")
    }

    @Test func theSecondLookupComesFromTheStore() async throws {
        let nominatim = try FakeNominatim()
        let first = try await finder(nominatim.url).resolve(["Eiffel Tower"])
        // The same question in other case and spacing, from another "process" on the same store.
        let second = try await finder(nominatim.url).resolve(["eiffel", " TOWER "])
        #expect(second.location == first.location && second.suggestedName == first.suggestedName && second.source == .geocoder)
        #expect(
            second.note?.hasPrefix("\"eiffel TOWER\" is Tour Eiffel, ") == true, "the note quotes the words typed: \(second.note ?? "")")
        #expect(nominatim.received.count == 1, "\(nominatim.queries)")
        // What was found nowhere is kept too.
        await #expect(throws: LibraryError.self) { try await finder(nominatim.url).resolve(["Atlantis Harbour"]) }
        await #expect(throws: LibraryError.self) { try await finder(nominatim.url).resolve(["Atlantis Harbour"]) }
        #expect(nominatim.queries == ["Eiffel Tower", "Atlantis Harbour"])
        // Another server, or another language, is another question.
        let other = try FakeNominatim()
        _ = try await finder(other.url).resolve(["Eiffel Tower"])
        _ = try await finder(nominatim.url, language: "fr").resolve(["Eiffel Tower"])
        #expect(other.received.count == 1 && nominatim.received.count == 3)
    }

    @Test func aDamagedAnswerInTheStoreIsAskedAgainAndReplaced() async throws {
        let nominatim = try FakeNominatim()
        let finder = try finder(nominatim.url)
        _ = try await finder.resolve(["Eiffel Tower"])
        let cache = PlaceFinder.geocoderFolder(stateRoot: folder.child("state")) + "/cache"
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".json") })
        // A file cut short, as no atomic write leaves one, but a disk may.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cache + "/" + file))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cache + "/" + file))
        _ = try await finder.resolve(["Eiffel Tower"])
        _ = try await finder.resolve(["Eiffel Tower"])
        #expect(nominatim.received.count == 2, "asked once more, then kept again")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache).filter { !$0.hasSuffix(".json") }.isEmpty,
            "no temporary file is left")
    }

    /// The stand-in's clock says it: each request arrives at least a second after the one before,
    /// one at a time, for lookups in a row and for lookups at once from several "processes".
    @Test func requestsArriveASecondApartAcrossProcesses() async throws {
        let nominatim = try FakeNominatim(
            places: (1...5).map {
                FakeNominatim.Place(name: "Landmark \($0)", displayName: "Landmark \($0), Testland", latitude: Double($0), longitude: 10)
            })
        _ = try await finder(nominatim.url).resolve(["Landmark 1"])
        _ = try await finder(nominatim.url).resolve(["Landmark 2"])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 3...5 {
                let finder = try finder(nominatim.url)
                group.addTask { _ = try await finder.resolve(["Landmark \(number)"]) }
            }
            try await group.waitForAll()
        }
        let times = nominatim.received.map(\.at)
        #expect(times.count == 5)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 1, "requests \(later.timeIntervalSince(earlier)) s apart")
        }
        #expect(nominatim.server.peakConcurrentRequests == 1)
    }

    @Test func offlineSaysSoNamingTheHostAndOffersCoordinates() async throws {
        let closed = try BoundSocket()
        let error = try await #require(throws: GeocoderError.self) {
            try await finder("http://127.0.0.1:\(closed.port)").resolve(["Eiffel Tower"])
        }
        #expect(error.isUnreachable && error.failureClass == .temporary)
        #expect(
            error.message
                == "cannot look \"Eiffel Tower\" up online: the geocoder's host 127.0.0.1:\(closed.port) is unreachable: you seem to be offline, or it is down. Try again when online, or give the place's coordinates instead, as LAT LON in decimal degrees, as a map shows them"
        )
        let unresolved = try await #require(throws: GeocoderError.self) {
            try await finder("http://tourist-geocoder.invalid").resolve(["Eiffel Tower"])
        }
        #expect(
            unresolved.isUnreachable
                && unresolved.message.contains("the geocoder's host tourist-geocoder.invalid could not be resolved: you seem to be offline"),
            "\(unresolved)")
    }

    @Test func offTheNotFoundMessageSaysHowToTurnItOn() async throws {
        let error = try await #require(throws: LibraryError.self) {
            try await PlaceFinder(geocoder: nil, gazetteer: .bundled).resolve(["Eiffel Tower"])
        }
        #expect(error.failureClass == .usage)
        #expect(
            error.message
                == #"no place named "Eiffel Tower" among the cities of 15,000 people or more that tourist knows (GeoNames); for a landmark or an address, turn the online geocoder on (OpenStreetMap's Nominatim: set "enabled": true and your "contact" in the config's "geocoder"; docs/places.md, "Landmarks and addresses"), or give its coordinates instead, as LAT LON in decimal degrees, as a map shows them"#
        )
        // Off in the config is off: the finder it makes asks no geocoder.
        var config = TouristConfig.builtIn(workingDirectory: "/")
        #expect(try PlaceFinder.configured(config, gazetteer: .bundled, stateRoot: folder.path, logger: .init(label: "t")).geocoder == nil)
        config.geocoder = Self.settings("http://127.0.0.1:1")
        config.geocoder.enabled = false
        #expect(try PlaceFinder.configured(config, gazetteer: .bundled, stateRoot: folder.path, logger: .init(label: "t")).geocoder == nil)
        config.geocoder.enabled = true
        #expect(
            try PlaceFinder.configured(config, gazetteer: .bundled, stateRoot: folder.path, logger: .init(label: "t")).geocoder?.serviceName
                == "Nominatim at 127.0.0.1:1")
    }

    @Test func foundNowhereSaysWhereItLooked() async throws {
        let nominatim = try FakeNominatim()
        let error = try await #require(throws: LibraryError.self) { try await finder(nominatim.url).resolve(["Atlantis Harbour"]) }
        #expect(
            error.message
                == "no place named \"Atlantis Harbour\" among the cities of 15,000 people or more that tourist knows (GeoNames), nor online (Nominatim at 127.0.0.1:\(nominatim.server.port)); check the spelling, add a city or country to the name, or give its coordinates instead, as LAT LON in decimal degrees, as a map shows them"
        )
    }

    /// Coordinates and the gazetteer answer first: a city, an ambiguous name and coordinates never
    /// reach the geocoder.
    @Test func coordinatesAndTheGazetteerComeFirst() async throws {
        let nominatim = try FakeNominatim()
        let finder = try finder(nominatim.url)
        let kyoto = try await finder.resolve(["Kyoto"])
        #expect(kyoto.source == .gazetteer && kyoto.suggestedName == "Kyoto" && kyoto.attribution == nil)
        let point = try await finder.resolve(["48.8584", "2.2945"])
        #expect(point.source == .coordinates && point.suggestedName == nil)
        let shared = try await #require(throws: LibraryError.self) { try await finder.resolve(["Springfield"]) }
        #expect(shared.message.hasPrefix("\"Springfield\" names "), "still ambiguous: \(shared.message)")
        await #expect(throws: GeoPointError.self) { try await finder.resolve(["48.8", "east"]) }
        #expect(nominatim.received.isEmpty)
    }

    @Test func whatIsAddressAndWhatIsCoordinates() {
        #expect(
            PlaceInput.isName(["10 Downing Street"]) && PlaceInput.isName(["10", "Downing", "Street"])
                && PlaceInput.isName(["221B Baker Street"]))
        #expect(!PlaceInput.isName(["48.8", "east"]) && !PlaceInput.isName(["north", "2"]) && !PlaceInput.isName(["48.8584 N 2.2945 E"]))
        #expect(!PlaceInput.isName(["48.8584,2.2945"]) && !PlaceInput.isName(["geo:48.8,2.2"]) && PlaceInput.isName(["Kyoto"]))
    }

    @Test func serverFailuresAreRetriedOrNamed() async throws {
        let nominatim = try FakeNominatim()
        nominatim.failNext([.reset, .status(503)])
        let place = try await finder(nominatim.url).resolve(["Eiffel Tower"])
        #expect(place.suggestedName == "Tour Eiffel" && nominatim.received.count == 3, "two failures for now, then the answer")
        let times = nominatim.received.map(\.at)
        #expect(
            zip(times, times.dropFirst()).allSatisfy { $1.timeIntervalSince($0) >= 1 },
            "retries keep the spacing too: \(zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) })")

        let refused = try FakeNominatim()
        refused.failNext([.status(403)])
        let blocked = try await #require(throws: GeocoderError.self) {
            try await finder(refused.url, store: "refused").resolve(["Eiffel Tower"])
        }
        #expect(
            blocked.failureClass == .unavailable && blocked.message.contains("refused the lookup (HTTP 403)") && refused.received.count == 1
        )

        let busy = try FakeNominatim()
        busy.failNext([.status(429, retryAfter: 3600)])
        let wait = try await #require(throws: GeocoderError.self) { try await finder(busy.url, store: "busy").resolve(["Eiffel Tower"]) }
        #expect(
            wait.failureClass == .temporary && wait.message.contains("asks tourist to wait 3600 s") && busy.received.count == 1, "\(wait)")

        let wrong = try FakeNominatim()
        let misplaced = try await #require(throws: GeocoderError.self) {
            try await finder(wrong.url + "/nowhere/", store: "wrong").resolve(["Eiffel Tower"])
        }
        #expect(
            misplaced.failureClass == .config
                && misplaced.message.contains("has no Nominatim search at \(wrong.url)/nowhere/search (HTTP 404); check geocoder.url"),
            "\(misplaced)")

        let garbled = try FakeNominatim()
        garbled.failNext([.notJSON])
        let nonsense = try await #require(throws: GeocoderError.self) {
            try await finder(garbled.url, store: "garbled").resolve(["Eiffel Tower"])
        }
        #expect(
            nonsense.failureClass == .unavailable && nonsense.message.contains("answered something other than Nominatim's search results"))
    }

    @Test func aSlowServerTimesOut() async throws {
        // The stand-in answers after a minute: only the 1 s time-out can end the wait, however busy the machine.
        let slow = try FakeNominatim(delay: .seconds(60))
        let error = try await #require(throws: GeocoderError.self) { try await finder(slow.url, timeout: 1).resolve(["Eiffel Tower"]) }
        #expect(
            error.failureClass == .temporary && error.message.contains("did not answer within 1 s (geocoder.timeoutSeconds)"), "\(error)")
    }

    /// The list a search box shows: the point typed, else the gazetteer's places, else (only when
    /// asked to go online) the geocoder's, each with its source and credit.
    @Test func candidatesForASearchBox() async throws {
        let nominatim = try FakeNominatim()
        let finder = try finder(nominatim.url)
        let point = try await finder.candidates(for: "48.8584, 2.2945", limit: 5, online: true)
        let expected = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
        #expect(point.map(\.source) == [.coordinates] && point.first?.location == expected)
        let springfields = try await finder.candidates(for: "Springfield", limit: 3, online: true)
        #expect(springfields.count == 3 && springfields.allSatisfy { $0.source == .gazetteer && $0.attribution == Gazetteer.attribution })
        #expect(springfields.first?.region == "Missouri" && springfields.first?.population == 170_188)
        #expect(try await finder.candidates(for: "Eiffel Tower", limit: 5, online: false).isEmpty, "as the user types: never online")
        #expect(nominatim.received.isEmpty)
        let online = try await finder.candidates(for: "Eiffel Tower", limit: 5, online: true)
        #expect(
            online.map(\.name) == ["Tour Eiffel", "Eiffel Tower"]
                && online.allSatisfy { $0.source == .geocoder && $0.attribution == "© OpenStreetMap contributors" })
        #expect(try await finder.candidates(for: "Eiffel Tower", limit: 1, online: true).count == 1)
        #expect(nominatim.received.count == 1, "the second list came from the store")
        #expect(online.first?.displayName.hasPrefix("Tour Eiffel, 5, Avenue Anatole France") == true && online.first?.population == nil)
        #expect(try await PlaceFinder(geocoder: nil, gazetteer: .bundled).candidates(for: "Eiffel Tower", limit: 5, online: true).isEmpty)
        await #expect(throws: GeoPointError.self) { try await finder.candidates(for: "48.8 east", limit: 5, online: true) }
        // As the user types, the gazetteer's names that start with the text; none go online.
        #expect(try await finder.candidates(for: "Kyo", limit: 5, online: true).first?.name == "Kyoto")
        #expect(nominatim.received.count == 1)
    }

    /// A pin file's place is looked up offline only: the message says so.
    @Test func pinImportNeverGoesOnline() throws {
        let error = try #require(throws: InputDataError.self) {
            try PinCSV.read("name,place\nTower,Eiffel Tower\n", file: "t.csv", gazetteer: .bundled)
        }
        #expect(
            error.description
                == "t.csv line 2: no place named \"Eiffel Tower\" among the cities of 15,000 people or more that tourist knows (GeoNames); pin import looks places up offline only, never online (a file of names is the bulk geocoding OpenStreetMap's Nominatim forbids): give this line a latitude and a longitude instead. You can also add the place as a pin by its name"
        )
    }
}
