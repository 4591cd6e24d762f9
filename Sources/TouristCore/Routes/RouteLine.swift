import Foundation

/// A route's line: its points in order, with the distance along the line to each, measured on the
/// sphere. A route pin searches the corridor within its radius of this line.
///
/// Stored in the pin's album file as `{"points": [[lat, lon], ...]}`; the kilometres are computed
/// again when it is read.
public struct RouteLine: Sendable, Equatable {
    /// The points, in the order travelled; at least two, no two neighbours the same.
    public let points: [GeoPoint]
    /// The kilometres along the line to each point: 0 for the first, `lengthKm` for the last.
    public let cumulativeKm: [Double]
    private let vectors: [SphereVector]

    /// A line through `points` (neighbours that repeat a point are dropped); nil when fewer than
    /// two distinct points remain.
    public init?(points: [GeoPoint]) {
        var kept: [GeoPoint] = []
        kept.reserveCapacity(points.count)
        for point in points where point != kept.last { kept.append(point) }
        guard kept.count >= 2 else { return nil }
        self.points = kept
        vectors = kept.map(SphereVector.init)
        var total = 0.0
        var cumulative = [0.0]
        cumulative.reserveCapacity(kept.count)
        for index in 1..<kept.count {
            total += vectors[index - 1].angle(to: vectors[index]) * GeoPoint.earthRadiusKm
            cumulative.append(total)
        }
        cumulativeKm = cumulative
    }

    /// The length of the line, in kilometres.
    public var lengthKm: Double { cumulativeKm.last ?? 0 }

    /// The first point (where a route pin stands).
    public var start: GeoPoint { points[0] }

    /// The point `km` along the line (clamped to its ends).
    public func point(atKm km: Double) -> GeoPoint {
        guard km > 0 else { return points[0] }
        guard km < lengthKm else { return points[points.count - 1] }
        let index = segment(containingKm: km)
        let length = cumulativeKm[index + 1] - cumulativeKm[index]
        return Self.interpolate(vectors[index], vectors[index + 1], fraction: (km - cumulativeKm[index]) / length).point
    }

    /// The index of the segment holding `km` (the last one whose start is at or before it).
    private func segment(containingKm km: Double) -> Int {
        var low = 0, high = cumulativeKm.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if cumulativeKm[middle] <= km { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Where `point` falls on the line: the kilometres along it to the nearest point of the line,
    /// and how far that nearest point is.
    public func project(_ point: GeoPoint) -> RouteProjection {
        let target = SphereVector(point)
        var best = RouteProjection(kmAlong: 0, distanceKm: .infinity)
        for index in 0..<(vectors.count - 1) {
            let candidate = Self.project(target, vectors[index], vectors[index + 1])
            let distance = candidate.angle * GeoPoint.earthRadiusKm
            if distance < best.distanceKm {
                best = RouteProjection(kmAlong: cumulativeKm[index] + candidate.along * GeoPoint.earthRadiusKm, distanceKm: distance)
            }
        }
        return best
    }

    /// The nearest point of the great-circle arc `a`–`b` to `p`: its angle from `p` and its angle
    /// along the arc from `a`, both in radians.
    private static func project(_ p: SphereVector, _ a: SphereVector, _ b: SphereVector) -> (angle: Double, along: Double) {
        let arc = a.angle(to: b)
        guard let normal = a.cross(b).normalized else { return (p.angle(to: a), 0) }
        // p's foot on the arc's great circle; outside the arc the nearest point is an end.
        if let foot = (p - normal * p.dot(normal)).normalized {
            let fromA = a.angle(to: foot), fromB = foot.angle(to: b)
            if abs(fromA + fromB - arc) < 1e-12 {
                return (p.angle(to: foot), fromA)
            }
        }
        let toA = p.angle(to: a), toB = p.angle(to: b)
        return toA <= toB ? (toA, 0) : (toB, arc)
    }

    /// The point a `fraction` of the way from `a` to `b` along the great circle.
    private static func interpolate(_ a: SphereVector, _ b: SphereVector, fraction: Double) -> SphereVector {
        let angle = a.angle(to: b)
        guard angle > 1e-15 else { return a }
        let sinAngle = sin(angle)
        return a * (sin((1 - fraction) * angle) / sinAngle) + b * (sin(fraction * angle) / sinAngle)
    }
}

/// Where a point falls on a route's line.
public struct RouteProjection: Sendable, Equatable {
    /// The kilometres along the line to the point of the line nearest it.
    public var kmAlong: Double
    /// How far the point is from the line, in kilometres.
    public var distanceKm: Double

    public init(kmAlong: Double, distanceKm: Double) {
        self.kmAlong = kmAlong
        self.distanceKm = distanceKm
    }
}

extension RouteLine: Codable {
    private enum CodingKeys: String, CodingKey { case points }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pairs = try container.decode([[Double]].self, forKey: .points)
        var points: [GeoPoint] = []
        for pair in pairs {
            guard pair.count == 2, let point = try? GeoPoint(latitude: pair[0], longitude: pair[1]) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .points, in: container, debugDescription: "a point is not [latitude, longitude]")
            }
            points.append(point)
        }
        guard let line = RouteLine(points: points) else {
            throw DecodingError.dataCorruptedError(forKey: .points, in: container, debugDescription: "a route needs two distinct points")
        }
        self = line
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(points.map { [$0.latitude, $0.longitude] }, forKey: .points)
    }
}
