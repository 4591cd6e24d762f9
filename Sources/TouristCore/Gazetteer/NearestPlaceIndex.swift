import Foundation

/// Finds the place nearest to a point without measuring the distance to every place: the places
/// sorted by latitude, searched outward from the point's latitude in both directions, each
/// direction stopping once the latitude alone puts a place farther than the nearest found so far
/// (a great-circle distance is never shorter than the distance along a meridian).
///
/// Places are compared by the straight line between their points on the unit sphere (the chord:
/// a few multiplications, no trigonometry), which orders them as the great-circle distance does;
/// the distance answered is `GeoPoint.distanceKm`'s, measured once for the place found.
struct NearestPlaceIndex: Sendable {
    /// Kilometres per degree of latitude on the sphere `GeoPoint.distanceKm` uses.
    private static let kmPerDegree = GeoPoint.earthRadiusKm * .pi / 180

    /// A point on the unit sphere.
    private struct Vector: Sendable {
        var x, y, z: Double

        init(latitude: Double, longitude: Double) {
            let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
            x = cos(phi) * cos(lambda)
            y = cos(phi) * sin(lambda)
            z = sin(phi)
        }

        /// The squared length of the chord to `other`.
        func chordSquared(to other: Vector) -> Double {
            let dx = x - other.x, dy = y - other.y, dz = z - other.z
            return dx * dx + dy * dy + dz * dz
        }
    }

    private let latitudes: [Double]
    private let longitudes: [Double]
    private let vectors: [Vector]
    /// The index in the gazetteer's places of each entry.
    private let places: [Int]

    init(_ locations: [GeoPoint]) {
        let order = locations.indices.sorted { locations[$0].latitude < locations[$1].latitude }
        latitudes = order.map { locations[$0].latitude }
        longitudes = order.map { locations[$0].longitude }
        vectors = order.map { Vector(latitude: locations[$0].latitude, longitude: locations[$0].longitude) }
        places = order
    }

    /// The great-circle distance in kilometres a squared chord stands for.
    private static func kilometres(chordSquared: Double) -> Double {
        2 * GeoPoint.earthRadiusKm * asin(min(1, chordSquared.squareRoot() / 2))
    }

    /// The index of the place nearest to `point` and its distance in kilometres; nil when empty.
    func nearest(to point: GeoPoint) -> (place: Int, distanceKm: Double)? {
        let here = Vector(latitude: point.latitude, longitude: point.longitude)
        var best: (entry: Int, chordSquared: Double, km: Double)?
        let low = firstEntry(atOrNorthOf: point.latitude)
        /// Measures entry `entry` when it can be nearer than `best`; false when it is past either
        /// end or too far by latitude alone, so the search in its direction is over.
        func consider(_ entry: Int) -> Bool {
            guard latitudes.indices.contains(entry) else { return false }
            if let found = best, abs(latitudes[entry] - point.latitude) * Self.kmPerDegree > found.km { return false }
            let chord = here.chordSquared(to: vectors[entry])
            if best.map({ chord < $0.chordSquared }) ?? true { best = (entry, chord, Self.kilometres(chordSquared: chord)) }
            return true
        }
        var north = low, south = low - 1
        var searchingNorth = true, searchingSouth = true
        while searchingNorth || searchingSouth {
            if searchingNorth { searchingNorth = consider(north); north += 1 }
            if searchingSouth { searchingSouth = consider(south); south -= 1 }
        }
        return best.map {
            (places[$0.entry], GeoPoint.distanceKm(point.latitude, point.longitude, latitudes[$0.entry], longitudes[$0.entry]))
        }
    }

    /// Every place within `km` of `point` (great-circle, as `GeoPoint.distanceKm` measures), with
    /// its distance, in no order: of the entries whose latitude alone is within `km`, those whose
    /// chord is short enough (with a hair to spare for rounding), measured.
    func places(within km: Double, of point: GeoPoint) -> [(place: Int, distanceKm: Double)] {
        let band = km / Self.kmPerDegree
        let here = Vector(latitude: point.latitude, longitude: point.longitude)
        let reach = 2 * sin(min(.pi / 2, km / (2 * GeoPoint.earthRadiusKm)))
        let limit = reach * reach * (1 + 1e-9) + 1e-15
        var entry = firstEntry(atOrNorthOf: point.latitude - band)
        var found: [(place: Int, distanceKm: Double)] = []
        while entry < latitudes.count, latitudes[entry] <= point.latitude + band {
            if here.chordSquared(to: vectors[entry]) <= limit {
                let distance = GeoPoint.distanceKm(point.latitude, point.longitude, latitudes[entry], longitudes[entry])
                if distance <= km { found.append((places[entry], distance)) }
            }
            entry += 1
        }
        return found
    }

    /// The first entry at or north of `latitude`.
    private func firstEntry(atOrNorthOf latitude: Double) -> Int {
        var low = 0, high = latitudes.count
        while low < high {
            let middle = (low + high) / 2
            if latitudes[middle] < latitude { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
