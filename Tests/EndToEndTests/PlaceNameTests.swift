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
        #expect(shared.stderr.contains("\n  \"Springfield, Illinois\": Springfield, Illinois, United States (US), pop. "), "\(shared.stderr)")
        // Each listed choice, typed as shown, is one place.
        let picked = try await harness.json("pin", "add", "Springfield, Illinois")
        #expect(abs((picked["latitude"] as? Double ?? 0) - 39.80) < 0.05, "\(picked)")
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.count == 1)

        let nowhere = try await harness.run("pin", "add", "Xyzzyville", expecting: 64)
        #expect(nowhere.stderr.contains("no place named \"Xyzzyville\"") && nowhere.stderr.contains("give its coordinates instead, as LAT LON"), "\(nowhere.stderr)")
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
