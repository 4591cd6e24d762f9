/// One answer of a place search (`PlaceSearch`): where it is, what it is called, and where the
/// answer came from, with the credit that source asks for.
public struct PlaceCandidate: Sendable, Hashable {
    /// Where a candidate (or a place `PlaceFinder` resolved) came from.
    public enum Source: String, Sendable, Hashable {
        /// A city of the bundled gazetteer (GeoNames).
        case gazetteer
        /// The coordinates typed, read by `GeoPoint.parse`.
        case coordinates
        /// The online geocoder (OpenStreetMap's Nominatim), for what the gazetteer does not hold.
        case geocoder
    }

    /// The name a pin there would take: the city's ("Kyoto"), or the coordinates typed.
    public let name: String
    /// The name with what tells it apart, for a list: "Kyoto, JP"; for coordinates, the point and
    /// the nearest city ("48.8584,2.2945 (near Paris, FR)").
    public let displayName: String
    /// ISO 3166-1 alpha-2 country code; nil for coordinates.
    public let countryCode: String?
    /// The country's English name; nil for coordinates.
    public let countryName: String?
    /// The region's name where known ("Texas"), else its code; nil when there is none.
    public let region: String?
    /// How many people live there; nil for coordinates.
    public let population: Int?
    public let location: GeoPoint
    public let source: Source
    /// The credit the source's licence asks for wherever its names are shown; nil when none is due.
    public let attribution: String?

    /// A city of the gazetteer.
    init(_ place: GazetteerPlace) {
        name = place.name
        displayName = place.displayName
        countryCode = place.countryCode
        countryName = place.countryName
        region = place.regionName ?? (place.regionCode.isEmpty ? nil : place.regionCode)
        population = place.population
        location = place.location
        source = .gazetteer
        attribution = Gazetteer.attribution
    }

    /// A place the online geocoder found; `query` names it when it has no name of its own (an
    /// address); its country and region are in its `displayName`, the geocoder's address line.
    init(_ place: GeocodedPlace, query: String, attribution: String) {
        name = place.pinName(or: query)
        displayName = place.displayName
        countryCode = nil
        countryName = nil
        region = nil
        population = nil
        location = place.location
        source = .geocoder
        self.attribution = attribution
    }

    /// A point typed as coordinates, with the city nearest to it when the gazetteer is at hand.
    init(_ point: GeoPoint, near: NearbyPlace?) {
        name = point.description
        displayName = near.map { "\(point) (\($0))" } ?? point.description
        countryCode = nil
        countryName = nil
        region = nil
        population = nil
        location = point
        source = .coordinates
        attribution = near == nil ? nil : Gazetteer.attribution
    }
}
