/// Routes for tests and benchmarks, made of real places so their lines bend as roads do.
public enum SampleRoutes {
    /// Beauvais to Bordeaux by Paris, Orléans, Tours, Poitiers and Angoulême: 594 km south-west, in
    /// stretches heading south, south-west and west.
    public static let beauvaisToBordeaux: [(latitude: Double, longitude: Double)] = [
        (49.4295, 2.0807), (48.8566, 2.3522), (48.4343, 2.1615), (47.9030, 1.9093), (47.5861, 1.3359), (47.3941, 0.6848),
        (46.8178, 0.5461), (46.5802, 0.3404), (45.6484, 0.1562), (45.2, -0.25), (44.8378, -0.5792),
    ]

    /// A GPX 1.1 track of `route`.
    public static func gpx(_ route: [(latitude: Double, longitude: Double)], name: String) -> String {
        let points = route.map { "      <trkpt lat=\"\($0.latitude)\" lon=\"\($0.longitude)\"></trkpt>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tourist tests" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><name>\(name)</name><trkseg>
            \(points)
              </trkseg></trk>
            </gpx>

            """
    }
}
