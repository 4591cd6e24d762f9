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
                let bearing = points[index - 1].bearing(to: points[index])
                ends += [
                    points[index].moved(km: margin, bearing: bearing + 90),
                    points[index].moved(km: margin, bearing: bearing - 90),
                ]
                if index == points.count - 1 { ends.append(points[index].moved(km: margin, bearing: bearing)) }
            }
            if index < points.count - 1 {
                let bearing = points[index].bearing(to: points[index + 1])
                ends += [
                    points[index].moved(km: margin, bearing: bearing + 90),
                    points[index].moved(km: margin, bearing: bearing - 90),
                ]
                if index == 0 { ends.append(points[index].moved(km: margin, bearing: bearing + 180)) }
            }
            return ends
        }
    }
}
