/// Which files of which folders a directory provider reads: its config options, checked.
struct DirectoryTree: Sendable, Equatable {
    /// The extensions read when the config names none: every container `ExifLocator` knows.
    static let defaultExtensions = ["jpg", "jpeg", "jpe", "heic", "heif", "hif", "png", "webp", "tif", "tiff"]

    /// Absolute folder paths, in config order.
    var roots: [String]
    /// Descend into sub-folders.
    var recursive = true
    /// Follow symbolic links (to files and folders), never to a place outside `roots`.
    var followSymlinks = false
    /// Read files and folders whose name starts with a dot.
    var includeHidden = false
    /// Lowercased extensions without the dot; a file is read when its extension is one of them.
    var extensions: Set<String> = Set(defaultExtensions)
    /// Where the roots were configured ("config.json: providers[1].path"), for error messages.
    var configuredAt = "the directory provider's \"path\""

    /// Whether a file named `name` is one to read (by its extension, case-insensitively, and dot rule).
    func wants(fileNamed name: String) -> Bool {
        if !includeHidden, name.hasPrefix(".") { return false }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
