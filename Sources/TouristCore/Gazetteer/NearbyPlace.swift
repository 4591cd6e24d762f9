/// The gazetteer's city nearest to a point, and how far it is.
public struct NearbyPlace: Sendable, Hashable, CustomStringConvertible {
    public let place: GazetteerPlace
    /// Great-circle distance from the point, in kilometres.
    public let distanceKm: Double

    /// How a pin shows it: "near Kyoto, JP".
    public var description: String { "near \(place.displayName)" }
}
