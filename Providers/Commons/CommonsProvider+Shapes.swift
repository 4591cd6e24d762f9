import TouristCore

extension CommonsProvider: CorridorSearching {
    /// Circles up to GeoData's largest geosearch radius: one request each (a larger circle is tiled
    /// into several). GeoData's `ggsbbox` takes boxes up to (2 × 10 km)², which reach farther along
    /// a route than a 10 km circle only on stretches within about 15° of a parallel or a meridian.
    public var searchShapes: SearchShapes {
        SearchShapes(maxCircleRadiusKm: CommonsTiling.maxRadiusMetres / 1000)
    }
}
