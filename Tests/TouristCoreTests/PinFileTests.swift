import Foundation
import Testing
@testable import TouristCore

/// Reading and writing pin files: CSV (RFC 4180) and GeoJSON, their errors, and round trips.
@Suite struct PinFileTests {
    // MARK: CSV

    @Test func csvWithAHeaderInAnyOrderQuotedFieldsAndWindowsLineEnds() throws {
        let text =
            "\u{FEFF}Lon,Name,Lat,Radius\r\n2.2945,\"Tour Eiffel, Paris\",48.8584,2\r\n\r\n-74.0445,\"The \"\"Lady\"\"\",40.6892,\r\n"
        let entries = try PinCSV.read(text, file: "p.csv", gazetteer: .bundled)
        #expect(entries.count == 2)
        #expect(
            entries[0]
                == PinFileEntry(
                    name: "Tour Eiffel, Paris", location: try GeoPoint(latitude: 48.8584, longitude: 2.2945), radiusKm: 2,
                    position: "line 2"))
        #expect(entries[1].name == "The \"Lady\"" && entries[1].radiusKm == nil && entries[1].position == "line 4")
    }

    @Test func csvWithoutAHeaderTakesNameLatitudeLongitudeRadius() throws {
        let entries = try PinCSV.read("Kyoto,34.9668,135.7741\n,-33.8584,151.2128,12.5", file: "p.csv", gazetteer: .bundled)
        #expect(entries.map(\.name) == ["Kyoto", nil])
        #expect(entries.map(\.radiusKm) == [nil, 12.5])
        #expect(entries[1].location == (try GeoPoint(latitude: -33.8584, longitude: 151.2128)))
    }

    @Test func aQuotedNameMaySpanLinesAndTheNextLineCountsOn() throws {
        let entries = try PinCSV.read("\"two\nlines\",1,2\nnext,3,4\n", file: "p.csv", gazetteer: .bundled)
        #expect(entries.map(\.name) == ["two\nlines", "next"])
        #expect(entries.map(\.position) == ["line 1", "line 3"])
        #expect {
            _ = try PinCSV.read("\"two\nlines\",1,2\nnext,3,4\nbad,x,5", file: "p.csv", gazetteer: .bundled)
        } throws: { error in
            (error as? InputDataError)?.message.hasPrefix("p.csv line 4: latitude \"x\"") == true
        }
    }

    @Test(arguments: [
        ("Paris,48.86", "p.csv line 1: expected name,latitude,longitude[,radius_km], got 2 fields"),
        ("a,1,2\nb,north,2", "p.csv line 2: latitude \"north\" is not a number"),
        ("a,1,2\nb,95,2", "p.csv line 2: latitude 95 is out of range"),
        ("a,1,2,0", "p.csv line 1: radius \"0\" is not a radius"),
        ("a,1,2,-3", "p.csv line 1: radius \"-3\" is not a radius"),
        ("a,1,2\n\"open,3,4", "p.csv line 2: a quoted field is never closed"),
        ("Joe's \"Diner\",1,2", "p.csv line 1: a quote in the middle of the field"),
        ("spot,where,when\nx,1,2", "p.csv line 1: the header \"spot,where,when\" names no latitude column"),
        ("name,lat\nx,1", "p.csv line 1: the header names no longitude column"),
    ])
    func csvErrorsNameTheLineAndTheProblem(text: String, message: String) {
        #expect {
            _ = try PinCSV.read(text, file: "p.csv", gazetteer: .bundled)
        } throws: { error in
            (error as? InputDataError)?.message.hasPrefix(message) == true
        }
    }

    @Test func csvRoundTripsAwkwardNamesAndExactCoordinates() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab ,\"'é東京\t;x")
        for round in 0..<200 {
            let name = String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let latitude = Double.random(in: -90...90, using: &generator)
            let longitude = Double.random(in: -180...180, using: &generator)
            let radius = [1, 5, 0.25, Double.random(in: 0.001...20_000, using: &generator)][round % 4]
            var pin = Pin(
                id: "0000abcd", name: name, location: try GeoPoint(latitude: latitude, longitude: longitude), radiusKm: radius,
                createdAt: Date())
            pin.photos = 3
            let read = try PinCSV.read(PinCSV.write([pin]), file: "round.csv", gazetteer: .bundled)
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            #expect(
                read == [
                    PinFileEntry(name: trimmed.isEmpty ? nil : trimmed, location: try pin.location, radiusKm: radius, position: "line 2")
                ], "\(name.debugDescription)")
        }
    }

    @Test func wholeNumbersAreWrittenWithoutADecimalPoint() {
        #expect(PinCSV.number(5) == "5" && PinCSV.number(-150) == "-150" && PinCSV.number(48.8584) == "48.8584")
    }

    // MARK: GeoJSON

    @Test func geoJSONFeatureCollectionOfPoints() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.2945, 48.8584, 35]}, "properties": {"name": "Eiffel", "radiusKm": 2}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [135.7741, 34.9668]}, "properties": null},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [151.2128, -33.8584]}, "properties": {"title": "Opera", "radius_km": 0.5}}
            ]}
            """
        let entries = try PinGeoJSON.read(Array(text.utf8), file: "p.geojson")
        #expect(entries.map(\.name) == ["Eiffel", nil, "Opera"])
        #expect(entries.map(\.radiusKm) == [2, nil, 0.5])
        #expect(entries[0].location == (try GeoPoint(latitude: 48.8584, longitude: 2.2945)))
        #expect(entries.map(\.position) == ["feature 1", "feature 2", "feature 3"])
        let single = try PinGeoJSON.read(
            Array(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}"#.utf8), file: "one.json")
        #expect(single.count == 1 && single[0].location.latitude == 2)
    }

    @Test(arguments: [
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[1,2],[3,4],[1,2]]]}}]}"#,
            "g.geojson feature 1 is a Polygon; a pin is a Point feature"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[48.85,120]}}]}"#,
            "g.geojson feature 1: latitude 120 is out of range; use a number from -90 to 90 (GeoJSON puts the longitude first)"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":["1","2"]}}]}"#,
            "g.geojson feature 1: the Point's \"coordinates\" must be [longitude, latitude] in numbers"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"name":7}}]}"#,
            "g.geojson feature 1: \"name\" must be a string, got 7"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"radiusKm":"far"}}]}"#,
            "g.geojson feature 1: \"radiusKm\" \"far\" is not a radius"
        ),
        (#"{"type":"FeatureCollection"}"#, "g.geojson: the FeatureCollection has no \"features\" array"),
        (
            #"{"type":"Point","coordinates":[1,2]}"#,
            "g.geojson: expected a GeoJSON FeatureCollection or Feature (its \"type\"), got \"Point\""
        ),
        ("{\"type\": \"FeatureCollection\",\n \"features\": [,]}", "g.geojson line 2, column"),
    ])
    func geoJSONErrorsNameTheFeatureAndTheProblem(text: String, message: String) {
        #expect {
            _ = try PinGeoJSON.read(Array(text.utf8), file: "g.geojson")
        } throws: { error in
            (error as? InputDataError)?.message.hasPrefix(message) == true
        }
    }

    @Test func geoJSONRoundTripsAndCarriesEachPinsStateForReaders() throws {
        var pin = Pin(
            id: "1234abcd", name: "Sydney \"Opera\" House", location: try GeoPoint(latitude: -33.8568, longitude: 151.2153), radiusKm: 0.75,
            createdAt: Date())
        pin.state = .ready
        pin.photos = 21
        let text = PinGeoJSON.write([PinFileRecord(pin: pin)])
        let entries = try PinGeoJSON.read(Array(text.utf8), file: "x.geojson")
        #expect(entries == [PinFileEntry(name: pin.name, location: try pin.location, radiusKm: 0.75, position: "feature 1")])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let properties = try #require(((document["features"] as? [[String: Any]])?.first)?["properties"] as? [String: Any])
        #expect(
            properties["id"] as? String == "1234abcd" && properties["state"] as? String == "ready" && properties["photos"] as? Int == 21)
    }

    @Test func theFormatIsTakenFromTheExtensionElseTheContent() {
        #expect(PinFileFormat.named(byExtensionOf: "a/B.CSV") == .csv)
        #expect(PinFileFormat.named(byExtensionOf: "x.geojson") == .geojson && PinFileFormat.named(byExtensionOf: "x.json") == .geojson)
        #expect(PinFileFormat.named(byExtensionOf: "places.txt") == nil)
        #expect(PinFileFormat.sniffed(Array("\u{FEFF}  \n{\"type\":1}".utf8)) == .geojson)
        #expect(PinFileFormat.sniffed(Array("name,lat,lon".utf8)) == .csv)
    }
}
