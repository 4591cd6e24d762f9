/// A location search: photos within `radiusKm` of `center`, at most `limit` per page.
public struct GeoQuery: Sendable, Hashable {
    public var center: GeoPoint
    public var radiusKm: Double
    public var limit: Int
    /// 1-based page number; providers that page by cursor keep their cursor in the router.
    public var page: Int
    /// Photos the caller does not want again (shown before, or removed by the user).
    /// A provider may skip them as a courtesy; the router filters them in any case.
    public var exclude: Set<PhotoKey>

    public init(center: GeoPoint, radiusKm: Double, limit: Int, page: Int = 1, exclude: Set<PhotoKey> = []) {
        self.center = center
        self.radiusKm = radiusKm
        self.limit = limit
        self.page = page
        self.exclude = exclude
    }
}
