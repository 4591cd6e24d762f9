import Foundation
import Testing
import TestSupport

/// `pin add` takes a city's name as well as coordinates, through the bundled gazetteer: one place
/// is taken, a clear winner by population is taken with a note, and a name several places share
/// lists them, naming how to pick each, and adds nothing.
@Suite struct PlaceNameTests {
    @Test func aCityIsPinnedByItsName() async throws {
        let harness = try Harness()
        let kyoto = try await harness.json("pin", "add", "Kyoto")
        #expect(kyoto["name"] as? String == "Kyoto")
        let latitude = try #require(kyoto["latitude"] as? Double), longitude = try #require(kyoto["longitude"] as? Double)
        #expect(abs(latitude - 35.02) < 0.05 && abs(longitude - 135.75) < 0.05, "\(kyoto)")
        // Accents and case do not matter; the gazetteer's spelling names the pin.
        #expect(try await harness.json("pin", "add", "sao", "paulo")["name"] as? String == "São Paulo")
        // A country or region after a comma picks among places of one name.
        let texas = try await harness.json("pin", "add", "Paris, TX")
        #expect(texas["name"] as? String == "Paris, TX" && abs((texas["latitude"] as? Double ?? 0) - 33.66) < 0.05, "\(texas)")
    }

    @Test func theLargestByFarIsTakenWithANote() async throws {
        let harness = try Harness()
        let paris = try await harness.run("pin", "add", "Paris")
        #expect(paris.stderr.hasPrefix("tourist: \"Paris\" is taken as Paris, FR (pop. 2,138,551), the largest of "), "\(paris.stderr)")
        #expect(paris.stdout.hasPrefix("Added pin ") && paris.stdout.contains("\"Paris\" at 48.85341,2.3488"), "\(paris.stdout)")
    }

    @Test func aSharedNameListsThePlacesAndAddsNothing() async throws {
        let harness = try Harness()
        let shared = try await harness.run("pin", "add", "Springfield", expecting: 64)
        #expect(shared.stderr.hasPrefix("tourist: \"Springfield\" names "), "\(shared.stderr)")
        #expect(
            shared.stderr.contains("\n  \"Springfield, Illinois\": Springfield, Illinois, United States (US), pop. "), "\(shared.stderr)")
        // Each listed choice, typed as shown, is one place.
        let picked = try await harness.json("pin", "add", "Springfield, Illinois")
        #expect(abs((picked["latitude"] as? Double ?? 0) - 39.80) < 0.05, "\(picked)")
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.count == 1)

        let nowhere = try await harness.run("pin", "add", "Xyzzyville", expecting: 64)
        #expect(
            nowhere.stderr.contains("no place named \"Xyzzyville\"") && nowhere.stderr.contains("give its coordinates instead, as LAT LON"),
            "\(nowhere.stderr)")
        // search takes a place the same way.
        let searched = try await harness.json("search", "Paris", "--count", "2")
        #expect(searched.photos.count == 2, "\(searched)")
        // Words that start like a number are coordinates, and a bad one is said to be one.
        let typo = try await harness.run("pin", "add", "48.8", "east", expecting: 64)
        #expect(typo.stderr.contains("longitude \"east\" is not a number"), "\(typo.stderr)")
    }

    /// A pin file may give a city's name in a `place` column instead of coordinates; a name
    /// several places share stops the import, naming its line, and nothing is added.
    @Test func aPinFileMayNamePlaces() async throws {
        let harness = try Harness()
        let file = try harness.folder.write("places.csv", "name,place,radius_km\nTemples,Kyoto,10\n,\"Paris, TX\",\nHarbour,,\n")
        let missing = try await harness.run("pin", "import", file, expecting: 65)
        #expect(missing.stderr.contains("places.csv line 4: expected a place, or a latitude and a longitude"), "\(missing.stderr)")
        let good = try harness.folder.write("good.csv", "name,place,radius_km\nTemples,Kyoto,10\n,\"Paris, TX\",\n")
        let imported = try await harness.json("pin", "import", good)
        #expect((imported["added"] as? [Any])?.count == 2, "\(imported)")
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(pins.map { $0["name"] as? String } == ["Temples", "Paris, TX"] && pins.first?["radiusKm"] as? Double == 10, "\(pins)")
        let shared = try harness.folder.write("shared.csv", "place\nMunich\nSpringfield\n")
        let refused = try await harness.run("pin", "import", shared, expecting: 65)
        #expect(refused.stderr.contains("shared.csv line 3: \"Springfield\" names "), "\(refused.stderr)")
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.count == 2, "all or nothing")
    }
}

