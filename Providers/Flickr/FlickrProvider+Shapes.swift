import TouristCore

extension FlickrProvider: CorridorSearching {
    /// Boxes up to `maxBoxAreaKm2` (`bbox`), or circles up to `maxRadiusKm`, one request a page each.
    public var searchShapes: SearchShapes {
        SearchShapes(maxBoxAreaKm2: Self.maxBoxAreaKm2, maxCircleRadiusKm: Self.maxRadiusKm)
    }
}
