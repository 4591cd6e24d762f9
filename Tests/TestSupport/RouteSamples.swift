import Foundation

/// The route files of `Tests/RouteSamples`, written by hand after the GPX 1.1 and 1.0 schemas
/// (topografix.com), Garmin's TrackPointExtension v1 schema and RFC 7946, in the styles of the
/// tools that write them:
/// - `garmin-watch.gpx`: a run as Garmin Connect exports a watch's activity: heart rate, cadence
///   and temperature in `ns3:TrackPointExtension`, a time on every point, a pause that starts a
///   second segment (18 and 14 points), and a third segment of one stray point;
/// - `planned-route.gpx`: a walk planned in an app: waypoints, then one `rte` of 16 named
///   `rtept`s, no time anywhere, the route's name in CDATA, entities in its description;
/// - `logger-1.0.gpx`: a GPS logger's GPX 1.0 (GPSBabel's layout): the name under `gpx`, a
///   point's `course` and `speed`, 8 points;
/// - `route-export.geojson`: a FeatureCollection of a LineString (8 positions with elevations)
///   and a MultiLineString (4 and 3 positions), with styling properties.
public enum RouteSamples {
    /// The folder of the samples.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../RouteSamples").standardized.path

    /// The path of sample `name` ("garmin-watch.gpx", …).
    public static func path(_ name: String) -> String { "\(folder)/\(name)" }
}
