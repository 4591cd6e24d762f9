/// Which files of which folders a directory provider reads: its config options, checked.
struct DirectoryTree: Sendable, Equatable {
    /// The extensions read when the config names none: every container `ExifLocator` knows.
    static let defaultExtensions = ["jpg", "jpeg", "jpe", "heic", "heif", "hif", "png", "webp", "tif", "tiff"]

    /// Absolute folder paths, in config order.
    var roots: [String]

    init(roots: [String]) {
        self.roots = roots
    }
    /// Descend into sub-folders.
    var recursive = true
    /// Follow symbolic links (to files and folders), never to a place outside `roots`.
    var followSymlinks = false
    /// Read files and folders whose name starts with a dot.
    var includeHidden = false
    /// Lowercased extensions without the dot; a file is read when its extension is one of them.
    var extensions: Set<String> = Set(defaultExtensions) {
        didSet { packedExtensions = Self.pack(extensions) }
    }
    /// `extensions` packed for `wants(nameBytes:)`.
    private var packedExtensions: Set<UInt64> = Self.pack(Set(defaultExtensions))
    /// The config file and key the roots come from ("providers[1].path"), for error messages.
    var configFile = "the config"
    var configKey = "the directory provider's \"path\""

    /// The key of root number `index`: "providers[1].path", or "providers[1].path[2]" when there
    /// are several roots.
    func configKey(ofRoot index: Int) -> String { roots.count > 1 ? "\(configKey)[\(index)]" : configKey }

    /// "providers[1].path[2] in /home/me/.config/tourist/config.json"
    func configuredAt(root index: Int) -> String { "\(configKey(ofRoot: index)) in \(configFile)" }

    /// Whether a file whose name has these bytes is one to read: its extension is one of
    /// `extensions`, in any case (hidden names are the walker's business).
    func wants(nameBytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = name.lastIndex(of: 0x2E), dot > 0, let packed = Self.pack(name[(dot + 1)...]) else { return false }
        return packedExtensions.contains(packed)
    }

    /// Up to 8 ASCII bytes, lowercased, in one integer (so matching needs no allocation); nil for
    /// an empty or longer extension, which no configured one can equal.
    private static func pack(_ bytes: some Collection<UInt8>) -> UInt64? {
        guard !bytes.isEmpty, bytes.count <= 8 else { return nil }
        return bytes.reduce(0) { $0 << 8 | UInt64($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
    }

    private static func pack(_ extensions: Set<String>) -> Set<UInt64> {
        Set(extensions.compactMap { pack(Array($0.utf8)) })
    }
}
