import Glibc
import Synchronization
import TouristCore

/// A file found by a walk: where it is, and what its index entry is keyed by.
struct FoundFile: Sendable, Equatable {
    var path: String
    var size: Int64
    /// Modification time in nanoseconds since 1970.
    var modified: Int64
}

/// A flag a long scan checks between folders and files, set when its task is cancelled.
final class ScanCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    func cancel() { flag.store(true, ordering: .relaxed) }
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// Lists the regular files of a `DirectoryTree` with their size and modification time, from
/// directory entries and one `fstatat` each: no file is opened. Symbolic links are skipped unless
/// `followSymlinks`; followed links must resolve inside a root, and every folder is entered once
/// (by device and inode), so a link loop or two links to one folder cannot repeat or spin.
/// FIFOs, sockets and devices are never listed (opening a FIFO would block).
struct DirectoryWalker {
    let tree: DirectoryTree
    let cancellation: ScanCancellation

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Every wanted file, sorted by path. Throws `ProviderError.invalidConfiguration` for a root that
    /// is missing or not a folder, and `CancellationError` when cancelled.
    func walk() throws -> [FoundFile] {
        var realRoots: [String] = []
        for root in tree.roots {
            var info = stat()
            guard stat(root, &info) == 0 else {
                throw ProviderError.invalidConfiguration("the folder \(root) cannot be read (\(String(cString: strerror(errno)))). Create it, or fix \(tree.configuredAt)")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw ProviderError.invalidConfiguration("\(root) is not a folder. Point \(tree.configuredAt) at a folder of photos")
            }
            realRoots.append(Self.realPath(root) ?? root)
        }
        var visited = Set<FileID>()
        var seenFiles = Set<FileID>()
        var found: [FoundFile] = []
        var pending: [String] = []
        for (root, real) in zip(tree.roots, realRoots) {
            var info = stat()
            guard stat(real, &info) == 0, visited.insert(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { continue }
            pending.append(root)
            while let folder = pending.popLast() {
                if cancellation.isCancelled { throw CancellationError() }
                list(folder, realRoots: realRoots, visited: &visited, seenFiles: &seenFiles, found: &found, pending: &pending)
            }
        }
        found.sort { $0.path < $1.path }
        return found
    }

    /// Reads one folder's entries: wanted files go to `found`, sub-folders to `pending`.
    private func list(
        _ folder: String, realRoots: [String], visited: inout Set<FileID>, seenFiles: inout Set<FileID>,
        found: inout [FoundFile], pending: inout [String]
    ) {
        guard let directory = opendir(folder) else { return } // unreadable folder: nothing to list
        defer { closedir(directory) }
        let fd = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            if !tree.includeHidden, name.hasPrefix(".") { continue }
            var kind = Int32(entry.pointee.d_type)
            var info = stat()
            if kind == Int32(DT_UNKNOWN) {
                guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                kind = Self.directoryEntryType(of: info.st_mode)
            }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            switch kind {
            case Int32(DT_DIR):
                guard tree.recursive, fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                if visited.insert(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted { pending.append(path) }
            case Int32(DT_REG):
                guard tree.wants(fileNamed: name), fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                if tree.followSymlinks, !seenFiles.insert(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted { continue }
                found.append(FoundFile(path: path, size: Int64(info.st_size), modified: Self.nanoseconds(info.st_mtim)))
            case Int32(DT_LNK):
                guard tree.followSymlinks, fstatat(fd, name, &info, 0) == 0, let target = Self.realPath(path),
                      realRoots.contains(where: { target == $0 || target.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else { continue }
                let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                switch info.st_mode & S_IFMT {
                case S_IFDIR where tree.recursive:
                    if visited.insert(id).inserted { pending.append(path) }
                case S_IFREG where tree.wants(fileNamed: name):
                    if seenFiles.insert(id).inserted {
                        found.append(FoundFile(path: path, size: Int64(info.st_size), modified: Self.nanoseconds(info.st_mtim)))
                    }
                default:
                    continue
                }
            default:
                continue
            }
        }
    }

    private static func directoryEntryType(of mode: mode_t) -> Int32 {
        switch mode & S_IFMT {
        case S_IFDIR: Int32(DT_DIR)
        case S_IFREG: Int32(DT_REG)
        case S_IFLNK: Int32(DT_LNK)
        default: Int32(DT_UNKNOWN)
        }
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    /// The path with every symbolic link resolved, or nil when it does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
