import Foundation

/// Douglas–Peucker simplification of a line on the sphere: the fewest points such that no point
/// left out is farther than the tolerance from the simplified line, the first and last points kept.
///
/// Distances are measured on the sphere, not on a flat projection, so the tolerance holds at any
/// latitude, near the poles and across the antimeridian: each point is a unit vector, and a point's
/// distance to a stretch of the line is its cross-track distance to the stretch's great circle when
/// it lies beside the stretch, else its distance to the nearer end. The work is a loop over a stack
/// of stretches, not recursion, so a track of a million points needs no deep call stack.
public enum RouteSimplification {
    /// `points` simplified so that every point left out is within `toleranceKm` of the result.
    /// Lines of two points or fewer, and a tolerance that is not above 0, give `points` as they are.
    public static func simplified(_ points: [GeoPoint], toleranceKm: Double) -> [GeoPoint] {
        guard points.count > 2, toleranceKm > 0, toleranceKm.isFinite else { return points }
        let vectors = points.map { SphereVector($0) }
        let tolerance = toleranceKm / GeoPoint.earthRadiusKm  // as an angle, in radians
        var kept = [Bool](repeating: false, count: points.count)
        kept[0] = true
        kept[points.count - 1] = true
        var stretches = [(first: 0, last: points.count - 1)]
        while let (first, last) = stretches.popLast() {
            guard last - first > 1 else { continue }
            let stretch = Stretch(vectors[first], vectors[last])
            var farthest = first, farthestAngle = -1.0
            for index in (first + 1)..<last {
                let angle = stretch.angle(to: vectors[index])
                if angle > farthestAngle {
                    farthest = index
                    farthestAngle = angle
                }
            }
            guard farthestAngle > tolerance else { continue }
            kept[farthest] = true
            stretches.append((first, farthest))
            stretches.append((farthest, last))
        }
        return points.indices.compactMap { kept[$0] ? points[$0] : nil }
    }

    /// The shorter great-circle arc between two points.
    struct Stretch {
        let start: SphereVector, end: SphereVector
        /// The unit normal of the arc's great circle; nil when the ends are the same point (or opposite).
        let normal: SphereVector?

        init(_ start: SphereVector, _ end: SphereVector) {
            self.start = start
            self.end = end
            normal = start.cross(end).normalized
        }

        /// The angle from `point` to the nearest point of the arc.
        func angle(to point: SphereVector) -> Double {
            guard let normal else { return start.angle(to: point) }
            // Beside the arc when the point lies between the planes through each end at right angles to the arc.
            if start.cross(point).dot(normal) >= 0, point.cross(end).dot(normal) >= 0 {
                return abs(asin(max(-1, min(1, point.dot(normal)))))
            }
            return min(start.angle(to: point), end.angle(to: point))
        }
    }
}
