import Foundation
import Glibc

/// Walks a local store's folders for `LocalBackend.list`: the files whose keys start with a prefix,
/// in byte order of their keys (a folder sorts as its name plus `/`, as its keys do), after a
/// given key, up to a page's worth. Names starting with `.` (temporary files being written) and
/// the store's own `lock` are passed over; subtrees wholly before `after` are not entered. An
/// empty folder is listed as a key (one that cannot be read), so a folder put where a file
/// belongs shows up as damage rather than disappearing.
struct LocalListing {
    static let pageSize = 1000

    let root: String
    let prefix: String
    let after: String?
    let limit: Int
    private var found: [String] = []

    init(root: String, prefix: String, after: String?, limit: Int) {
        self.root = root
        self.prefix = prefix
        self.after = after
        self.limit = limit
    }

    /// The keys, at most `limit`.
    mutating func run() -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[..<prefix.index(after: $0)]) } ?? ""
        walk(folder: folder)
        return found
    }

    /// Visits the entries of `folder` (a key prefix ending in `/`, or empty for the root); false
    /// when it has none.
    @discardableResult
    private mutating func walk(folder: String) -> Bool {
        let entries = Self.entries(root + "/" + folder)
        for (name, isFolder) in entries {
            guard found.count < limit else { break }
            let key = folder + name + (isFolder ? "/" : "")
            guard key.hasPrefix(prefix) || prefix.hasPrefix(key) else { continue }
            if let after, !after.utf8.lexicographicallyPrecedes(key.utf8), !(isFolder && after.hasPrefix(key)) { continue }
            if isFolder {
                if !walk(folder: key), found.count < limit, key.hasPrefix(prefix) { found.append(String(key.dropLast())) }
            } else if key != "lock" {
                found.append(key)
            }
        }
        return !entries.isEmpty
    }

    /// The names in a folder with whether each is a folder, sorted as keys sort.
    private static func entries(_ path: String) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool)] = []
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        while let entry = readdir(directory) {
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            guard !name.hasPrefix(".") else { continue }
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var status = stat()
                isFolder = stat(path + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            }
            entries.append((name, isFolder))
        }
        // By bytes, as S3 lists: a key's bytes with a folder's trailing `/`, made once each.
        let sortKeys = entries.map { Array($0.name.utf8) + ($0.isFolder ? [UInt8(ascii: "/")] : []) }
        return entries.indices.sorted { sortKeys[$0].lexicographicallyPrecedes(sortKeys[$1]) }.map { entries[$0] }
    }
}
