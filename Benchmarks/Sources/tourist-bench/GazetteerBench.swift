import Foundation
import TouristCore

/// `tourist-bench gazetteer ROUNDS`: the bundled gazetteer's cold load (the first
/// `Gazetteer.bundled()` of the process: reading the file and decoding it), then the median time of
/// a lookup by name (target: under 5 ms) over `ROUNDS` rounds of a mix of names (a unique name, a
/// clear winner, a qualified name, an ambiguous one, accents, an alternate name in another script,
/// an unknown name), and of `nearest(to:)` at points spread over the globe.
func gazetteerTimings(rounds: Int) throws {
    let clock = ContinuousClock()
    var gazetteer: Gazetteer?
    let cold = try clock.measure { gazetteer = try Gazetteer.bundled() }
    guard let gazetteer else { fail("the gazetteer did not load") }
    let names = ["Kyoto", "Paris", "Paris, TX", "Springfield", "sao paulo", "Springfield, Illinois", "Москва", "Xyzzyville"]
    var points: [GeoPoint] = []
    for index in 0..<97 {
        points.append(try GeoPoint(latitude: Double(index * 37 % 180) - 89.5, longitude: Double(index * 113 % 360) - 179.5))
    }
    /// The median of `rounds` runs of `body`, in microseconds.
    func median(_ body: (Int) -> Void) -> Double {
        let times = (0..<rounds).map { round in clock.measure { body(round) } }.sorted()
        let middle = times[times.count / 2].components
        return Double(middle.seconds) * 1e6 + Double(middle.attoseconds) / 1e12
    }
    let lookup = median { round in _ = gazetteer.resolve(names[round % names.count]) }
    let nearest = median { round in _ = gazetteer.nearest(to: points[round % points.count]) }
    let coldComponents = cold.components
    let coldMs = Double(coldComponents.seconds) * 1e3 + Double(coldComponents.attoseconds) / 1e15
    print(
        String(
            format: "gazetteer of %d places: cold load %.1f ms; warm lookup by name %.1f us, nearest city %.1f us (medians of %d)",
            gazetteer.count, coldMs, lookup, nearest, rounds))
}
