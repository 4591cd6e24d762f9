import Foundation
import TouristCore

/// `tourist-bench route-file FILE TOLERANCE_KM`: one run of what a route pin does with its file:
/// `RouteFile.read(contentsOf:)`, then `RouteTrack.simplified(toleranceKm:)`, each timed; prints
/// the points read and kept and the times in milliseconds (the peak memory is the script's to
/// measure, around the whole process).
func routeFileTimings(file: String, toleranceKm: Double) throws {
    let clock = ContinuousClock()
    var track = RouteTrack(name: nil, segments: [])
    let read = try clock.measure { track = try RouteFile.read(contentsOf: file) }
    var simplified = track
    let simplify = clock.measure { simplified = track.simplified(toleranceKm: toleranceKm) }
    func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }
    let ms = { (duration: Duration) in String(format: "%.0f ms", milliseconds(duration)) }
    print(
        "\(Plural.count(track.pointCount, "point")) in \(Plural.count(track.segments.count, "segment")) read in \(ms(read)),"
            + " simplified at \(Kilometres.text(toleranceKm)) to \(Plural.count(simplified.pointCount, "point")) in \(ms(simplify)):"
            + " \(ms(read + simplify)) in all")
}
