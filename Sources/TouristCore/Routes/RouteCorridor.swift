import Foundation

/// A route pin's search area: every point within `radiusKm` of its line.
public struct RouteCorridor: Sendable, Equatable {
    public let line: RouteLine
    /// The distance from the line, in kilometres (the pin's radius).
    public let radiusKm: Double

    public init(line: RouteLine, radiusKm: Double) {
        self.line = line
        self.radiusKm = radiusKm
    }

    /// Where `point` falls on the line when it lies inside the corridor; nil outside it.
    public func place(_ point: GeoPoint) -> RouteProjection? {
        let projection = line.project(point)
        return projection.distanceKm <= radiusKm ? projection : nil
    }

    /// The smallest circle found around the whole corridor: its center is the middle of the line's
    /// points (on the sphere), its radius reaches the farthest point plus the corridor's radius.
    public var enclosingCircle: (center: GeoPoint, radiusKm: Double) {
        let vectors = line.points.map(SphereVector.init)
        let sum = vectors.reduce(SphereVector(x: 0, y: 0, z: 0), +)
        let center = sum.normalized?.point ?? line.start
        let farthest = line.points.map { $0.distanceKm(to: center) }.max() ?? 0
        return (center, min(farthest + radiusKm, PinRadius.maximumKm))
    }
}
