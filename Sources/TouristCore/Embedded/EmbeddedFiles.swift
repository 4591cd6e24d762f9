import CEmbedded

/// A file built into the tourist binary: bytes in its read-only data, there for the whole life of
/// the process and read from memory only when used (so a start that needs none costs nothing).
public struct EmbeddedFile: @unchecked Sendable {
    /// Never written: the binary's read-only data, which outlives every use.
    public let bytes: UnsafeRawBufferPointer

    /// A copy of the bytes.
    public var array: [UInt8] { Array(bytes) }
}

/// The files tourist reads at run time, built into the binary (`Sources/CEmbedded`, written by its
/// `make-embedded.py`), so the executable needs nothing beside it and finds nothing by a build
/// path: `gazetteer.bin` (the place names), `web/…` (the pages `tourist serve` sends) and `demo/…`
/// (the demo set). The table is read once, on first use.
public enum EmbeddedFiles {
    /// The file called `name`, or nil when the binary holds none.
    public static func file(_ name: String) -> EmbeddedFile? {
        all[name]
    }

    /// The files under `folder` (`web`), by their path inside it (`vendor/leaflet/leaflet.css`).
    public static func folder(_ folder: String) -> [String: EmbeddedFile] {
        let prefix = folder + "/"
        return Dictionary(
            uniqueKeysWithValues: all.compactMap { name, file in
                name.hasPrefix(prefix) ? (String(name.dropFirst(prefix.count)), file) : nil
            })
    }

    /// Every file's name, in byte order.
    public static var names: [String] { all.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

    private static let all: [String: EmbeddedFile] = {
        var count: UInt = 0
        guard let table = tourist_embedded_files(&count) else { return [:] }
        return Dictionary(
            uniqueKeysWithValues: UnsafeBufferPointer(start: table, count: Int(count)).map { entry in
                (String(cString: entry.name), EmbeddedFile(bytes: UnsafeRawBufferPointer(start: entry.bytes, count: Int(entry.size))))
            })
    }()
}
