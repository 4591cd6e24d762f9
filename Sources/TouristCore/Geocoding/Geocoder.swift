/// An online geocoder: finds places by free text (landmarks, addresses), best first. What the
/// gazetteer cannot name, `PlaceFinder` asks it. A geocoder keeps its service's rules itself
/// (request rate, identification, caching), so every caller may simply ask.
public protocol Geocoder: Sendable {
    /// Who answers, as messages name it: "Nominatim at nominatim.openstreetmap.org".
    var serviceName: String { get }
    /// The credit its data asks for wherever its results are shown: "© OpenStreetMap contributors".
    var attribution: String { get }
    /// The places `text` names, best first (none is an answer, not an error); a failure to get an
    /// answer is a `GeocoderError`.
    func search(_ text: String) async throws -> [GeocodedPlace]
}
