import Foundation
import TestSupport
import Testing
@testable import TouristCore

/// Route files read a chunk at a time (`RouteFileChunks`, `RouteByteWindow`): whatever byte a chunk
/// ends on (inside a tag, an entity, a CDATA section or a character of several bytes), the route,
/// the message, its line and its column are those of the whole file; and the reader holds a chunk
/// and the piece it reads, not the file.
@Suite struct RouteFileChunkTests {
    /// A GPX whose every kind of piece is split by some chunk size: a declaration, a comment, a
    /// name with an entity, a character reference and a CDATA section around characters of two,
    /// three and four bytes, and points on lines of their own.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- made by hand: é → 🚶 -->
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><name>Café &amp; co &#x2192; <![CDATA[<🚶> ]]>Zürich</name>
            <trkseg>
              <trkpt lat="47.3769" lon="8.5417"><ele>408</ele></trkpt>
              <trkpt lat='47.3780' lon='8.5402'/>
              <trkpt lat="47.3791" lon="8.5390"></trkpt>
            </trkseg>
          </trk>
        </gpx>
        """

    /// What reading `text` as `file` gives with chunks of `size` bytes: the route, or the message.
    static func outcome(_ text: String, file: String = "r.gpx", chunkSize size: Int) -> String {
        do {
            let track = try RouteFile.read(RouteFileChunks(Array(text.utf8), chunkSize: size), file: file, format: nil)
            return "\(track)"
        } catch {
            return error.message
        }
    }

    @Test func everyChunkSizeReadsTheSameRouteAsTheWholeFile() throws {
        let whole = try RouteFile.read(Array(Self.document.utf8), file: "r.gpx")
        #expect(whole.name == "Café & co → <🚶> Zürich")
        #expect(
            whole.segments == [
                [
                    try GeoPoint(latitude: 47.3769, longitude: 8.5417), try GeoPoint(latitude: 47.378, longitude: 8.5402),
                    try GeoPoint(latitude: 47.3791, longitude: 8.539),
                ]
            ])
        for size in 1...64 {
            #expect(Self.outcome(Self.document, chunkSize: size) == "\(whole)", "chunks of \(size) bytes")
        }
    }

    @Test(arguments: [
        // The error's column counts characters: "é", "→" and "🚶" are one each, of 2, 3 and 4 bytes.
        ("<trk><name>é→🚶 &eacute;</name></trk>", "r.gpx line 3, column 16: \"&\" starts no entity XML knows"),
        (
            "<trk><name>é→🚶</name>\n<trkseg><trkpt lat=\"91\" lon=\"2\"/></trkseg></trk>",
            "r.gpx line 4, column 9: <trkpt>: latitude 91 is out of range"
        ),
        ("<trk><name><![CDATA[é→🚶</name></trk>", "r.gpx line 3, column 12: a CDATA section is not closed"),
        ("<!-- é→🚶 <trk>", "r.gpx line 3, column 1: a comment is not closed"),
        ("<trk>\n<trkseg>é→🚶</trk>", "r.gpx line 4, column 12: </trk> where <trkseg> from line 4 should be closed"),
        ("<rte><rtept lat=\"1\" lon=\"2\">🚶</rte>", "r.gpx line 3, column 30: </rte> where <rtept> from line 3 should be closed"),
    ])
    func aMessageNamesTheSameLineAndColumnWhateverTheChunks(body: String, expected: String) {
        let text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n\(body)\n</gpx>\n"
        for size in [1, 2, 3, 5, 7, 11, 64, RouteFile.chunkSize] {
            let message = Self.outcome(text, chunkSize: size)
            #expect(message.hasPrefix(expected), "chunks of \(size) bytes: \(message)")
        }
    }

    @Test func aGeoJSONFileReadInChunksIsTheSameRoute() {
        let text =
            #"{"type": "Feature", "properties": {"name": "Zürich → 🚶"}, "geometry": {"type": "LineString", "coordinates": [[8.54, 47.37], [8.55, 47.38]]}}"#
        let whole = Self.outcome(text, file: "r.geojson", chunkSize: RouteFile.chunkSize)
        #expect(whole.contains("Zürich → 🚶"))
        for size in [1, 2, 3, 7, 64] {
            #expect(Self.outcome(text, file: "-", chunkSize: size) == whole, "chunks of \(size) bytes")
        }
    }

    @Test func aFileReadInSmallChunksIsTheSameRouteAsItsBytes() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("walk.gpx", Self.document)
        let whole = try RouteFile.read(Array(Self.document.utf8), file: path)
        for size in [1, 5, 13, 4096] {
            #expect(try RouteFile.read(contentsOf: path, chunkSize: size) == whole, "chunks of \(size) bytes")
        }
    }

    @Test func theReaderHoldsAChunkAndAPieceNotTheFile() throws {
        let point = """
              <trkpt lat="47.3769" lon="8.5417"><ele>408.2</ele><time>2026-05-01T06:00:00.000Z</time>
                <extensions><ns3:TrackPointExtension><ns3:hr>120</ns3:hr><ns3:cad>84</ns3:cad></ns3:TrackPointExtension></extensions>
              </trkpt>

            """
        let text = "<gpx xmlns:ns3=\"x\"><trk><trkseg>\n" + String(repeating: point, count: 5_000) + "</trkseg></trk></gpx>\n"
        let chunkSize = 4096
        var tokens = XMLTokenizer(RouteFileChunks(Array(text.utf8), chunkSize: chunkSize))
        var starts = 0
        while let token = try tokens.next() {
            if case .start = token { starts += 1 }
        }
        #expect(starts == 3 + 5_000 * 7)
        #expect(text.utf8.count > 200 * chunkSize)
        #expect(tokens.bytesHighWater <= 2 * chunkSize, "held \(tokens.bytesHighWater) bytes of \(text.utf8.count)")
    }

    @Test func aPieceLongerThanTheLimitIsRefusedWhereItStartsButALongCommentIsPassedOver() throws {
        let long = String(repeating: "a", count: RouteByteWindow.maxPieceBytes + 1)
        let text = "<gpx>\n<trk><name>\(long)</name></trk></gpx>"
        #expect(
            Self.outcome(text, chunkSize: 65536)
                == "r.gpx line 2, column 12: more than 1 MiB of one tag or text starts here; a route file needs none that long")
        let commented =
            "<gpx><!-- \(long)\(long) --><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"3\" lon=\"4\"/></trkseg></trk></gpx>"
        #expect(try RouteFile.read(Array(commented.utf8), file: "r.gpx").pointCount == 2)
    }
}
