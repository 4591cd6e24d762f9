/// Where a search looks: the circle of a place pin, or the corridor of a route pin.
public enum SearchArea: Sendable, Equatable {
    case circle(center: GeoPoint, radiusKm: Double)
    case corridor(RouteCorridor)

    /// The circle the area lies in: the circle itself, or the one around the corridor (what a
    /// provider's coverage is tested against).
    public var enclosingCircle: (center: GeoPoint, radiusKm: Double) {
        switch self {
        case .circle(let center, let radiusKm): (center, radiusKm)
        case .corridor(let corridor): corridor.enclosingCircle
        }
    }

    /// The corridor, for a route's area.
    public var corridor: RouteCorridor? {
        if case .corridor(let corridor) = self { corridor } else { nil }
    }
}
