import Foundation

extension GeoPoint {
    /// The initial bearing from this point to `other`, in degrees clockwise from north.
    public func bearing(to other: GeoPoint) -> Double {
        let phi1 = latitude * .pi / 180, phi2 = other.latitude * .pi / 180
        let deltaLambda = (other.longitude - longitude) * .pi / 180
        let y = sin(deltaLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(deltaLambda)
        return atan2(y, x) * 180 / .pi
    }

    /// The point `km` from this one on the great circle leaving it at `bearing` degrees clockwise
    /// from north (this point itself for no distance).
    public func moved(km: Double, bearing: Double) -> GeoPoint {
        guard km > 0 else { return self }
        let delta = km / GeoPoint.earthRadiusKm, theta = bearing * .pi / 180
        let phi1 = latitude * .pi / 180, lambda1 = longitude * .pi / 180
        let phi2 = asin(max(-1, min(1, sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        let longitude = (lambda2 * 180 / .pi + 540).truncatingRemainder(dividingBy: 360) - 180
        return GeoPoint(constantLatitude: max(-90, min(90, phi2 * 180 / .pi)), longitude: longitude)
    }
}
