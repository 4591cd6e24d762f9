/// How a directory provider names its photos: a file's path relative to the configured folder that
/// holds it, so ids stay short enough to type (`pictures:trip/DSCN0042.jpg`).
///
/// With one folder, the id is that relative path. With several, it starts with the folder's own
/// name (`Pictures/trip/DSCN0042.jpg`, `DCIM/100NIKON/DSCN0001.jpg`), lengthened by its parent
/// folders only where two folders would otherwise start the same (`card-a/DCIM/…`,
/// `card-b/DCIM/…`): no folder's label is the start of another's, so two files never share an id.
/// A file inside nested folders belongs to the deepest one. Ids depend only on the list of folders
/// (not on which files exist), so they stay the same from one run to the next; a changed list is
/// answered by `PhotoIDUpgrade`, which rewrites the ids the store keeps.
struct DirectoryPhotoIDs: Sendable, Equatable {
    /// The folders, absolute, without a trailing slash, each once.
    let roots: [String]
    /// Each root's label (empty with a single root), in `roots` order.
    let labels: [String]

    init(roots configured: [String]) {
        var seen = Set<String>()
        roots = configured.map(Self.normalized).filter { seen.insert($0).inserted }
        labels = roots.count == 1 ? [""] : Self.labels(of: roots)
    }

    /// The id of the file at the absolute `path`, or nil when no folder holds it.
    func id(forPath path: String) -> String? {
        guard let index = root(holding: path) else { return nil }
        let relative = String(path.dropFirst(roots[index] == "/" ? 1 : roots[index].count + 1))
        return labels[index].isEmpty ? relative : labels[index] + "/" + relative
    }

    /// The absolute path `id` names, or nil when it names no file inside the folders.
    func path(forID id: String) -> String? {
        for (root, label) in zip(roots, labels) {
            let rest: Substring
            if label.isEmpty {
                rest = Substring(id)
            } else {
                guard id.hasPrefix(label + "/") else { continue }
                rest = id.dropFirst(label.count + 1)
            }
            let path = root == "/" ? "/" + rest : root + "/" + rest
            if !rest.isEmpty, self.id(forPath: path) == id { return path }
        }
        return nil
    }

    /// The deepest root `path` lies inside.
    private func root(holding path: String) -> Int? {
        roots.indices
            .filter { roots[$0] == "/" ? path.hasPrefix("/") && path.count > 1 : path.hasPrefix(roots[$0] + "/") }
            .max { roots[$0].count < roots[$1].count }
    }

    private static func normalized(_ root: String) -> String {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        return root
    }

    /// The shortest trailing folders of each root such that no label equals or starts another
    /// (component by component): two labels that clash both take one more parent folder, until
    /// none clash; the whole paths when that cannot be.
    private static func labels(of roots: [String]) -> [String] {
        let parts = roots.map { $0.split(separator: "/").map(String.init) }
        var lengths = parts.map { min(1, $0.count) }
        func label(_ index: Int) -> [String] { Array(parts[index].suffix(lengths[index])) }
        while let (shorter, longer) = clash(roots.indices.map(label)) {
            // Both grow, so two folders of one name are both named with their parents.
            let growing = [shorter, longer].filter { lengths[$0] < parts[$0].count }
            guard !growing.isEmpty else { return parts.map { $0.isEmpty ? "_" : $0.joined(separator: "/") } }
            for index in growing { lengths[index] += 1 }
        }
        return roots.indices.map { label($0).isEmpty ? "_" : label($0).joined(separator: "/") }
    }

    /// Two labels of which the first equals or starts the second, if any.
    private static func clash(_ labels: [[String]]) -> (Int, Int)? {
        for first in labels.indices {
            for second in labels.indices where first != second && labels[first].count <= labels[second].count {
                if Array(labels[second].prefix(labels[first].count)) == labels[first] { return (first, second) }
            }
        }
        return nil
    }
}
