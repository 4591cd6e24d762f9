extension Gazetteer {
    /// How far a part of a city ("Paris 16 Passy") may be from the city it is named after.
    static let partRadiusKm = 30.0

    /// The city nearest to `point` (great-circle distance), however far; nil only for an empty
    /// gazetteer. GeoNames lists some parts of cities as places of their own ("Paris 16 Passy",
    /// "Hamburg-Mitte", "Zürich (Kreis 8)"); when the nearest is one, the answer is the city it is
    /// named after, the name a pin is known by.
    public func nearest(to point: GeoPoint) -> NearbyPlace? {
        guard let found = nearestIndex.nearest(to: point) else { return nil }
        let nearest = file.places[found.place]
        guard let whole = whole(of: nearest) else { return NearbyPlace(place: nearest, distanceKm: found.distanceKm) }
        return NearbyPlace(place: whole, distanceKm: point.distanceKm(to: whole.location))
    }

    /// The most populous place that `part`'s name begins with (then a space, hyphen or
    /// parenthesis), larger than `part`, in its country and within `partRadiusKm` of it; nil when
    /// none is.
    func whole(of part: GazetteerPlace) -> GazetteerPlace? {
        var best: GazetteerPlace?
        for end in part.name.indices where end > part.name.startIndex && " -(".contains(part.name[end]) {
            for index in file.names.places(named: Self.key(String(part.name[..<end]))) {
                let candidate = file.places[index]
                if candidate.countryCode == part.countryCode, candidate.population > (best ?? part).population,
                   candidate.location.distanceKm(to: part.location) <= Self.partRadiusKm {
                    best = candidate
                }
            }
        }
        return best
    }
}
