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
    /// When the photos must have been taken; nil: at any time. A provider may leave out photos
    /// taken outside it as a courtesy (it pages on, so a page may hold fewer than `limit`); the
    /// router checks every answer against it in any case, and leaves out photos with no date.
    public var window: TimeWindow?

    public init(
        center: GeoPoint, radiusKm: Double, limit: Int, page: Int = 1, exclude: Set<PhotoKey> = [], window: TimeWindow? = nil
    ) {
        self.center = center
        self.radiusKm = radiusKm
        self.limit = limit
        self.page = page
        self.exclude = exclude
        self.window = window
    }
}
