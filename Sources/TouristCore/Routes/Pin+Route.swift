extension Pin {
    /// A route's length as a pin keeps it: to 10 m.
    static func routeKm(_ line: RouteLine) -> Double {
        (line.lengthKm * 100).rounded() / 100
    }

    /// Whether the pin searches along a route rather than around a place.
    public var isRoute: Bool { routeKm != nil }

    /// "route of 594 km": a route pin's kind and length in words; nil for a pin on a place.
    public var routeText: String? {
        routeKm.map { "route of \(Int($0.rounded())) km" }
    }

    /// Where the pin is, in words for a list: its place ("near Kyoto, JP"); for a route, its length
    /// and where it starts ("route of 594 km from near Beauvais, FR").
    public var whereText: String? {
        guard let routeText else { return placeText }
        return placeText.map { "\(routeText) from \($0)" } ?? routeText
    }
}
