import Foundation
import NominatimStub
import Testing
import TestSupport

/// The online geocoder through the built binary, against a Nominatim stand-in on 127.0.0.1: off
/// unless the config turns it on, a landmark pinned by name when on, the usage policy kept across
/// processes (one request a second, answers kept in the store), offline said plainly, and
/// `pin import` never asking it.
@Suite struct GeocoderEndToEndTests {
    static let contact = "geo-e2e@tourist.test"

    /// A config whose geocoder asks `url` (with the built-in demo provider).
    static func config(_ harness: Harness, url: String) throws -> String {
        try harness.folder.write("geocoder.json", #"{"geocoder": {"type": "nominatim", "url": "\#(url)", "contact": "\#(contact)"}}"#)
    }

    @Test func aLandmarkIsPinnedByItsNameAndAskedOnce() async throws {
        let harness = try Harness()
        let nominatim = try FakeNominatim()
        let config = try Self.config(harness, url: nominatim.url)
        let added = try await harness.run("pin", "add", "Eiffel Tower", "--config", config)
        #expect(added.stdout.hasPrefix("Added pin ") && added.stdout.contains("\"Tour Eiffel\" at 48.8582599,2.2945006"), "\(added.stdout)")
        #expect(added.stderr.hasPrefix("tourist: \"Eiffel Tower\" is Tour Eiffel, 5, Avenue Anatole France, "), "\(added.stderr)")
        #expect(
            added.stderr.contains("found online by Nominatim at 127.0.0.1:\(nominatim.server.port); data © OpenStreetMap contributors"),
            "\(added.stderr)")
        let request = try #require(nominatim.received.first?.request)
        #expect(
            request.headers["user-agent"] == "tourist/0.1.0 (\(Self.contact))" && request.query["q"] == "Eiffel Tower"
                && request.query["format"] == "jsonv2")

