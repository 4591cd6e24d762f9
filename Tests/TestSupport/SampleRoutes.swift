import Foundation

/// Routes for tests and benchmarks, made of real places so their lines bend as roads do.
public enum SampleRoutes {
    /// Beauvais to Bordeaux by Paris, Orléans, Tours, Poitiers and Angoulême: 594 km south-west, in
    /// stretches heading south, south-west and west.
    public static let beauvaisToBordeaux: [(latitude: Double, longitude: Double)] = [
        (49.4295, 2.0807), (48.8566, 2.3522), (48.4343, 2.1615), (47.9030, 1.9093), (47.5861, 1.3359), (47.3941, 0.6848),
        (46.8178, 0.5461), (46.5802, 0.3404), (45.6484, 0.1562), (45.2, -0.25), (44.8378, -0.5792),
    ]

    /// A GPX 1.1 track of `route`.
    public static func gpx(_ route: [(latitude: Double, longitude: Double)], name: String) -> String {
        let points = route.map { "      <trkpt lat=\"\($0.latitude)\" lon=\"\($0.longitude)\"></trkpt>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tourist tests" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><name>\(name)</name><trkseg>
            \(points)
              </trkseg></trk>
            </gpx>

            """
    }
}

extension SampleRoutes {
    /// Great-circle distance in km (haversine), apart from tourist's own geometry.
    public static func distanceKm(_ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)) -> Double {
        let phi1 = a.latitude * .pi / 180, phi2 = b.latitude * .pi / 180
        let dPhi = phi2 - phi1, dLambda = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
    }

    /// Points along `route` every `stepKm` (straight in degrees between its points: fine for
    /// stretches of tens of kilometres), each with its kilometre from the start.
    public static func positions(along route: [(latitude: Double, longitude: Double)], everyKm stepKm: Double) -> [(
        latitude: Double, longitude: Double, km: Double
    )] {
        var result: [(latitude: Double, longitude: Double, km: Double)] = []
        var travelled = 0.0, next = 0.0
        for (a, b) in zip(route, route.dropFirst()) {
            let length = distanceKm(a, b)
            while next <= travelled + length {
                let f = (next - travelled) / length
                result.append((a.latitude + (b.latitude - a.latitude) * f, a.longitude + (b.longitude - a.longitude) * f, next))
                next += stepKm
            }
            travelled += length
        }
        return result
    }

    /// How far `point` is from `route`, to within about 100 m (the nearest of points every 0.2 km).
    public static func distanceKm(from point: (latitude: Double, longitude: Double), to route: [(latitude: Double, longitude: Double)])
        -> Double
    {
        positions(along: route, everyKm: 0.2).map { distanceKm(point, ($0.latitude, $0.longitude)) }.min() ?? .infinity
    }
}
