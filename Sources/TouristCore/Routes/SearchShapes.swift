/// The query shapes a provider answers at the cost of one request each, so a route's corridor is
/// covered with as few requests as it allows (`CorridorCovering`).
public struct SearchShapes: Sendable, Equatable {
    /// The largest box one query may ask for, in km² (a `GeoQuery` with a `box`); nil when the
    /// provider searches circles only.
    public var maxBoxAreaKm2: Double?
    /// The largest circle one request answers, in kilometres; nil when any circle costs the same.
    public var maxCircleRadiusKm: Double?

    public init(maxBoxAreaKm2: Double? = nil, maxCircleRadiusKm: Double? = nil) {
        self.maxBoxAreaKm2 = maxBoxAreaKm2
        self.maxCircleRadiusKm = maxCircleRadiusKm
    }

    /// What a provider that declares nothing gets: circles twice the corridor's radius, each
    /// reaching about 3.5 radii along the line, with little of it outside the corridor.
    public static let unstated = SearchShapes()
}

/// A provider that says which query shapes it answers cheaply (Flickr's boxes, Commons' 10 km
/// circles). A provider that declares no shapes is asked circles (`SearchShapes.unstated`).
///
/// A provider whose `maxBoxAreaKm2` is set answers a query with a `box` with photos inside that
/// box only (`ProviderConformance` checks it).
public protocol CorridorSearching: PhotoProvider {
    var searchShapes: SearchShapes { get }
}
