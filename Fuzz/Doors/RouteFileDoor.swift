import Foundation
import TouristCore

/// A route file, GPX or GeoJSON as its content looks (`RouteFile.read`). Contract: a route it reads
/// has segments of two points or more, at most `RouteFile.maxPoints` in all; written as GPX, it
/// reads back as the same route; each segment simplified keeps its ends and only its own points in
/// order. Else an `InputDataError` that names the file. Read in chunks of a few bytes (a size the
/// input's length picks), it gives the same route or the same message as in one chunk.
enum RouteFileDoor {
    static func check(_ bytes: [UInt8]) {
        let outcome = Result { () throws(InputDataError) in try RouteFile.read(bytes, file: "route") }
        let chunkSize = 1 + bytes.count % 13
        let chunked = Result { () throws(InputDataError) in try RouteFile.read(bytes, file: "route", chunkSize: chunkSize) }
        contract(
            "\(outcome)" == "\(chunked)", "read in chunks of \(chunkSize) bytes: \(chunked), in one: \(outcome)")
        let track: RouteTrack
        switch outcome {
        case .success(let read):
            track = read
        case .failure(let error):
            contract(error.message.hasPrefix("route"), "an error that does not name the file: \(error.message)")
            return
        }
        contract(track.segments.allSatisfy { $0.count >= 2 }, "a segment of fewer than two points: \(track.segments)")
        contract(track.pointCount <= RouteFile.maxPoints, "\(track.pointCount) points")
        let written = gpx(track)
        do {
            let again = try RouteFile.read(Array(written.utf8), file: "route.gpx")
            contract(again == track, "\(track) written as \(written.debugDescription) read back as \(again)")
        } catch {
            contract(false, "\(track) written as \(written.debugDescription) cannot be read back: \(error.message)")
        }
        for segment in track.segments {
            let kept = RouteSimplification.simplified(segment, toleranceKm: 0.01)
            contract(kept.first == segment.first && kept.last == segment.last, "simplified \(segment) to \(kept)")
            var rest = segment[...]
            for point in kept {
                guard let at = rest.firstIndex(of: point) else { return contract(false, "simplified \(segment) to \(kept), out of order") }
                rest = rest[(at + 1)...]
            }
        }
    }

    /// `track` as GPX 1.1: one track, a segment per segment, the name escaped.
    static func gpx(_ track: RouteTrack) -> String {
        var text = "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk>"
        if let name = track.name {
            let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            text += "<name>\(escaped)</name>"
        }
        for segment in track.segments {
            text += "<trkseg>" + segment.map { "<trkpt lat=\"\($0.latitude)\" lon=\"\($0.longitude)\"/>" }.joined() + "</trkseg>"
        }
        return text + "</trk></gpx>"
    }
}
