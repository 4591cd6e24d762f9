/// Where a place's location came from.
public enum PlaceSource: String, Sendable, Hashable, Codable {
    /// Typed as coordinates ("48.8584, 2.2945").
    case coordinates
    /// The bundled gazetteer (GeoNames' cities), offline.
    case gazetteer
    /// The online geocoder (OpenStreetMap's Nominatim), for what the gazetteer does not hold.
    case geocoder
}

/// One place a free-text query may mean, as a list offers it (the web map's search box, through
/// `PlaceFinder.candidates`): its name, a line that tells it from others of that name, its point,
/// where it came from and the credit that source asks for.
///
/// Encoded (for a server's JSON) as `{"name", "displayName", "latitude", "longitude", "source",
/// "countryCode"?, "region"?, "population"?, "attribution"?}`; absent fields are left out.
public struct PlaceCandidate: Sendable, Hashable, Encodable {
    /// What a pin there would be named: "Kyoto", "Tour Eiffel", or the coordinates.
    public let name: String
    /// A line that tells it from other candidates: "Kyoto, JP", "Springfield, Illinois, US", or
    /// the geocoder's whole address line.
    public let displayName: String
    public let location: GeoPoint
    public let source: PlaceSource
    /// ISO 3166-1 alpha-2, for gazetteer places ("JP").
    public let countryCode: String?
    /// The region's name or code, for gazetteer places ("Illinois", "22").
    public let region: String?
    /// For gazetteer places.
    public let population: Int?
    /// The credit to show with it: `Gazetteer.shortAttribution` or `NominatimGeocoder.attribution`;
    /// nil for coordinates.
    public let attribution: String?

    public init(
        name: String, displayName: String, location: GeoPoint, source: PlaceSource, countryCode: String? = nil, region: String? = nil,
        population: Int? = nil, attribution: String? = nil
    ) {
        self.name = name
        self.displayName = displayName
        self.location = location
        self.source = source
        self.countryCode = countryCode
        self.region = region
        self.population = population
        self.attribution = attribution
    }

    /// A gazetteer city.
    public init(_ place: GazetteerPlace) {
        self.init(
            name: place.name, displayName: place.qualifiedName, location: place.location, source: .gazetteer, countryCode: place.countryCode,
            region: place.regionName ?? (place.regionCode.isEmpty ? nil : place.regionCode), population: place.population,
            attribution: Gazetteer.shortAttribution
        )
    }

    /// A place the geocoder found; `query` names it when it has no name of its own (an address).
    public init(_ place: GeocodedPlace, query: String, attribution: String) {
        self.init(name: place.name ?? query, displayName: place.displayName, location: place.location, source: .geocoder, attribution: attribution)
    }

    /// A point typed as coordinates.
    public init(_ point: GeoPoint) {
        self.init(name: point.description, displayName: point.description, location: point, source: .coordinates)
    }

    private enum CodingKeys: String, CodingKey {
        case name, displayName, latitude, longitude, source, countryCode, region, population, attribution
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(location.latitude, forKey: .latitude)
        try container.encode(location.longitude, forKey: .longitude)
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(countryCode, forKey: .countryCode)
        try container.encodeIfPresent(region, forKey: .region)
        try container.encodeIfPresent(population, forKey: .population)
        try container.encodeIfPresent(attribution, forKey: .attribution)
    }
}
