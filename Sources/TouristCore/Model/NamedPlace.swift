/// A place with a name, such as one where a provider has photos (the demo set's Paris).
public struct NamedPlace: Sendable, Equatable, Codable {
    public let name: String
    public let latitude: Double
    public let longitude: Double

    public init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}
