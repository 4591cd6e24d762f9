import Foundation

/// A point on the unit sphere as a 3D vector: the exact geometry behind a route's projections,
/// true at any latitude and across the antimeridian (no flat-map approximation).
struct SphereVector: Sendable, Equatable {
    var x, y, z: Double

    init(x: Double, y: Double, z: Double) {
        (self.x, self.y, self.z) = (x, y, z)
    }

    init(_ point: GeoPoint) {
        let phi = point.latitude * .pi / 180, lambda = point.longitude * .pi / 180
        self.init(x: cos(phi) * cos(lambda), y: cos(phi) * sin(lambda), z: sin(phi))
    }

    /// The point this vector names (normalized first).
    var point: GeoPoint {
        let unit = normalized ?? self
        let latitude = asin(max(-1, min(1, unit.z))) * 180 / .pi
        let longitude = atan2(unit.y, unit.x) * 180 / .pi
        return GeoPoint(constantLatitude: max(-90, min(90, latitude)), longitude: max(-180, min(180, longitude)))
    }

    func dot(_ other: SphereVector) -> Double { x * other.x + y * other.y + z * other.z }

    func cross(_ other: SphereVector) -> SphereVector {
        SphereVector(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    var length: Double { dot(self).squareRoot() }

    /// The vector scaled to length 1; nil for a (near) zero vector.
    var normalized: SphereVector? {
        let length = length
        return length > 1e-15 ? SphereVector(x: x / length, y: y / length, z: z / length) : nil
    }

    static func - (left: SphereVector, right: SphereVector) -> SphereVector {
        SphereVector(x: left.x - right.x, y: left.y - right.y, z: left.z - right.z)
    }

    static func + (left: SphereVector, right: SphereVector) -> SphereVector {
        SphereVector(x: left.x + right.x, y: left.y + right.y, z: left.z + right.z)
    }

    static func * (vector: SphereVector, factor: Double) -> SphereVector {
        SphereVector(x: vector.x * factor, y: vector.y * factor, z: vector.z * factor)
    }

    /// The angle between two unit vectors in radians, accurate for tiny and large angles alike.
    func angle(to other: SphereVector) -> Double {
        atan2(cross(other).length, dot(other))
    }
}
