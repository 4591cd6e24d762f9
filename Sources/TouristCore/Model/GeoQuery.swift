/// A location search: photos within `radiusKm` of `center`, at most `limit` per page.
public struct GeoQuery: Sendable, Hashable {
    public var center: GeoPoint
    public var radiusKm: Double
    /// When set, the search is of this box (a stretch of a route's corridor, `CorridorCovering`);
    /// `center` and `radiusKm` are then the circle around it, so a provider that searches circles
    /// only still answers every photo of the box. Only providers whose `SearchShapes` take boxes
    /// are asked boxes.
    public var box: GeoBox?
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

    /// A search of `box`, its circle the one around it.
    public init(box: GeoBox, limit: Int, page: Int = 1, exclude: Set<PhotoKey> = [], window: TimeWindow? = nil) {
        let circle = box.enclosingCircle
        self.init(center: circle.center, radiusKm: circle.radiusKm, limit: limit, page: page, exclude: exclude, window: window)
        self.box = box
    }
}
