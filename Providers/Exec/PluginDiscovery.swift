import Foundation
import Glibc
import TouristCore

/// Finds provider plugins on PATH, as git finds `git-remote-<scheme>`: a provider `type` that is
/// not built in, say `walks`, is the program `tourist-provider-walks` in the first folder of `$PATH`
/// that has it as an executable file.
public struct PluginDiscovery: ProviderTypeDiscovery {
    /// Plugin programs are named this, followed by their type.
    public static let prefix = "tourist-provider-"

    /// `$PATH` as the config's environment has it.
    let searchPath: String?
    /// `$HOME`, for `~/.local/bin` (where plugins are often linked, and which PATH may lack).
    let home: String?

    public init(searchPath: String?, home: String? = nil) {
        self.searchPath = searchPath
        self.home = home
    }

    public func factory(forType type: String) -> (any ProviderFactory)? {
        program(forType: type, in: Self.folders(searchPath)).map { PluginTypeFactory(type: type, executable: $0) }
    }

    /// `tourist-provider-TYPE` in `~/.local/bin` or in `folder` (the config's), when PATH does not
    /// lead to one.
    public func programOffPath(forType type: String, besides folder: String) -> String? {
        guard program(forType: type, in: Self.folders(searchPath)) == nil else { return nil }
        var places = [folder]
        if let home, home.hasPrefix("/") { places.insert(home + "/.local/bin", at: 0) }
        return program(forType: type, in: places)
    }

    /// The first executable `tourist-provider-TYPE` in `folders`.
    private func program(forType type: String, in folders: [String]) -> String? {
        guard !type.isEmpty, !type.contains("/") else { return nil }
        return folders.map { "\($0)/\(Self.prefix)\(type)" }.first(where: Self.isExecutableFile)
    }

    /// Every plugin type on PATH (the first program of each name wins, as for a command), by type.
    public func availableTypes() -> [DiscoveredProviderType] {
        var found: [String: String] = [:]
        for folder in Self.folders(searchPath) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasPrefix(Self.prefix) && name.count > Self.prefix.count {
                let type = String(name.dropFirst(Self.prefix.count))
                if found[type] == nil, Self.isExecutableFile("\(folder)/\(name)") { found[type] = "\(folder)/\(name)" }
            }
        }
        return found.sorted { $0.key < $1.key }.map { DiscoveredProviderType(type: $0.key, executable: $0.value) }
    }

    /// The folders of a `$PATH` value, empty entries left out, relative ones made absolute against
    /// tourist's working directory (a plugin starts in the config's folder, where they would mean
    /// something else).
    static func folders(_ searchPath: String?) -> [String] {
        let here = FileManager.default.currentDirectoryPath
        return (searchPath ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }.map {
            $0.hasPrefix("/") ? $0 : "\(here)/\($0)"
        }
    }

    /// Whether `path` is a regular file (after links) this process may execute.
    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}
