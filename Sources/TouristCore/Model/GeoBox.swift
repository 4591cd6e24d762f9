import Foundation

/// A box of latitude and longitude, as GeoJSON's `bbox` has it: a provider's coverage, a map's view,
/// a photo inventory's extent. A box whose `minLongitude` is larger than its `maxLongitude` crosses
/// the antimeridian. Distances to it are in GeoBox+Distance.swift.
public struct GeoBox: Sendable, Hashable {
    public var minLongitude, minLatitude, maxLongitude, maxLatitude: Double

    public init(minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double) {
        self.minLongitude = minLongitude
        self.minLatitude = minLatitude
        self.maxLongitude = maxLongitude
        self.maxLatitude = maxLatitude
    }

    /// The middle of the box (across the antimeridian when the box crosses it), used as a health
    /// check's probe point.
    public var center: GeoPoint? {
        let span = minLongitude <= maxLongitude ? maxLongitude - minLongitude : maxLongitude + 360 - minLongitude
        var longitude = minLongitude + span / 2
        if longitude > 180 { longitude -= 360 }
        return try? GeoPoint(latitude: (minLatitude + maxLatitude) / 2, longitude: longitude)
    }
}
