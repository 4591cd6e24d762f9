import Foundation
import Testing
import TestSupport

/// Route pins and time windows through `pin export` and `pin import`, with the built binary: in
/// GeoJSON a route pin leaves as its line and comes back as the same route pin, a window comes
/// back with its pin; CSV carries windows and refuses a route pin rather than drop its line.
@Suite struct PinFileRouteEndToEndTests {
    /// Along the Seine from the Eiffel Tower, where the bundled set has photos: a track of a point
    /// every 50 m, which the pin simplifies.
    static let walk = [(48.8584, 2.2945), (48.8606, 2.3376), (48.853, 2.3499), (48.8462, 2.3752)].map { (latitude: $0.0, longitude: $0.1) }

    static func addPins(_ harness: Harness) async throws {
        let dense = SampleRoutes.positions(along: walk, everyKm: 0.05).map { (latitude: $0.latitude, longitude: $0.longitude) }
        let track = try harness.folder.write("seine.gpx", SampleRoutes.gpx(dense + [walk[walk.count - 1]], name: "Seine"))
        try await harness.run("pin", "add", "--route", track, "--radius", "1", "--taken", "2015..")
        try await harness.run("pin", "add", "34.9668", "135.7741", "--name", "Kyoto", "--radius", "3", "--months", "3-5,10")
    }

    /// What the pin list says of each pin that a pin file must carry.
    static func kept(_ harness: Harness) async throws -> [String] {
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        return pins.map { pin in
            ["name", "latitude", "longitude", "radiusKm", "routeKm", "taken", "months"].map { "\($0)=\(pin[$0] ?? "-")" }.joined(
                separator: " ")
        }
    }

    @Test func aRoutePinAndAWindowLeaveAsGeoJSONAndComeBackTheSame() async throws {
        let harness = try Harness()
        try await Self.addPins(harness)
        let before = try await Self.kept(harness)
        let shown = try await harness.run("pin", "show", "Seine")
        let routeLine = try #require(shown.stdout.split(separator: "\n").first { $0.hasPrefix("route:") })
        #expect(routeLine.hasSuffix("points (the location is its start)") && !routeLine.contains(" 0 points"), "\(routeLine)")
        try await harness.run("fetch", "Seine")
        let kilometres = try await harness.json("album", "Seine").photos.map { $0["routeKm"] as? Double }
        #expect(!kilometres.isEmpty && kilometres.allSatisfy { $0 != nil }, "\(kilometres)")

        let file = harness.folder.child("pins.geojson")
        try await harness.run("pin", "export", "--output", file)
        let exported = try String(contentsOfFile: file, encoding: .utf8)
        let features = try #require(
            (try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [String: Any])?["features"] as? [[String: Any]])
        let geometry = try #require(features.first?["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        #expect(routeLine.contains(" \(coordinates.count) points"), "the simplified line, every point of it: \(routeLine)")
        #expect(coordinates.count < SampleRoutes.positions(along: Self.walk, everyKm: 0.05).count)
        let properties = try #require(features.first?["properties"] as? [String: Any])
        #expect(properties["taken"] as? String == "2015.." && properties["radiusKm"] as? Double == 1)
        #expect((features.last?["properties"] as? [String: Any])?["months"] as? String == "3-5,10")

        try await harness.run("pin", "rm", "Seine", "Kyoto")
        let imported = try await harness.run("pin", "import", file)
        #expect(imported.stdout.hasPrefix("Imported 2 pins from \(file)."), "\(imported.stdout)")
        #expect(try await Self.kept(harness) == before)
        #expect(try await harness.run("pin", "show", "Seine").stdout.contains(routeLine), "the same number of points")
        try await harness.run("pin", "export", "--output", harness.folder.child("again.geojson"))
        let again = try String(contentsOfFile: harness.folder.child("again.geojson"), encoding: .utf8)
        #expect(Self.withoutIDs(again) == Self.withoutIDs(exported), "the same lines, radii and windows")
        try await harness.run("fetch", "Seine")
        #expect(try await harness.json("album", "Seine").photos.map { $0["routeKm"] as? Double } == kilometres)

