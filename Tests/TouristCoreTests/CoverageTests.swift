import Testing
import TouristCore

/// Whether a query circle meets a provider's coverage box, against a brute-force oracle.
@Suite struct CoverageTests {
    typealias Box = GeoBox

    static func point(_ latitude: Double, _ longitude: Double) throws -> GeoPoint { try GeoPoint(latitude: latitude, longitude: longitude) }

    /// The smallest distance from `point` to a dense grid of the box's edges (and 0 when inside).
    static func bruteForce(_ box: Box, from point: GeoPoint) throws -> Double {
        let insideLongitude =
            box.minLongitude <= box.maxLongitude
            ? point.longitude >= box.minLongitude && point.longitude <= box.maxLongitude
            : point.longitude >= box.minLongitude || point.longitude <= box.maxLongitude
        if insideLongitude, point.latitude >= box.minLatitude, point.latitude <= box.maxLatitude { return 0 }
        let width = box.minLongitude <= box.maxLongitude ? box.maxLongitude - box.minLongitude : 360 - box.minLongitude + box.maxLongitude
        var best = Double.infinity
        for step in 0...2000 {
            let fraction = Double(step) / 2000
            var longitude = box.minLongitude + width * fraction
            if longitude > 180 { longitude -= 360 }
            let latitude = box.minLatitude + (box.maxLatitude - box.minLatitude) * fraction
            for edge in [
                try Self.point(box.minLatitude, longitude), try Self.point(box.maxLatitude, longitude),
                try Self.point(latitude, box.minLongitude), try Self.point(latitude, box.maxLongitude),
            ] {
                best = min(best, point.distanceKm(to: edge))
            }
        }
        return best
    }

    @Test func insideIsZeroAndOutsideMatchesTheOracle() throws {
        let paris = Box(minLongitude: 2.2, minLatitude: 48.8, maxLongitude: 2.4, maxLatitude: 48.9)
        #expect(paris.distanceKm(from: try Self.point(48.85, 2.3)) == 0)
        let london = try Self.point(51.5074, -0.1278)
        let distance = paris.distanceKm(from: london)
        #expect(abs(distance - (try Self.bruteForce(paris, from: london))) < 0.5)
        #expect(!paris.meets(center: london, radiusKm: distance - 1) && paris.meets(center: london, radiusKm: distance + 1))

        var generator = SeededGenerator(seed: 42)
        for _ in 0..<300 {
            let minLat = Double.random(in: -85...80, using: &generator), minLon = Double.random(in: -180...170, using: &generator)
            let box = Box(
                minLongitude: minLon, minLatitude: minLat,
                maxLongitude: min(180, minLon + Double.random(in: 0.1...40, using: &generator)),
                maxLatitude: min(90, minLat + Double.random(in: 0.1...30, using: &generator))
            )
            let point = try Self.point(Double.random(in: -89...89, using: &generator), Double.random(in: -180...180, using: &generator))
            let exact = box.distanceKm(from: point), oracle = try Self.bruteForce(box, from: point)
            #expect(exact <= oracle + 0.5, "\(box) from \(point): \(exact) km, the edges come as close as \(oracle) km")
            #expect(exact >= oracle - 3, "\(box) from \(point): \(exact) km against \(oracle) km")
        }
    }

    @Test func aBoxAcrossTheAntimeridian() throws {
        let pacific = Box(minLongitude: 170, minLatitude: -20, maxLongitude: -170, maxLatitude: 20)
        #expect(pacific.distanceKm(from: try Self.point(0, 179.9)) == 0)
        #expect(pacific.distanceKm(from: try Self.point(0, -175)) == 0)
        let west = pacific.distanceKm(from: try Self.point(0, 160))
        #expect(abs(west - 10 * GeoPoint.earthRadiusKm * .pi / 180) < 0.01, "10 degrees of the equator: \(west)")
        #expect(!pacific.meets(center: try Self.point(0, 0), radiusKm: 15_000))
    }
}

/// A deterministic random number generator (SplitMix64), so a failing case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