        // The same name again, by other processes and commands: from the store, no request.
        let again = try await harness.json("pin", "add", "eiffel tower", "--name", "Tower", "--config", config)
        #expect(again["latitude"] as? Double == 48.8582599 && again["name"] as? String == "Tower")
        try await harness.run("search", "Eiffel Tower", "--count", "1", "--config", config)
        #expect(nominatim.received.count == 1, "\(nominatim.queries)")
        let kept = harness.store + "/state/geocoder.nominatim/cache"
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept).filter { $0.hasSuffix(".json") }.count == 1)

        // The pin, not the geocoder, is asked for later: the store holds it by name.
        let shown = try await harness.json("pin", "show", "Tour Eiffel", "--config", config)
        #expect(shown["longitude"] as? Double == 2.2945006)
    }

    /// Two processes at once, each with a name of its own: the stand-in sees their requests a
    /// second apart, one at a time.
    @Test func processesTakeTurnsASecondApart() async throws {
        let harness = try Harness()
        let names = ["Zorblat Gate", "Quibble Arch", "Wumpus Bridge"]
        let nominatim = try FakeNominatim(
            places: names.enumerated().map { index, name in
                FakeNominatim.Place(name: name, displayName: "\(name), Testland", latitude: Double(index), longitude: 5)
            })
        let config = try Self.config(harness, url: nominatim.url)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for name in names {
                group.addTask { try await harness.run("pin", "add", name, "--config", config) }
            }
            try await group.waitForAll()
        }
        let times = nominatim.received.map(\.at)
        #expect(times.count == 3, "\(nominatim.queries)")
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 1, "requests \(later.timeIntervalSince(earlier)) s apart")
        }
        #expect(nominatim.server.peakConcurrentRequests == 1)
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.count == 3)
    }

    @Test func offlineSaysSoAndOffersCoordinates() async throws {
        let harness = try Harness()
        let closed = try BoundSocket()
        let config = try Self.config(harness, url: "http://127.0.0.1:\(closed.port)")
        let offline = try await harness.run("pin", "add", "Eiffel Tower", "--config", config, expecting: 75)
        #expect(
            offline.stderr
                == "tourist: cannot look \"Eiffel Tower\" up online: the geocoder's host 127.0.0.1:\(closed.port) is unreachable: you seem to be offline, or it is down. Try again when online, or give the place's coordinates instead, as LAT LON in decimal degrees, as a map shows them\n"
        )
        // Cities still resolve offline, without asking.
        try await harness.run("pin", "add", "Kyoto", "--config", config)
        let json = try await harness.tourist.run(["pin", "add", "Eiffel Tower", "--config", config, "--json"], in: harness.folder.path)
        #expect(
            json.status == 75 && json.stderr.contains(#""code":75"#) && json.stderr.contains("you seem to be offline"), "\(json.stderr)")
    }

    @Test func offItSaysHowToTurnItOnAndAsksNothing() async throws {
        let harness = try Harness()
        let nominatim = try FakeNominatim()
        let missing = try await harness.run("pin", "add", "Eiffel Tower", expecting: 64)
        #expect(
            missing.stderr.contains("no place named \"Eiffel Tower\"")
                && missing.stderr.contains(
                    #"turn the online geocoder on (OpenStreetMap's Nominatim: set "enabled": true and your "contact" in the config's "geocoder"; docs/places.md, "Landmarks and addresses")"#
                ), "\(missing.stderr)")
        let disabled = try harness.folder.write(
            "off.json", #"{"geocoder": {"enabled": false, "url": "\#(nominatim.url)", "contact": "\#(Self.contact)"}}"#)
        let off = try await harness.run("pin", "add", "Eiffel Tower", "--config", disabled, expecting: 64)
        #expect(off.stderr.contains("turn the online geocoder on"), "\(off.stderr)")
        #expect(nominatim.received.isEmpty, "no request leaves the machine unless the config turns the geocoder on")

        let checked = try await harness.run("config", "check")
        #expect(
            checked.stdout.contains("\nOnline geocoder: off; landmarks and addresses (\"Eiffel Tower\") are not found by name."),
            "\(checked.stdout)")
        let noContact = try harness.folder.write("nocontact.json", #"{"geocoder": {"type": "nominatim"}}"#)
        let refused = try await harness.run("pin", "add", "Eiffel Tower", "--config", noContact, expecting: 78)
        #expect(
            refused.stderr.contains(
                "geocoder.contact: missing: the geocoder is on, and Nominatim's usage policy asks every client for a way to reach its user"),
            "\(refused.stderr)")
    }

    /// A contact that fails its check refuses only what would ask the geocoder (exit 78, the same
    /// message each time); commands the gazetteer or the store answer run as without a geocoder.
    @Test func aContactThatFailsItsCheckRefusesOnlyLookupsOnline() async throws {
        let harness = try Harness()
        let nominatim = try FakeNominatim()
        let example = try harness.folder.write("example.json", #"{"geocoder": {"url": "\#(nominatim.url)", "contact": "you@example.org"}}"#)
        let said = "geocoder.contact: \"you@example.org\" is an example address, and reaches nobody"
        #expect(try await harness.json("search", "Kyoto", "--count", "2", "--config", example).photos.count == 2)
        let kyoto = try await harness.json("pin", "add", "Kyoto", "--config", example)
        #expect(kyoto["name"] as? String == "Kyoto")
        try await harness.run("fetch", "Kyoto", "--count", "2", "--config", example)
        try await harness.run("pin", "list", "--config", example)
        for arguments in [["pin", "add", "Eiffel", "Tower"], ["search", "Eiffel Tower"], ["config", "check"]] {
            let refused = try await harness.run(arguments + ["--config", example], expecting: 78)
            #expect(refused.stderr.hasPrefix("tourist: config error: \(example): \(said)"), "\(arguments): \(refused.stderr)")
        }
        #expect(nominatim.received.isEmpty, "nothing was sent with a contact that reaches nobody")
    }

    @Test func configCheckSaysWhereLookupsGo() async throws {
        let harness = try Harness()
        let config = try Self.config(harness, url: "https://nominatim.openstreetmap.org")
        let checked = try await harness.run("config", "check", "--config", config)
        #expect(
            checked.stdout.contains(
                "\nOnline geocoder: on; names the gazetteer does not know are looked up at https://nominatim.openstreetmap.org as tourist/0.1.0 (\(Self.contact)), at most one request a second, answers kept in \(harness.store)/state/geocoder.nominatim.\n\n"
            ), "\(checked.stdout)")
        let document = try #require(try await harness.json("config", "check", "--config", config)["config"] as? [String: Any])
        let geocoder = try #require(document["geocoder"] as? [String: Any])
        #expect(
            geocoder["enabled"] as? Bool == true && geocoder["contact"] as? String == Self.contact
                && geocoder["type"] as? String == "nominatim")
        #expect(
            !FileManager.default.fileExists(atPath: harness.store + "/state/geocoder.nominatim"), "checking asks nothing and writes nothing"
        )
    }

    /// `pin import` looks names up offline only: an unknown place stops the import, saying so,
    /// and the geocoder is never asked, not even for one line.
    @Test func pinImportNeverAsksTheGeocoder() async throws {
        let harness = try Harness()
        let nominatim = try FakeNominatim()
        let config = try Self.config(harness, url: nominatim.url)
        let file = try harness.folder.write("sights.csv", "name,place\nTemples,Kyoto\nTower,Eiffel Tower\n")
        let refused = try await harness.run("pin", "import", file, "--config", config, expecting: 65)
        #expect(
            refused.stderr.contains(
                "sights.csv line 3: no place named \"Eiffel Tower\" among the cities of 15,000 people or more that tourist knows (GeoNames); pin import looks places up offline only, never online"
            ), "\(refused.stderr)")
        #expect(nominatim.received.isEmpty)
        #expect((try await harness.json("pin", "list", "--config", config)["pins"] as? [Any])?.isEmpty == true, "all or nothing")
    }
}