        // Importing it again changes nothing; another line under the name is refused.
        let twice = try await harness.json("pin", "import", file)
        #expect((twice["added"] as? [Any])?.isEmpty == true && (twice["unchanged"] as? [Any])?.count == 2)
        // A wider radius keeps the line simplified for the narrower one: the file's line is that line.
        try await harness.run("pin", "edit", "Seine", "--radius", "4")
        let widened = harness.folder.child("widened.geojson")
        try await harness.run("pin", "export", "Seine", "--output", widened)
        let unchanged = try await harness.json("pin", "import", widened)
        #expect((unchanged["added"] as? [Any])?.isEmpty == true && (unchanged["unchanged"] as? [Any])?.count == 1)
        try await harness.run("pin", "edit", "Seine", "--radius", "1")
        let moved = try harness.folder.write(
            "moved.geojson",
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[2.2945,48.8584],[2.3,48.87]]},"properties":{"name":"Seine","radiusKm":1}}"#
        )
        let refused = try await harness.run("pin", "import", moved, expecting: 65)
        #expect(
            refused.stderr.hasPrefix(
                "tourist: \(moved) feature 1: a pin named \"Seine\" already exists along a route of 6 km from 48.8584,2.2945 with radius 1 km (id "
            ),
            "\(refused.stderr)")
        let otherWindow = try harness.folder.write(
            "window.geojson",
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[135.7741,34.9668]},"properties":{"name":"Kyoto","radiusKm":3,"months":"4"}}"#
        )
        let window = try await harness.run("pin", "import", otherWindow, expecting: 65)
        #expect(
            window.stderr.hasPrefix(
                "tourist: \(otherWindow) feature 1: a pin named \"Kyoto\" already exists here with the time window in March–May and October, any year (id "
            ), "\(window.stderr)")
        #expect(try await Self.kept(harness) == before, "nothing changed")
    }

    /// The exported text without the pins' ids, which a new pin does not keep.
    static func withoutIDs(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.contains("\"id\":") && !$0.contains("\"state\":") && !$0.contains("\"photos\":") }
            .joined(separator: "\n")
    }

    @Test func csvRefusesARoutePinAndCarriesWindows() async throws {
        let harness = try Harness()
        try await Self.addPins(harness)
        let refused = try await harness.run("pin", "export", expecting: 64)
        #expect(
            refused.stderr
                == "tourist: CSV holds a place on each line, not a route's line, and the pin \"Seine\" is a route pin. Export them as GeoJSON with `--format geojson` (or an --output file ending in .geojson), which keeps each route's line, or name the pins to export, leaving the route pins out\n",
            "\(refused.stderr)")
        let file = harness.folder.child("pins.csv")
        try await harness.run("pin", "export", "--output", file, expecting: 64)
        #expect(!FileManager.default.fileExists(atPath: file), "nothing written")

        let csv = try await harness.run("pin", "export", "Kyoto").stdout
        #expect(csv == "name,latitude,longitude,radius_km,taken,months\r\nKyoto,34.9668,135.7741,3,,\"3-5,10\"\r\n")
        let written = try harness.folder.write("kyoto.csv", csv)
        let other = harness.folder.child("other-store")
        try await harness.run("pin", "import", written, "--store", other)
        let copied = try await harness.json("pin", "show", "Kyoto", "--store", other)
        #expect(copied["months"] as? String == "3-5,10" && copied["taken"] == nil && copied["radiusKm"] as? Double == 3)
        let bad = try harness.folder.write("bad.csv", "name,latitude,longitude,months\nRome,41.9,12.5,13\n")
        let badMonths = try await harness.run("pin", "import", bad, expecting: 65)
        #expect(
            badMonths.stderr.hasPrefix("tourist: \(bad) line 2: months: \"13\" has \"13\", which is not a month or a run of months"),
            "\(badMonths.stderr)")
    }
}
