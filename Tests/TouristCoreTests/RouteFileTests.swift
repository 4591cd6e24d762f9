import Foundation
import TestSupport
import Testing
@testable import TouristCore

/// Reading route files (`RouteFile`): GPX 1.1 and 1.0 as devices and apps write them, GeoJSON
/// lines, and the errors, each naming the file, where and the fix.
@Suite struct RouteFileTests {
    static func point(_ latitude: Double, _ longitude: Double) throws -> GeoPoint {
        try GeoPoint(latitude: latitude, longitude: longitude)
    }

    static func gpx(_ body: String) -> [UInt8] {
        Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n\(body)\n</gpx>\n".utf8)
    }

    /// The message `read` throws for `bytes` named `file`.
    static func failure(_ bytes: [UInt8], file: String = "r.gpx") -> String {
        do {
            let track = try RouteFile.read(bytes, file: file)
            return "read \(track.pointCount) points"
        } catch {
            return error.message
        }
    }

    // MARK: Real files

    @Test func aGarminWatchActivityHasTwoSegmentsAndItsStrayPointIsLeftOut() throws {
        let track = try RouteFile.read(contentsOf: RouteSamples.path("garmin-watch.gpx"))
        #expect(track.name == "Lausanne Running")
        #expect(track.segments.map(\.count) == [18, 14])
        #expect(track.segments[0][0] == (try Self.point(46.50712, 6.62604)))
        #expect(track.segments[1][0].latitude > track.segments[0][17].latitude)
    }

    @Test func aPlannedRouteWithoutTimesReadsItsRoutePointsAndNotItsWaypoints() throws {
        let track = try RouteFile.read(contentsOf: RouteSamples.path("planned-route.gpx"))
        #expect(track.name == "Camino Francés – Étapes 1 & 2")
        #expect(track.segments.map(\.count) == [16])
        #expect(track.segments[0].first == (try Self.point(43.16313, -1.23764)))
        #expect(track.segments[0].last == (try Self.point(42.81844, -1.64366)))
    }

    @Test func aGPX10LoggerFileIsNamedByItsGPXElement() throws {
        let track = try RouteFile.read(contentsOf: RouteSamples.path("logger-1.0.gpx"))
        #expect(track.name == "Harbour loop")
        #expect(track.segments.map(\.count) == [8])
    }

    @Test func aGeoJSONExportGivesEachLineASegmentInFileOrder() throws {
        let track = try RouteFile.read(contentsOf: RouteSamples.path("route-export.geojson"))
        #expect(track.name == "Philosopher's Path")
        #expect(track.segments.map(\.count) == [8, 4, 3])
        #expect(track.segments[0][0] == (try Self.point(35.02697, 135.79436)))
        #expect(track.segments[2].last == (try Self.point(35.02117, 135.66986)))
    }

    // MARK: GPX as files write it

    @Test func prefixedElementsSelfClosingPointsAndAMetadataName() throws {
        let text = """
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1">
              <g:metadata><g:name> Fjord &amp; coast </g:name></g:metadata>
              <g:trk><g:trkseg><g:trkpt lat='60.1' lon="5.2"/><g:trkpt lat="60.2" lon='5.3'></g:trkpt></g:trkseg></g:trk>
            </g:gpx>
            """
        let track = try RouteFile.read(Array(text.utf8), file: "upload")
        #expect(track.name == "Fjord & coast")
        #expect(track.segments == [[try Self.point(60.1, 5.2), try Self.point(60.2, 5.3)]])
    }

    @Test func tracksAndRoutesKeepFileOrderAndExtensionsAnywhereAreNotRead() throws {
        let bytes = Self.gpx(
            """
            <extensions><rte><rtept lat="1" lon="1"/><rtept lat="2" lon="2"/></rte></extensions>
            <rte><rtept lat="10" lon="10"><extensions><trkseg><trkpt lat="3" lon="3"/></trkseg></extensions></rtept><rtept lat="11" lon="11"/></rte>
            <trk><trkseg/><trkseg><trkpt lat="20" lon="20"/><trkpt lat="21" lon="21"/></trkseg></trk>
            <wpt lat="30" lon="30"/>
            """)
        let track = try RouteFile.read(bytes, file: "r.gpx")
        #expect(track.name == nil)
        #expect(track.segments == [[try Self.point(10, 10), try Self.point(11, 11)], [try Self.point(20, 20), try Self.point(21, 21)]])
    }

    // MARK: GPX errors

