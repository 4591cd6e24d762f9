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

/// A line to follow, read from a GPX or GeoJSON file, with the care of a pin file: read a chunk at
/// a time (`RouteFileChunks`), parsed without building a tree, at most `maxPoints` points, every
/// coordinate checked (`GeoPoint`); an error names the file, the line and column (or the GeoJSON
/// feature) and the fix. GPX is streamed: what it holds in memory is the points kept and a chunk,
/// whatever the file's size. GeoJSON is gathered whole, up to `maxGeoJSONBytes`, then parsed a
/// feature at a time.
public enum RouteFile {
    /// The largest GeoJSON route file read: 128 MiB, about two million positions. GPX has no
    /// size limit: `maxPoints` and `RouteByteWindow.maxPieceBytes` bound what reading it holds.
    public static let maxGeoJSONBytes = 128 << 20
    /// The most points a route file may hold: 1,000,000, about 11 days of a track point every second.
    public static let maxPoints = 1_000_000
    /// How much of a route file is read at a time: 64 KiB.
    public static let chunkSize = 64 << 10

    /// The route in the file at `path`, read as its extension says, else as its content looks.
    /// Throws a `FileStreamingError` when it cannot be read (missing input, or a read failing
    /// midway), else an `InputDataError` (bad data).
    public static func read(contentsOf path: String) throws -> RouteTrack {
        try read(contentsOf: path, chunkSize: chunkSize)
    }

    /// The route in the file at `path`, read `chunkSize` bytes at a time.
    static func read(contentsOf path: String, chunkSize: Int) throws -> RouteTrack {
        let fd: Int32, size: Int
        do {
            (fd, size) = try FileStreaming.openRegularFile(path)
        } catch {
            throw FileStreamingError(error.reason, "\(error.message); give the path of a GPX or GeoJSON route file")
        }
        defer { close(fd) }
        let chunks = RouteFileChunks(descriptor: fd, path: path, size: size, chunkSize: chunkSize)
        do {
            return try read(chunks, file: path, format: nil)
        } catch {
            throw chunks.readFailure ?? error
        }
    }

    /// The route in `bytes`, read as `format`, else as `file`'s extension says, else as the
    /// content looks (`RouteFileFormat`), through the same chunks as a file, `chunkSize` bytes at a
    /// time (whatever the size, the route or the message is the same). `file` names them in messages.
    public static func read(_ bytes: [UInt8], file: String, format: RouteFileFormat? = nil, chunkSize: Int = RouteFile.chunkSize)
        throws(InputDataError)
        -> RouteTrack
    {
        try read(RouteFileChunks(bytes, chunkSize: chunkSize), file: file, format: format)
    }

    /// The route in `chunks`, as `read(_:file:format:chunkSize:)` reads it.
    static func read(_ chunks: RouteFileChunks, file: String, format: RouteFileFormat?) throws(InputDataError) -> RouteTrack {
        switch format ?? RouteFileFormat.named(byExtensionOf: file) ?? RouteFileFormat.sniffed(chunks.opening()) {
        case .gpx: return try RouteGPX.read(chunks, file: file)
        case .geojson:
            guard let bytes = chunks.all(upTo: maxGeoJSONBytes) else {
                throw InputDataError(
                    "\(file) is larger than \(maxGeoJSONBytes >> 20) MiB, the most a route file in GeoJSON may be; simplify the track in the app that made it, split it, or export it as GPX"
                )
            }
            return try RouteGeoJSON.read(bytes, file: file)
        case nil:
            throw InputDataError(
                "\(file) is neither GPX (which starts with '<') nor GeoJSON (which starts with '{'); export the route as GPX or GeoJSON")
        }
    }
}
