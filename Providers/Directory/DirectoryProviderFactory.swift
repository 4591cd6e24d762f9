import TouristCore

/// Builds `type: "directory"` providers: the user's own geotagged photos in one or more folders.
public struct DirectoryProviderFactory: ProviderFactory, PhotoIDUpgrading {
    public init() {}

    public let type = "directory"
    /// A first scan reads every photo's headers: for a large library on a slow disk that takes
    /// minutes, not the 30 s a network provider gets (a scan cut off keeps what it read).
    public let defaultTimeoutSeconds = 600.0
    /// Without a configured `coverage`, a directory provider is asked only within its photos' box.
    public let coversItsIndexedPhotos = true
    public let summary = "Your own geotagged photos (JPEG, HEIC/HEIF, PNG, WebP, TIFF) in one or more folders, indexed in the store."
    public let displayName: String? = "your folder"
    public let options: [ProviderOption] = [
        ProviderOption("path", .paths, help: "The folder of photos, or a list of folders"),
        ProviderOption("recursive", .bool, help: "Read sub-folders too", default: "true"),
        ProviderOption("followSymlinks", .bool, help: "Follow symbolic links (never out of the configured folders)", default: "false"),
        ProviderOption("includeHidden", .bool, help: "Read files and folders whose name starts with a dot", default: "false"),
        ProviderOption(
            "extensions", .strings, help: "File extensions read, case-insensitive",
            default: DirectoryTree.defaultExtensions.joined(separator: ", "), example: #"["jpg", "heic"]"#),
    ]

    public func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        let pathError = options.error("path", "", fix: "")
        let roots = try Self.roots(options)
        var tree = DirectoryTree(roots: roots)
        tree.configFile = pathError.file
        tree.configKey = pathError.location
        tree.recursive = options.bool("recursive") ?? true
        tree.followSymlinks = options.bool("followSymlinks") ?? false
        tree.includeHidden = options.bool("includeHidden") ?? false
        if let extensions = options.strings("extensions") {
            tree.extensions = Set(
                try extensions.enumerated().map { index, written in
                    let bare = written.hasPrefix(".") ? String(written.dropFirst()) : written
                    guard !bare.isEmpty, bare.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                        throw options.error(
                            "extensions[\(index)]", "\"\(written)\" is not a file extension",
                            fix: "Write extensions such as \"jpg\" or \"heic\", letters and digits only.")
                    }
                    return bare.lowercased()
                })
        }
        return DirectoryProvider(
            name: name, tree: tree, indexPath: context.stateDirectory.map { $0 + "/scan-index" }, logger: context.logger)
    }

    /// Ids of stored photos brought up to date: an absolute path (what tourist wrote before ids
    /// were relative), or an id made under the folders of `previousScheme` (one a line), becomes
    /// the id its file has under today's folders. The scheme is today's folders.
    public func photoIDUpgrade(options: ProviderOptions, previousScheme: String?) throws -> PhotoIDUpgrade {
        let now = DirectoryPhotoIDs(roots: try Self.roots(options))
        let before = previousScheme.map { DirectoryPhotoIDs(roots: $0.split(separator: "\n").map(String.init)) }
        return PhotoIDUpgrade(scheme: now.roots.joined(separator: "\n")) { id in
            guard let path = id.hasPrefix("/") ? id : before?.path(forID: id), let current = now.id(forPath: path), current != id else {
                return nil
            }
            return current
        }
    }

    private static func roots(_ options: ProviderOptions) throws -> [String] {
        guard let roots = options.strings("path") else {
            throw options.error(
                "path", "missing", fix: "Set \"path\" to a folder of photos, such as \"~/Pictures\", or to a list of folders.")
        }
        return roots
    }
}
