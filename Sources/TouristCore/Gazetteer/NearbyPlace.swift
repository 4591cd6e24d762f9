/// The gazetteer's city nearest to a point, and how far it is.
public struct NearbyPlace: Sendable, Hashable, CustomStringConvertible {
    public let place: GazetteerPlace
    /// Great-circle distance from the point, in kilometres.
    public let distanceKm: Double

    /// How a pin shows it: "near Kyoto, JP", or "240 km from Hilo, US" (`Pin.placeText(near:km:)`).
    public var description: String { Pin.placeText(near: place.displayName, km: distanceKm) }
}