/// `tourist serve`'s place search with the geocoder on: while the user types, the gazetteer alone
/// (no request leaves the machine, as Nominatim's policy on type-ahead asks); on Enter
/// (`online=1`), a name the gazetteer lacks is looked up online, once, and offered with its credit.
@Suite struct ServedGeocoderTests {
    @Test func theMapsSearchAsksOnlineOnlyWhenToldAndOnlyForWhatTheGazetteerLacks() async throws {
        let served = try await ServedGeocoder()
        defer { Task { await served.stop() } }
        let (nominatim, server) = (served.nominatim, served.server)

        let typing = try #require(try await server.get("/api/places?q=Eiffel%20Tower").json() as? [String: Any])
        #expect((typing["candidates"] as? [Any])?.isEmpty == true && typing["geocoder"] as? Bool == true, "\(typing)")
        let city = try #require(try await server.get("/api/places?q=Kyoto&online=1", headers: Self.sameOrigin).json() as? [String: Any])
        #expect((city["candidates"] as? [[String: Any]])?.first?["source"] as? String == "gazetteer", "\(city)")
        #expect(nominatim.received.isEmpty, "nothing is asked online while typing, nor for a city: \(nominatim.queries)")

        let entered = try #require(
            try await server.get("/api/places?q=Eiffel%20Tower&online=1", headers: Self.sameOrigin).json() as? [String: Any])
        let best = try #require((entered["candidates"] as? [[String: Any]])?.first, "\(entered)")
        #expect(
            best["source"] as? String == "geocoder" && best["name"] as? String == "Tour Eiffel"
                && best["latitude"] as? Double == 48.8582599, "\(best)")
        #expect((best["attribution"] as? String)?.contains("OpenStreetMap contributors") == true, "\(best)")
        #expect(nominatim.queries == ["Eiffel Tower"])
        let refused = try await server.get("/api/places?q=Eiffel&online=yes", headers: Self.sameOrigin)
        #expect(refused.status == 400 && refused.text.contains("online"), "\(refused.text)")
    }

    @Test func withoutTheGeocoderTheAnswerSaysItIsOff() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let answer = try #require(
            try await server.get("/api/places?q=Eiffel%20Tower&online=1", headers: Self.sameOrigin).json() as? [String: Any])
        #expect((answer["candidates"] as? [Any])?.isEmpty == true && answer["geocoder"] as? Bool == false, "\(answer)")
    }

    /// What a browser says of a `fetch` from the server's own page.
    static let sameOrigin = [("Sec-Fetch-Site", "same-origin")]

    /// Another site's page can make the browser send a GET (`<img src=…>`): an online lookup it
    /// asks for is refused, nothing reaches the geocoder and nothing is kept in the store. The
    /// page's own lookups pass, by `Sec-Fetch-Site` or by its CSRF token (browsers that do not
    /// send `Sec-Fetch-Site`).
    @Test func anotherSitesPageCannotLookPlacesUpOnline() async throws {
        let served = try await ServedGeocoder()
        defer { Task { await served.stop() } }
        let (harness, nominatim, server) = (served.harness, served.nominatim, served.server)

        let lookup = "/api/places?q=Eiffel%20Tower&online=1"
        let forged: [[(String, String)]] = [
            [("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Dest", "image")], [("Sec-Fetch-Site", "same-site")], [],
            [("X-Tourist-CSRF", "guessed")],
        ]
        for headers in forged {
            let refused = try await server.get(lookup, headers: headers)
            #expect(refused.status == 403, "\(headers): \(refused.status) \(refused.text)")
            let message = try #require(try refused.json() as? [String: Any])["error"] as? String
            #expect(message?.contains("online lookups (online=1) are answered only for this server's page") == true, "\(refused.text)")
        }
        #expect(nominatim.received.isEmpty, "a forged lookup reached the geocoder: \(nominatim.queries)")
        #expect(
            !FileManager.default.fileExists(atPath: harness.store + "/state/geocoder.nominatim/cache"),
            "a forged lookup left an answer in the store")
        // Typing (no online lookup) stays open to any GET: it only reads the bundled gazetteer.
        #expect(try await server.get("/api/places?q=Kyoto").status == 200)

        let token = try await server.csrfToken()
        for headers in [Self.sameOrigin, [("X-Tourist-CSRF", token)]] {
            let found = try #require(try await server.get(lookup, headers: headers).json() as? [String: Any])
            #expect((found["candidates"] as? [[String: Any]])?.first?["name"] as? String == "Tour Eiffel", "\(headers): \(found)")
        }
        #expect(nominatim.queries == ["Eiffel Tower"], "the second lookup is the store's")
    }
}
