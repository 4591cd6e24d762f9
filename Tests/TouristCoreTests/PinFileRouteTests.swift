import Foundation
import Testing
@testable import TouristCore

/// Route pins and time windows in pin files: GeoJSON lines read as route pins and written from
/// them, `taken` and `months` in both formats, and their errors.
@Suite struct PinFileRouteTests {
    static func point(_ latitude: Double, _ longitude: Double) throws -> GeoPoint {
        try GeoPoint(latitude: latitude, longitude: longitude)
    }

    static func geoJSON(_ features: String...) -> [UInt8] {
        Array(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8)
    }

    // MARK: GeoJSON lines

    @Test func aLineStringOrMultiLineStringFeatureIsARoutePinStandingAtItsStart() throws {
        let entries = try PinGeoJSON.read(
            Self.geoJSON(
                #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[2.2945,48.8584,35],[2.3376,48.8606]]},"properties":{"name":"Seine","radiusKm":1,"taken":"2010..2015","months":"12-2"}}"#,
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[135.7741,34.9668]},"properties":{"name":"Kyoto","months":4}}"#,
                #"{"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[[[1,2],[1,3]],[[1,4],[1,5],[1,6]]]},"properties":null}"#
            ), file: "trips.geojson")
        #expect(entries.map(\.name) == ["Seine", "Kyoto", nil])
        #expect(entries[0].location == (try Self.point(48.8584, 2.2945)), "a route stands at its first point")
        #expect(entries[0].route?.segments == [[try Self.point(48.8584, 2.2945), try Self.point(48.8606, 2.3376)]])
        #expect(entries[0].window == TimeWindow(taken: try TakenRange.parse("2010..2015"), months: try MonthSet.parse("12-2")))
        #expect(entries[1].route == nil && entries[1].window == TimeWindow(taken: nil, months: MonthSet([4])), "a whole number of months")
        #expect(entries[2].route?.segments.map(\.count) == [2, 3], "each line of a MultiLineString is a segment")
        #expect(entries[2].location == (try Self.point(2, 1)) && entries[2].window == nil)
    }

    @Test func aRoutePinsLineAndAWindowAreWrittenAndReadBack() throws {
        let line = try #require(
            RouteLine(points: [try Self.point(48.8584, 2.2945), try Self.point(48.8606, 2.3376), try Self.point(48.853, 2.3499)]))
        var route = Pin(id: "1234abcd", name: "Seine", location: line.start, radiusKm: 1, createdAt: Date())
        route.routeKm = Pin.routeKm(line)
        route.window = TimeWindow(taken: try TakenRange.parse("..1950"), months: try MonthSet.parse("3-5,10"))
        var place = Pin(id: "5678abcd", name: "Kyoto", location: try Self.point(34.9668, 135.7741), radiusKm: 5, createdAt: Date())
        place.window = TimeWindow(taken: nil, months: try MonthSet.parse("apr"))
        let text = PinGeoJSON.write([PinFileRecord(pin: route, route: line), PinFileRecord(pin: place)])

        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let features = try #require(document["features"] as? [[String: Any]])
        let geometry = try #require(features[0]["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        #expect(geometry["coordinates"] as? [[Double]] == line.points.map { [$0.longitude, $0.latitude] })
        let properties = try #require(features[0]["properties"] as? [String: Any])
        #expect(properties["taken"] as? String == "..1950" && properties["months"] as? String == "3-5,10")
        #expect(properties["routeKm"] as? Double == route.routeKm)
        #expect((features[1]["properties"] as? [String: Any])?["taken"] == nil, "no taken range, no property")

        let entries = try PinGeoJSON.read(Array(text.utf8), file: "x.geojson")
        #expect(entries.map(\.window) == [route.window, place.window])
        #expect(entries[0].route?.segments == [line.points] && entries[0].location == line.start)
        #expect(RoutePin.line(of: try #require(entries[0].route), radiusKm: 1) == line, "simplifying the line again keeps it")
        let kyoto = try place.location
        #expect(entries[1].route == nil && entries[1].location == kyoto)
    }

    @Test(arguments: [
        (
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2]]}}"#,
            "g.geojson feature 1: a line needs two positions or more, it has 1"
        ),
        (
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[1,2]]}}"#,
            "g.geojson feature 1: the line has no two different points"
        ),
        (
            #"{"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[[[1,2],[1,3]],[[1,2],[48.85,120]]]}}"#,
            "g.geojson feature 1, line 2, position 2: latitude 120 is out of range; use a number from -90 to 90 (GeoJSON puts the longitude first)"
        ),
        (
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"taken":"2015..2010"}}"#,
            "g.geojson feature 1: taken: \"2015..2010\" starts after it ends; write the earlier end first: 2010..2015"
        ),
        (
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[1,3]]},"properties":{"months":"13"}}"#,
            "g.geojson feature 1: months: \"13\" has \"13\", which is not a month or a run of months"
        ),
        (
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"taken":[2010,2015]}}"#,
            "g.geojson feature 1: \"taken\" must be a string such as \"2010..2015\", got [2010,2015]"
        ),
        (#"{"type":"Feature","geometry":null}"#, "g.geojson feature 1 is without a geometry; a pin is a Point feature"),
    ])
    func lineAndWindowErrorsNameTheFeature(feature: String, message: String) {
        #expect {
            _ = try PinGeoJSON.read(Self.geoJSON(feature), file: "g.geojson")
        } throws: { error in
            (error as? InputDataError)?.message.hasPrefix(message) == true
        }
    }

    @Test func theLinesOfAPinFileHoldAtMostAMillionPointsInAll() throws {
        // Two features of 600,001 points each: each alone is allowed, both are not.
        let positions = String(repeating: "[1,2],[1,3],", count: 300_000) + "[1,4]"
        let feature = #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[\#(positions)]}}"#
        #expect(try PinGeoJSON.read(Self.geoJSON(feature), file: "big.geojson").count == 1)
        #expect {
            _ = try PinGeoJSON.read(Self.geoJSON(feature, feature), file: "big.geojson")
        } throws: { error in
            (error as? InputDataError)?.message.hasPrefix("big.geojson feature 2, position 400000: more than 1000000 points") == true
        }
    }

    // MARK: CSV windows

    @Test func csvCarriesAWindowInTakenAndMonthsColumns() throws {
        var kyoto = Pin(id: "5678abcd", name: "Kyoto", location: try Self.point(34.9668, 135.7741), radiusKm: 5, createdAt: Date())
        kyoto.window = TimeWindow(taken: try TakenRange.parse("2019-03-01..2019-04-15"), months: try MonthSet.parse("3-5,10"))
        let paris = Pin(id: "1234abcd", name: "Paris", location: try Self.point(48.8584, 2.2945), radiusKm: 2, createdAt: Date())
        let text = PinCSV.write([kyoto, paris])
        #expect(
            text == """
                name,latitude,longitude,radius_km,taken,months\r
                Kyoto,34.9668,135.7741,5,2019-03-01..2019-04-15,"3-5,10"\r
                Paris,48.8584,2.2945,2,,\r

                """)
        let entries = try PinCSV.read(text, file: "w.csv", gazetteer: .bundled)
        #expect(entries.map(\.window) == [kyoto.window, nil])
        #expect(PinCSV.write([paris]).hasPrefix("name,latitude,longitude,radius_km\r\n"), "no window, no window columns")
        let any = try PinCSV.read("months,name,lat,lon\nany,Rome,41.9,12.5\n", file: "a.csv", gazetteer: .bundled)
        #expect(any.first?.window == nil, "`any` leaves the window open, as in pin add")
    }

    @Test func aBadWindowInCSVNamesTheLine() {
        #expect {
            _ = try PinCSV.read(
                "name,latitude,longitude,taken\nRome,41.9,12.5,2015\nOld,1,2,1950-1960\n", file: "w.csv", gazetteer: .bundled)
        } throws: { error in
            (error as? InputDataError)?.message
                == "w.csv line 3: taken: \"1950-1960\" names a range with \"-\"; write two dots between its ends: 1950..1960"
        }
    }
}
