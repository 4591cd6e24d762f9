/// Finds the place nearest to a point without measuring the distance to every place: the places
/// sorted by latitude, searched outward from the point's latitude in both directions, each
/// direction stopping once the latitude alone puts a place farther than the nearest found so far
/// (a great-circle distance is never shorter than the distance along a meridian).
struct NearestPlaceIndex: Sendable {
    /// Kilometres per degree of latitude on the sphere `GeoPoint.distanceKm` uses.
    private static let kmPerDegree = GeoPoint.earthRadiusKm * .pi / 180

    private let latitudes: [Double]
    private let longitudes: [Double]
    /// The index in the gazetteer's places of each entry.
    private let places: [Int]

    init(_ locations: [GeoPoint]) {
        let order = locations.indices.sorted { locations[$0].latitude < locations[$1].latitude }
        latitudes = order.map { locations[$0].latitude }
        longitudes = order.map { locations[$0].longitude }
        places = order
    }

    /// The index of the place nearest to `point` and its distance in kilometres; nil when empty.
    func nearest(to point: GeoPoint) -> (place: Int, distanceKm: Double)? {
        var best: (place: Int, distanceKm: Double)?
        let low = firstEntry(atOrNorthOf: point.latitude)
        /// Measures entry `entry` when it can be nearer than `best`; false when it is past either
        /// end or too far by latitude alone, so the search in its direction is over.
        func consider(_ entry: Int) -> Bool {
            guard latitudes.indices.contains(entry) else { return false }
            if let found = best, abs(latitudes[entry] - point.latitude) * Self.kmPerDegree > found.distanceKm { return false }
            let distance = GeoPoint.distanceKm(point.latitude, point.longitude, latitudes[entry], longitudes[entry])
            if best.map({ distance < $0.distanceKm }) ?? true { best = (places[entry], distance) }
            return true
        }
        var north = low, south = low - 1
        var searchingNorth = true, searchingSouth = true
        while searchingNorth || searchingSouth {
            if searchingNorth { searchingNorth = consider(north); north += 1 }
            if searchingSouth { searchingSouth = consider(south); south -= 1 }
        }
        return best
    }

    /// Every place within `km` of `point` (great-circle), with its distance, in no order: the
    /// entries whose latitude alone is within `km`, measured.
    func places(within km: Double, of point: GeoPoint) -> [(place: Int, distanceKm: Double)] {
        let band = km / Self.kmPerDegree
        var entry = firstEntry(atOrNorthOf: point.latitude - band)
        var found: [(place: Int, distanceKm: Double)] = []
        while entry < latitudes.count, latitudes[entry] <= point.latitude + band {
            let distance = GeoPoint.distanceKm(point.latitude, point.longitude, latitudes[entry], longitudes[entry])
            if distance <= km { found.append((places[entry], distance)) }
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
