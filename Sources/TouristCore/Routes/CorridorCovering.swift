import Foundation

/// The queries that cover a route's corridor for one provider: walking the line, each query takes
/// the longest stretch of it that one shape the provider allows can hold: a box within its largest
/// area when it takes boxes (a box follows the line closely, where a circle reaching as far
/// searches mostly beside the corridor, and a service that ranks and caps its answers fills them
/// with what lies there), else a circle within its largest radius; a circle too where no box can
/// be made (near a pole, across the antimeridian). So the corridor is covered with few requests
/// and little of each query lies outside it.
///
/// The line is sampled at every point and at least every `stepKm` (`CorridorSamples`); a shape
/// holds a stretch when it holds the ends of the corridor's cross-sections at its samples (the
/// corridor's radius plus half a step to either side), so every point of the corridor is inside
/// some query.
public struct CorridorCovering: Sendable {
    public let corridor: RouteCorridor
    public let shapes: SearchShapes

    public init(corridor: RouteCorridor, shapes: SearchShapes) {
        self.corridor = corridor
        self.shapes = shapes
    }

    /// The queries, in the order of the line, at page 1 of `limit` photos (taken inside `window`,
    /// when given), each with the stretch of the line whose corridor it holds.
    public func queries(limit: Int, exclude: Set<PhotoKey> = [], window: TimeWindow? = nil) -> [CorridorQuery] {
        let samples = CorridorSamples(corridor.line, stepKm: stepKm, margin: corridor.radiusKm + stepKm / 2)
        var queries: [CorridorQuery] = []
        var start = 0
        while start < samples.points.count - 1 || queries.isEmpty {
            let query: GeoQuery
            let end: Int
            if let box = longestBox(samples, from: start) {
                (query, end) = (GeoQuery(box: box.box, limit: limit, exclude: exclude, window: window), box.end)
            } else {
                let circle = longestCircle(samples, from: start)
                let circleQuery = GeoQuery(center: circle.center, radiusKm: circle.radiusKm, limit: limit, exclude: exclude, window: window)
                (query, end) = (circleQuery, circle.end)
            }
            queries.append(CorridorQuery(query: query, stretchKm: samples.kms[start]...samples.kms[end]))
            start = end
        }
        return queries
    }

    /// The largest circle a query asks for: the provider's largest when it holds the corridor's
    /// width comfortably, else twice the corridor's radius (the provider splits it as it must).
    var circleRadiusKm: Double {
        let wide = 2 * corridor.radiusKm
        guard let largest = shapes.maxCircleRadiusKm else { return wide }
        return largest >= 1.5 * corridor.radiusKm ? largest : wide
    }

    /// The sampling step along the line: a quarter of the corridor's radius, coarser on a line so long
    /// that it would take more than 20,000 samples.
    var stepKm: Double {
        max(corridor.radiusKm / 4, corridor.line.lengthKm / 20_000)
    }

    /// The circle around samples `start...` that reaches farthest (at least one sample on).
    private func longestCircle(_ samples: CorridorSamples, from start: Int) -> (center: GeoPoint, radiusKm: Double, end: Int) {
        let last = samples.points.count - 1
        var best = fittingCircle(samples, start, min(start + 1, last))
        var end = best.end
        while end < last {
            let next = fittingCircle(samples, start, end + 1)
            guard next.radiusKm <= circleRadiusKm else { break }
            best = next
            end += 1
        }
        return best
    }

    /// The circle around the middle of samples `start...end` holding the ends of their cross-sections.
    private func fittingCircle(_ samples: CorridorSamples, _ start: Int, _ end: Int) -> (center: GeoPoint, radiusKm: Double, end: Int) {
        let vectors = samples.vectors[start...end]
        let center = vectors.reduce(SphereVector(x: 0, y: 0, z: 0), +).normalized?.point ?? samples.points[start]
        let farthest = samples.edges[start...end].joined().map { $0.distanceKm(to: center) }.max() ?? 0
        return (center, farthest + 0.001, end)
    }

    /// The box around samples `start...` that reaches farthest within the provider's largest area;
    /// nil when it takes no boxes, or not even one step fits (near a pole, across the antimeridian).
    private func longestBox(_ samples: CorridorSamples, from start: Int) -> (box: GeoBox, end: Int)? {
        guard let largest = shapes.maxBoxAreaKm2 else { return nil }
        let last = samples.points.count - 1
        var bounds = DegreeBounds(samples.points[start])
        samples.edges[start].forEach { bounds.include($0) }
        var best: (box: GeoBox, end: Int)?
        var end = start
        while end < last {
            var grown = bounds
            samples.edges[end + 1].forEach { grown.include($0) }
            guard let box = grown.box, box.areaKm2 <= largest else { break }
            bounds = grown
            best = (box.box, end + 1)
            end += 1
        }
        return best
    }
}

/// One query covering a corridor, and the stretch of the line (in kilometres along it) whose corridor
/// it holds: a photo inside the corridor that falls on this stretch lies inside the query.
public struct CorridorQuery: Sendable {
    public var query: GeoQuery
    public var stretchKm: ClosedRange<Double>
}

/// The latitudes and longitudes a stretch of line spans, longitudes unwrapped from its first point
/// (so a stretch across the antimeridian is one span).
private struct DegreeBounds {
    var minLatitude, maxLatitude, minLongitude, maxLongitude: Double
    private let reference: Double

    init(_ point: GeoPoint) {
        (minLatitude, maxLatitude) = (point.latitude, point.latitude)
        (minLongitude, maxLongitude, reference) = (point.longitude, point.longitude, point.longitude)
    }

    mutating func include(_ point: GeoPoint) {
        var longitude = point.longitude
        while longitude - reference > 180 { longitude -= 360 }
        while longitude - reference < -180 { longitude += 360 }
        minLatitude = min(minLatitude, point.latitude)
        maxLatitude = max(maxLatitude, point.latitude)
        minLongitude = min(minLongitude, longitude)
        maxLongitude = max(maxLongitude, longitude)
    }

    /// The box, with its area in km² (its height times its width at its latitude nearest the
    /// equator, where it is widest); nil near a pole or across the antimeridian.
    var box: (box: GeoBox, areaKm2: Double)? {
        let kmPerDegree = GeoPoint.earthRadiusKm * .pi / 180
        guard minLatitude > -85, maxLatitude < 85, minLongitude >= -180, maxLongitude <= 180 else { return nil }
        let widest = minLatitude > 0 ? minLatitude : maxLatitude < 0 ? maxLatitude : 0
        let area = (maxLatitude - minLatitude) * kmPerDegree * (maxLongitude - minLongitude) * kmPerDegree * cos(widest * .pi / 180)
        return (GeoBox(minLongitude: minLongitude, minLatitude: minLatitude, maxLongitude: maxLongitude, maxLatitude: maxLatitude), area)
    }
}
