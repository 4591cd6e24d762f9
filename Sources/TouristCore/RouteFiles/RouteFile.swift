import Glibc

/// The formats of route files (`RouteFile`).
public enum RouteFileFormat: String, Sendable, CaseIterable {
    /// GPX 1.1 or 1.0: tracks and routes (`RouteGPX`).
    case gpx
    /// GeoJSON lines (`RouteGeoJSON`).
    case geojson

    /// The format a file's extension names (`.gpx`; `.geojson`, `.json`), else nil.
    public static func named(byExtensionOf path: String) -> RouteFileFormat? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".gpx") { return .gpx }
        if lowered.hasSuffix(".geojson") || lowered.hasSuffix(".json") { return .geojson }
        return nil
    }

    /// The format of `bytes` by their first character that is not white space (`<`: GPX, `{`:
    /// GeoJSON), else nil.
    public static func sniffed(_ bytes: [UInt8]) -> RouteFileFormat? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        switch bytes[start...].first(where: { !XMLTokenizer.isSpace($0) }) {
        case UInt8(ascii: "<"): return .gpx
        case UInt8(ascii: "{"): return .geojson
        default: return nil
        }
    }
}

/// A line to follow, read from a GPX or GeoJSON file, with the care of a pin file: the file is
/// read whole up to `maxFileBytes`, then parsed without building a tree, at most `maxPoints`
/// points, every coordinate checked (`GeoPoint`); an error names the file, the line and column
/// (or the GeoJSON feature) and the fix.
public enum RouteFile {
    /// The largest route file read: 128 MiB, about 400,000 points of a watch's track with its
    /// extensions, over two million in plain GPX.
    public static let maxFileBytes = 128 << 20
    /// The most points a route file may hold: 1,000,000, about 11 days of a track point every second.
    public static let maxPoints = 1_000_000

    /// The route in the file at `path`, read as its extension says, else as its content looks.
    /// Throws a `FileStreamingError` when it cannot be read (missing input), else an
    /// `InputDataError` (bad data).
    public static func read(contentsOf path: String) throws -> RouteTrack {
        let bytes: [UInt8]
        do {
            bytes = try contents(of: path)
        } catch let error as FileStreamingError where error.isMissing {
            throw FileStreamingError(error.reason, "\(error.message); give the path of a GPX or GeoJSON route file")
        }
        return try read(bytes, file: path)
    }

    /// The route in `bytes`, read as `format`, else as `file`'s extension says, else as the
    /// content looks (`RouteFileFormat`). `file` names them in messages.
    public static func read(_ bytes: [UInt8], file: String, format: RouteFileFormat? = nil) throws(InputDataError) -> RouteTrack {
        guard bytes.count <= maxFileBytes else { throw tooLarge(file) }
        switch format ?? RouteFileFormat.named(byExtensionOf: file) ?? RouteFileFormat.sniffed(bytes) {
        case .gpx: return try RouteGPX.read(bytes, file: file)
        case .geojson: return try RouteGeoJSON.read(bytes, file: file)
        case nil:
            throw InputDataError(
                "\(file) is neither GPX (which starts with '<') nor GeoJSON (which starts with '{'); export the route as GPX or GeoJSON")
        }
    }

    private static func tooLarge(_ file: String) -> InputDataError {
        InputDataError(
            "\(file) is larger than \(maxFileBytes >> 20) MiB, the most a route file may be; simplify the track in the app that made it, or split it"
        )
    }

    /// The bytes of the regular file at `path`, refused past `maxFileBytes` before they are read.
    private static func contents(of path: String) throws -> [UInt8] {
        let (fd, size) = try FileStreaming.openRegularFile(path)
        defer { close(fd) }
        guard size <= maxFileBytes else { throw tooLarge(path) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < bytes.count {
            let count = bytes[filled...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileStreamingError(.readFailed, "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)  // the file shrank while it was read
        return bytes
    }
}
