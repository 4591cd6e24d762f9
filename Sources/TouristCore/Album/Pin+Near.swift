extension Pin {
    /// How far a city may be for a pin to be shown "near" it; a pin farther out (at sea, in a
    /// desert) is shown with the distance instead.
    public static let nearbyKm = 30.0

    /// Where the pin is, in words (`placeText(near:km:)`); nil when the pin has no `near`.
    public var placeText: String? {
        near.map { Self.placeText(near: $0, km: nearKm) }
    }

    /// "near Kyoto, JP", or "240 km from Hilo, US" when the city is more than `nearbyKm` away.
    public static func placeText(near city: String, km: Double?) -> String {
        guard let km, km > nearbyKm else { return "near \(city)" }
        return "\(Int(km.rounded())) km from \(city)"
    }

    /// Sets `near` and `nearKm` from `nearby` (nil clears them).
    mutating func place(near nearby: NearbyPlace?) {
        near = nearby?.place.displayName
        nearKm = nearby.map { ($0.distanceKm * 10).rounded() / 10 }
    }
}
