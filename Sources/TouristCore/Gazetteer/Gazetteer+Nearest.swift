extension Gazetteer {
    /// How far a part of a city ("Paris 16 Passy") may be from the city it is named after.
    static let partRadiusKm = 30.0

    /// How far the city a point is known by may be when a smaller place is nearer.
    static let cityReachKm = 10.0

    /// The city a point is known by (great-circle distances): the nearest, unless a city with at
    /// least `PlaceResolution.clearWinnerRatio` (10) times its people is within `cityReachKm` (the
    /// most populous such); nil only for an empty gazetteer. GeoNames lists some districts as
    /// places of their own, and a big city's centre may be farther than one of them (the Statue of
    /// Liberty is nearer "Financial District" than New York City's centre); a town is still its
    /// own place beside a somewhat larger neighbour (Versailles). A part named after its city
    /// ("Paris 16 Passy", "Hamburg-Mitte", "Zürich (Kreis 8)") is given as that city.
    public func nearest(to point: GeoPoint) -> NearbyPlace? {
        guard let closest = nearestIndex.nearest(to: point) else { return nil }
        let floor = file.places[closest.place].population * PlaceResolution.clearWinnerRatio
        let found =
            nearestIndex.places(within: Self.cityReachKm, of: point)
            .filter { file.places[$0.place].population >= floor }
            .max { file.places[$0.place].population < file.places[$1.place].population } ?? closest
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
                    candidate.location.distanceKm(to: part.location) <= Self.partRadiusKm
                {
                    best = candidate
                }
            }
        }
        return best
    }
}
