/// One place a pin file lists: a name (nil: the pin is named by its coordinates), a location, a
/// radius (nil: the importer's default), a route's line for a route pin, and a time window, with
/// where it stands in its file for messages.
public struct PinFileEntry: Sendable, Equatable {
    public var name: String?
    /// Where the pin stands: for a route pin, its line's first point.
    public var location: GeoPoint
    public var radiusKm: Double?
    /// A route pin's line as the file gives it, its segments in file order (a GeoJSON
    /// MultiLineString's lines); the import joins and simplifies it for the pin's radius as a route
    /// file is (`RoutePin.line`). Nil for a pin on a place.
    public var route: RouteTrack?
    /// When the pin's photos must have been taken (`taken`, `months`); nil: at any time.
    public var window: TimeWindow?
    /// Where the entry is in its file, for messages: "line 7", "feature 3".
    public var position: String

    public init(
        name: String?, location: GeoPoint, radiusKm: Double?, route: RouteTrack? = nil, window: TimeWindow? = nil, position: String
    ) {
        self.name = name
        self.location = location
        self.radiusKm = radiusKm
        self.route = route
        self.window = window
        self.position = position
    }
}

/// The formats `pin import` reads and `pin export` writes.
public enum PinFileFormat: String, Sendable, CaseIterable {
    /// `name,latitude,longitude[,radius_km[,taken,months]]`, one pin per line, with or without a
    /// header line; no route pins.
    case csv
    /// A GeoJSON FeatureCollection (or one Feature) of Points and, for route pins, LineStrings or
    /// MultiLineStrings; `properties.name`, `properties.radiusKm`, `taken` and `months` optional.
    case geojson

    /// The largest pin file `pin import` reads: 64 MiB, over a million places in CSV, far below
    /// what would strain memory (reading one takes a few times its size).
    public static let maxFileBytes = 64 << 20

    /// The format a file's extension names (`.csv`; `.geojson`, `.json`), else nil.
    public static func named(byExtensionOf path: String) -> PinFileFormat? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".csv") { return .csv }
        if lowered.hasSuffix(".geojson") || lowered.hasSuffix(".json") { return .geojson }
        return nil
    }

    /// The format of `bytes`: GeoJSON when the first character that is not white space is `{`.
    public static func sniffed(_ bytes: [UInt8]) -> PinFileFormat {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let first = bytes[start...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") ? .geojson : .csv
    }
}
