import Foundation

extension GeoBox {
    /// Whether the circle of `radiusKm` around `center` meets this box (edges included).
    ///
    /// A box whose `minLongitude` is larger than its `maxLongitude` crosses the antimeridian, as in
    /// GeoJSON. The distance is measured to the nearest point of the box on the sphere: along the
    /// center's meridian to a parallel edge when the center's longitude is inside the box, else to
    /// the nearest point of a meridian edge (which, away from the equator, is not at the center's
    /// own latitude, and past 90 degrees of longitude is an end of the edge).
    public func meets(center: GeoPoint, radiusKm: Double) -> Bool {
        distanceKm(from: center) <= radiusKm
    }

    /// The great-circle distance from `point` to the nearest point of the box; 0 inside it.
    public func distanceKm(from point: GeoPoint) -> Double {
        let latitude = min(max(point.latitude, minLatitude), maxLatitude)
        if containsLongitude(point.longitude) {
            return GeoPoint.distanceKm(point.latitude, point.longitude, latitude, point.longitude)
        }
        // Along a meridian edge the distance has one minimum: at the latitude nearest the point on
        // that meridian's great circle (when it lies on the edge's side, cos > 0), else at an end.
        var best = Double.infinity
        for edge in [minLongitude, maxLongitude] {
            let delta = (edge - point.longitude) * .pi / 180
            var latitudes = [minLatitude, maxLatitude]
            if cos(delta) > 0 {
                let nearest = atan2(tan(point.latitude * .pi / 180), cos(delta)) * 180 / .pi
                latitudes.append(min(max(nearest, minLatitude), maxLatitude))
            }
            for candidate in latitudes {
                best = min(best, GeoPoint.distanceKm(point.latitude, point.longitude, candidate, edge))
            }
        }
        return best
    }

    /// Whether `longitude` lies within the box's longitudes (across the antimeridian when it wraps).
    func containsLongitude(_ longitude: Double) -> Bool {
        minLongitude <= maxLongitude
            ? (minLongitude...maxLongitude).contains(longitude)
            : longitude >= minLongitude || longitude <= maxLongitude
    }
}
