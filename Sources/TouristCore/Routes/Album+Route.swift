extension Album {
    /// Where the album's photos are searched: the pin's circle, or its route's corridor.
    public var searchArea: SearchArea {
        get throws {
            if let route { return .corridor(RouteCorridor(line: route, radiusKm: pin.radiusKm)) }
            return .circle(center: try pin.location, radiusKm: pin.radiusKm)
        }
    }

    /// The kilometres along the route to `photo`'s location; nil for a place pin's album or a
    /// photo without a location.
    public func routeKm(of photo: AlbumPhoto) -> Double? {
        guard let route, let location = photo.candidate.location else { return nil }
        return route.project(location).kmAlong
    }

    /// Puts a route album's photos in the order of the line (photos without a location last, as
    /// they were); a place pin's album is left as it is.
    mutating func orderAlongRoute() {
        guard route != nil else { return }
        let placed = photos.enumerated().map { (photo: $1, km: routeKm(of: $1) ?? .infinity, order: $0) }
        photos = placed.sorted { ($0.km, $0.order) < ($1.km, $1.order) }.map(\.photo)
    }
}