    @Test func aTagClosedOutOfOrderIsNamedWithItsLineAndColumn() {
        let message = Self.failure(Self.gpx("<trk><trkseg>\n  <trkpt lat=\"1\" lon=\"2\">\n  </trkseg></trk>"))
        #expect(message == "r.gpx line 5, column 3: </trkseg> where <trkpt> from line 4 should be closed")
    }

    @Test func aDTDIsRefusedBeforeAnyEntityIsDeclared() {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <gpx><trk><name>&b;</name></trk></gpx>
            """
        #expect(
            Self.failure(Array(bomb.utf8)).hasPrefix("r.gpx line 2, column 1: a document type declaration (<!DOCTYPE …>) is not allowed"))
    }

    @Test(arguments: [
        ("<trk><name>caf&eacute;</name></trk>", "r.gpx line 3, column 15: \"&\" starts no entity XML knows"),
        ("<trk><trkseg><trkpt lat=\"95\" lon=\"2\"/></trkseg></trk>", "r.gpx line 3, column 14: <trkpt>: latitude 95 is out of range"),
        ("<rte><rtept lat=\"nan\" lon=\"2\"/></rte>", "r.gpx line 3, column 6: <rtept>'s lat \"nan\" is not a number"),
        ("<rte><rtept lat=\"1\"/></rte>", "r.gpx line 3, column 6: <rtept> has no lon attribute; write each point as <rtept lat="),
        ("<rte><rtept lat=\"1\" lon=\"2\"></rte>", "r.gpx line 3, column 29: </rte> where <rtept> from line 3 should be closed"),
        ("<trk><trkseg><trkpt lat=1 lon=2/>", "r.gpx line 3, column 25: the value of lat in <trkpt> must be in quotes"),
        ("<wpt lat=\"1\" lon=\"2\"/>", "r.gpx: no track or route of two points or more"),
        ("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk>", "r.gpx: no track or route of two points or more"),
    ])
    func aBadGPXNamesWhereAndTheFix(body: String, expected: String) {
        let message = Self.failure(Self.gpx(body))
        #expect(message.hasPrefix(expected), "\(message)")
    }

    @Test func otherXMLEncodingsAndNestingTooDeepAreRefused() {
        #expect(
            Self.failure(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx/>".utf8))
                == "r.gpx line 1, column 1: the file says it is encoded in ISO-8859-1; only UTF-8 is read: save it as UTF-8")
        #expect(
            Self.failure(Array("<kml><Document/></kml>".utf8))
                == "r.gpx line 1, column 1: the document is <kml>, not <gpx>; a route file in XML must be GPX")
        let deep = String(repeating: "<extensions>", count: 300)
        #expect(Self.failure(Self.gpx(deep)).hasPrefix("r.gpx line 3, column 3061: elements nested deeper than 256 levels"))
        #expect(Self.failure(Array("<gpx></gpx><gpx/>".utf8)) == "r.gpx line 1, column 12: a second root element; an XML file has one")
        #expect(
            Self.failure(Array("<gpx><trk>".utf8)) == "r.gpx line 1, column 11: unexpected end of file: <trk> from line 1 is not closed")
    }

    @Test func aFileOfMoreThanAMillionPointsIsRefusedAtThePointPastTheLimit() {
        var segments = RouteSegments()
        var taken = 0
        while segments.add(GeoPoint(constantLatitude: 1, longitude: 2)) { taken += 1 }
        #expect(taken == RouteFile.maxPoints)
    }

    // MARK: GeoJSON

    @Test func aBareLineStringOrMultiLineStringIsARoute() throws {
        let line = try RouteFile.read(
            Array(#"{"type": "LineString", "coordinates": [[2.29, 48.85, 35], [2.3, 48.86]]}"#.utf8), file: "r.json")
        #expect(line == RouteTrack(name: nil, segments: [[try Self.point(48.85, 2.29), try Self.point(48.86, 2.3)]]))
        let feature =
            #"{"type": "Feature", "properties": {"name": "Two"}, "geometry": {"type": "MultiLineString", "coordinates": [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]}}"#
        let track = try RouteFile.read(Array(feature.utf8), file: "upload")
        #expect(track.name == "Two" && track.segments.map(\.count) == [2, 2])
    }

    @Test func aCollectionIsNamedByItsFirstFeatureWithANameElseByItsOwnName() throws {
        let line = #"{"type": "LineString", "coordinates": [[1, 2], [3, 4]]}"#
        let named =
            #"{"type": "FeatureCollection", "name": "Walks", "features": [{"type": "Feature", "properties": {"name": "  "}, "geometry": \#(line)}, {"type": "Feature", "properties": {"name": " Second\n"}, "geometry": \#(line)}]}"#
        #expect(try RouteFile.read(Array(named.utf8), file: "r.geojson").name == "Second")
        let unnamed =
            #"{"type": "FeatureCollection", "name": "Walks", "features": [{"type": "Feature", "properties": null, "geometry": \#(line)}]}"#
        #expect(try RouteFile.read(Array(unnamed.utf8), file: "r.geojson").name == "Walks")
    }

    @Test(arguments: [
        (
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}}, {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}}]}"#,
            "r.geojson feature 2 is a Point, not a line; a route file in GeoJSON holds a LineString or MultiLineString"
        ),
        (#"{"type": "Polygon", "coordinates": [[[1, 2], [3, 4], [5, 6], [1, 2]]]}"#, "r.geojson is a Polygon, not a line"),
        (#"{"type": "LineString", "coordinates": [[1, 2]]}"#, "r.geojson: a line needs two positions or more, it has 1"),
        (
            #"{"type": "MultiLineString", "coordinates": [[[1, 2], [3, 4]], [[1, 2], [3, 95]]]}"#,
            "r.geojson, line 2, position 2: latitude 95 is out of range; use a number from -90 to 90 (GeoJSON puts the longitude first)"
        ),
        (#"{"type": "Feature", "geometry": null}"#, "r.geojson feature 1 has no geometry with a \"type\""),
        (
            "{\"type\": \"LineString\",\n \"coordinates\": [[1, 2], [3 4]]}",
            "r.geojson line 2, column 29: expected ',' or ']' after an array element; a route file in GeoJSON must be valid JSON"
        ),
        (#"{"type": "FeatureCollection", "features": []}"#, "r.geojson holds no line"),
    ])
    func aBadGeoJSONNamesTheFeatureOrTheLine(text: String, expected: String) {
        let message = Self.failure(Array(text.utf8), file: "r.geojson")
        #expect(message.hasPrefix(expected), "\(message)")
    }

    // MARK: The file

    @Test func aFileIsReadAsItsExtensionSaysElseAsItLooks() throws {
        #expect(
            Self.failure(Array("name,lat,lon".utf8), file: "r.txt").hasPrefix("r.txt is neither GPX (which starts with '<') nor GeoJSON"))
        #expect(Self.failure(Array("{}".utf8), file: "r.gpx").hasPrefix("r.gpx line 1, column 1: text outside the root element"))
        #expect(
            try RouteFile.read(Array(" \n{\"type\": \"LineString\", \"coordinates\": [[1, 2], [3, 4]]}".utf8), file: "-").pointCount == 2)
    }

    @Test func aMissingFileAFolderAndAFileTooLargeAreRefusedBeforeReading() throws {
        let folder = try TemporaryDirectory()
        #expect { try RouteFile.read(contentsOf: folder.path + "/none.gpx") } throws: { error in
            (error as? FileStreamingError)?.message
                == "cannot open \(folder.path)/none.gpx: No such file or directory; give the path of a GPX or GeoJSON route file"
                && FailureClass.of(error) == .missingInput
        }
        #expect { try RouteFile.read(contentsOf: folder.path) } throws: { error in
            (error as? FileStreamingError)?.reason == .notARegularFile
        }
        let large = try Self.sparseFile(folder.path + "/large.geojson", size: RouteFile.maxGeoJSONBytes + 1)
        #expect { try RouteFile.read(contentsOf: large) } throws: { error in
            (error as? InputDataError)?.message
                == "\(large) is larger than 128 MiB, the most a route file in GeoJSON may be; simplify the track in the app that made it, split it, or export it as GPX"
        }
    }

    @Test func aGPXHasNoSizeLimitButNoPieceOfItMayPassAMebibyte() throws {
        let folder = try TemporaryDirectory()
        let large = try Self.sparseFile(try folder.write("large.gpx", "<gpx>"), size: RouteFile.maxGeoJSONBytes + 1)
        #expect { try RouteFile.read(contentsOf: large) } throws: { error in
            (error as? InputDataError)?.message
                == "\(large) line 1, column 6: more than 1 MiB of one tag or text starts here; a route file needs none that long"
        }
    }

    /// The file at `path` made `size` bytes long without writing them: what follows its content
    /// reads as zeros.
    static func sparseFile(_ path: String, size: Int) throws -> String {
        if !FileManager.default.fileExists(atPath: path) { #expect(FileManager.default.createFile(atPath: path, contents: nil)) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return path
    }
}
