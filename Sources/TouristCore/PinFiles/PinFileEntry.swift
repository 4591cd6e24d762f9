/// One place a pin file lists: a name (nil: the pin is named by its coordinates), a location, and
/// a radius (nil: the importer's default), with where it stands in its file for messages.
public struct PinFileEntry: Sendable, Equatable {
    public var name: String?
    public var location: GeoPoint
    public var radiusKm: Double?
    /// Where the entry is in its file, for messages: "line 7", "feature 3".
    public var position: String

    public init(name: String?, location: GeoPoint, radiusKm: Double?, position: String) {
        self.name = name
        self.location = location
        self.radiusKm = radiusKm
        self.position = position
    }
}

/// The formats `pin import` reads and `pin export` writes.
public enum PinFileFormat: String, Sendable, CaseIterable {
    /// `name,latitude,longitude[,radius_km]`, one pin per line, with or without a header line.
    case csv
    /// A GeoJSON FeatureCollection (or one Feature) of Points, `properties.name` and
    /// `properties.radiusKm` optional.
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
