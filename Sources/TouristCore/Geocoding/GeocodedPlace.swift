/// One place an online geocoder found for a name: where it is and what it is called, as the
/// geocoder's data has it (OpenStreetMap's, for Nominatim).
public struct GeocodedPlace: Sendable, Hashable, Codable {
    /// Its own name ("Tour Eiffel"); nil for what has none, such as a house on a street.
    public let name: String?
    /// The whole address line the geocoder gives ("Tour Eiffel, 5, Avenue Anatole France, …, France").
    public let displayName: String
    public let location: GeoPoint
    /// What it is, in OpenStreetMap's words: the main tag's key and value ("man_made", "tower").
    public let category: String?
    public let type: String?
    /// The geocoder's estimate of how well known it is, from 0 to 1; results come best first.
    public let importance: Double?
    /// The OpenStreetMap object: "node", "way" or "relation", and its id.
    public let osmType: String?
    public let osmID: Int?

    public init(
        name: String?, displayName: String, location: GeoPoint, category: String? = nil, type: String? = nil,
        importance: Double? = nil, osmType: String? = nil, osmID: Int? = nil
    ) {
        self.name = name
        self.displayName = displayName
        self.location = location
        self.category = category
        self.type = type
        self.importance = importance
        self.osmType = osmType
        self.osmID = osmID
    }

    /// The name a pin here is given unless the user names it: the place's own name, cleaned of
    /// what a pin name may not hold (`PinName.suggested`), else `query`, the words the user typed.
    public func pinName(or query: String) -> String {
        name.flatMap(PinName.suggested) ?? query
    }
}
