/// How a route file becomes a route pin's line.
public enum RoutePin {
    /// The simplification tolerance as a fraction of the pin's radius: the simplified line strays
    /// from the track by at most a tenth of the corridor's width, so the corridor still holds the track.
    public static let toleranceFraction = 0.1

    /// The line of `track` for a pin of `radiusKm`: its segments joined in file order (a gap
    /// between two is crossed in a straight line), simplified at `toleranceFraction` of the
    /// radius (Douglas-Peucker, `RouteSimplification`); nil when fewer than two distinct points remain.
    public static func line(of track: RouteTrack, radiusKm: Double) -> RouteLine? {
        let joined = track.segments.flatMap { $0 }
        return RouteLine(points: RouteSimplification.simplified(joined, toleranceKm: radiusKm * toleranceFraction))
    }
}
