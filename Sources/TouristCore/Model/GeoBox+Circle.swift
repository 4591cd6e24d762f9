import Foundation

extension GeoBox {
    /// The circle around the box: its middle, and the distance to its farthest corner (a lat/lon
    /// box's farthest point from its middle), a metre more for rounding.
    public var enclosingCircle: (center: GeoPoint, radiusKm: Double) {
        let center = self.center ?? GeoPoint(constantLatitude: 0, longitude: 0)
        let corners = [(minLatitude, minLongitude), (minLatitude, maxLongitude), (maxLatitude, minLongitude), (maxLatitude, maxLongitude)]
        let farthest = corners.map { GeoPoint.distanceKm(center.latitude, center.longitude, $0.0, $0.1) }.max() ?? 0
        return (center, farthest + 0.001)
    }

    /// Whether `point` lies in the box (edges included; across the antimeridian when it wraps).
    public func contains(_ point: GeoPoint) -> Bool {
        (minLatitude...maxLatitude).contains(point.latitude) && containsLongitude(point.longitude)
    }
}
