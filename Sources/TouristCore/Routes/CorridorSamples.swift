import Foundation

/// A route's line sampled for covering its corridor: the line's points, with extra ones at most
/// `stepKm` apart between them, and for each sample the ends of the corridor's cross-sections
/// there (`margin` to either side of each segment it touches, and beyond the line's two ends).
/// A convex shape holding the edge points of neighbouring samples holds the corridor between them.
struct CorridorSamples {
    private(set) var points: [GeoPoint] = []
    private(set) var vectors: [SphereVector] = []
    /// Per sample, its kilometres along the line.
    private(set) var kms: [Double] = []
    /// Per sample, the ends of its cross-sections.
    private(set) var edges: [[GeoPoint]] = []

    init(_ line: RouteLine, stepKm: Double, margin: Double) {
        for index in 0..<line.points.count {
            if index > 0 {
                let from = line.cumulativeKm[index - 1], to = line.cumulativeKm[index]
                let steps = Int(((to - from) / stepKm).rounded(.up))
                for step in stride(from: 1, to: max(steps, 1), by: 1) {
                    let km = from + (to - from) * Double(step) / Double(steps)
                    points.append(line.point(atKm: km))
                    kms.append(km)
                }
            }
            points.append(line.points[index])
            kms.append(line.cumulativeKm[index])
        }
        vectors = points.map(SphereVector.init)
        edges = points.indices.map { index in
            var ends: [GeoPoint] = []
            if index > 0 {
                let bearing = Self.bearing(points[index - 1], points[index])
                ends += [
                    Self.moved(points[index], km: margin, bearing: bearing + 90),
                    Self.moved(points[index], km: margin, bearing: bearing - 90),
                ]
                if index == points.count - 1 { ends.append(Self.moved(points[index], km: margin, bearing: bearing)) }
            }
            if index < points.count - 1 {
                let bearing = Self.bearing(points[index], points[index + 1])
                ends += [
                    Self.moved(points[index], km: margin, bearing: bearing + 90),
                    Self.moved(points[index], km: margin, bearing: bearing - 90),
                ]
                if index == 0 { ends.append(Self.moved(points[index], km: margin, bearing: bearing + 180)) }
            }
            return ends
        }
    }

    /// The initial bearing from `a` to `b`, in degrees clockwise from north.
    static func bearing(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let phi1 = a.latitude * .pi / 180, phi2 = b.latitude * .pi / 180
        let deltaLambda = (b.longitude - a.longitude) * .pi / 180
        let y = sin(deltaLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(deltaLambda)
        return atan2(y, x) * 180 / .pi
    }

    /// The point `km` from `point` on the great circle leaving it at `bearing` degrees.
    static func moved(_ point: GeoPoint, km: Double, bearing: Double) -> GeoPoint {
        let delta = km / GeoPoint.earthRadiusKm, theta = bearing * .pi / 180
        let phi1 = point.latitude * .pi / 180, lambda1 = point.longitude * .pi / 180
        let phi2 = asin(max(-1, min(1, sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        var longitude = lambda2 * 180 / .pi
        while longitude > 180 { longitude -= 360 }
        while longitude < -180 { longitude += 360 }
        return GeoPoint(constantLatitude: max(-90, min(90, phi2 * 180 / .pi)), longitude: longitude)
    }
}
