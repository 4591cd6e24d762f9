/// A route pin's line as the machine output and `tourist serve` send it: `points` as
/// `[latitude, longitude]` pairs in the order travelled (the simplified line the pin searches
/// along), `lengthKm`, and `lengthText` ("594 km").
public struct RouteJSON: Encodable, Sendable {
    public var points: [[Double]]
    public var lengthKm: Double
    public var lengthText: String

    public init(_ line: RouteLine) {
        points = line.points.map { [$0.latitude, $0.longitude] }
        lengthKm = Pin.routeKm(line)
        lengthText = Kilometres.text(lengthKm.rounded())
    }
}

extension Kilometres {
    /// "km 132": where a photo lies along a route, in whole kilometres from its start.
    public static func alongRoute(_ km: Double) -> String {
        "km \(Int(km.rounded()))"
    }
}

extension Album {
    /// The album's photos as the machine output shows them (`PhotoJSON`), each with its kilometre
    /// along the route in a route pin's album.
    public func photosJSON(store: Store, withPath: Bool = true) -> [PhotoJSON] {
        photos.map { photoJSON($0, store: store, withPath: withPath) }
    }

    /// One of its photos as the machine output shows it, with its kilometre along a route.
    public func photoJSON(_ photo: AlbumPhoto, store: Store, withPath: Bool = true) -> PhotoJSON {
        var json = PhotoJSON(photo: photo, store: store, withPath: withPath)
        json.placeAlongRoute(routeKm(of: photo))
        return json
    }
}
