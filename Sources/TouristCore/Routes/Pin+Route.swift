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

extension Pin {
    /// What the pin searches, after "within": `5 km of "Kyoto"`, or for a route
    /// `5 km of the route "Camino"`.
    public var withinText: String {
        "\(Kilometres.text(radiusKm)) of \(isRoute ? "the route " : "")\"\(name)\""
    }

    /// The pin's radius as a report ends with it: "5 km", or for a route "5 km of its route".
    public var radiusText: String {
        isRoute ? "\(Kilometres.text(radiusKm)) of its route" : Kilometres.text(radiusKm)
    }
}