/// Every pin says where it is by the gazetteer's nearest city, in each view: `pin list` (a PLACE
/// column, fitted to the terminal), `pin show`, `album`'s heading and `--json` (`near`, `nearKm`).
/// A pin far from any city gives the distance; a store written before pins kept their city shows
/// it too.
@Suite struct NearestPlaceTests {
    @Test func everyViewOfAPinNamesItsNearestCity() async throws {
        let harness = try Harness()
        let added = try await harness.json("pin", "add", "34.9858", "135.7588", "--name", "Temple")
        #expect(added["near"] as? String == "Kyoto, JP" && (added["nearKm"] as? Double ?? 99) < 10, "\(added)")
        try await harness.run("pin", "add", "0", "-140", "--name", "Open sea")

        let list = try await harness.run("pin", "list")
        #expect(list.stdout.contains("near Kyoto, JP") && list.stdout.contains("2213 km from Papeete, PF"), "\(list.stdout)")
        let show = try await harness.run("pin", "show", "Temple")
        #expect(show.stdout.contains("\nplace:     near Kyoto, JP\n"), "\(show.stdout)")
        let album = try await harness.run("album", "Temple")
        #expect(album.stdout.hasPrefix("Temple (") && album.stdout.contains(" (near Kyoto, JP), radius 5 km"), "\(album.stdout)")
    }

    @Test func aPinFromBeforePinsKeptTheirCityShowsItToo() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Tower")
        // The store as an earlier tourist wrote it: no "near" or "nearKm" in any index file.
        let index = URL(fileURLWithPath: harness.store).appendingPathComponent("index")
        let files = try #require(FileManager.default.enumerator(at: index, includingPropertiesForKeys: nil)).compactMap { $0 as? URL }
        var stripped = 0
        for file in files where !file.hasDirectoryPath {
            let text = try String(contentsOf: file, encoding: .utf8)
            let old = text.replacingOccurrences(of: #""near" ?: ?"[^"]*", ?"nearKm" ?: ?[0-9.]+,"#, with: "", options: .regularExpression)
            if old != text { stripped += 1 }
            try old.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(stripped >= 2, "the pin list and the album name the place")
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(pins.first?["near"] as? String == "Paris, FR", "\(pins)")
        #expect(try await harness.run("pin", "show", "Tower").stdout.contains("place:     near Paris, FR"))
        #expect(try await harness.run("store", "verify").status == 0)
    }

    @Test func theListFitsANarrowTerminal() async throws {
        let harness = try Harness(extraEnvironment: ["COLUMNS": "80"])
        try await harness.run("pin", "add", "Kyoto")
        try await harness.run("pin", "add", "0", "-140", "--name", "A pin with a rather long name out at sea")
        let list = try await harness.run("pin", "list")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 3 && lines.allSatisfy { $0.count <= 80 }, "\(list.stdout)")
        #expect(lines[1].contains("Kyoto"), "\(list.stdout)")
    }

    /// At 60 columns the coordinates (then the radius) give way before a row would wrap, and a
    /// place keeps its start: never "near… FR".
    @Test func aNarrowTerminalDropsCoordinatesBeforeCuttingPlaces() async throws {
        let harness = try Harness(extraEnvironment: ["COLUMNS": "60"])
        try await harness.run("pin", "add", "40.6892", "-74.0445", "--name", "Statue of Liberty")
        try await harness.run("pin", "add", "Paris")
        let list = try await harness.run("pin", "list")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 3 && lines.allSatisfy { $0.count <= 60 }, "\(list.stdout)")
        #expect(lines[0].hasPrefix("ID") && !lines[0].contains("LATITUDE") && !lines[0].contains("LONGITUDE"), "\(list.stdout)")
        #expect(lines[0].contains("PLACE") && lines[0].contains("STATE") && lines[0].contains("PHOTOS"), "\(list.stdout)")
        #expect(lines[1].contains("near New York"), "\(list.stdout)")
        #expect(lines[2].contains("near Paris, FR"), "\(list.stdout)")
    }
}
