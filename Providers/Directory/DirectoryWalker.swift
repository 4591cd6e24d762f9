import Dispatch
import Foundation
import Glibc
import Synchronization
import TouristCore

/// A file found by a walk: where it is, and what its index entry is keyed by.
package struct FoundFile: Sendable, Equatable {
    package var path: String
    package var size: Int64
    /// Modification time in nanoseconds since 1970.
    package var modified: Int64
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

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// What the workers of one walk share: folders still to list, how many are being listed, the
    /// folders (and, following links, files) already claimed, and the files found.
    private struct Shared {
        var pending: [String] = []
        var listing = 0
        var visited = Set<FileID>()
        var seenFiles = Set<FileID>()
        /// The wanted files of each folder listed, in the folder's own (readdir) order.
        var found: [(folder: String, files: [FoundFile])] = []
    }

    /// Every wanted file: folders in path order, each folder's files in the order it lists them
    /// (stable while the folder is unchanged). Throws `ProviderError.invalidConfiguration` for a
    /// root that is missing or not a folder, and `CancellationError` when cancelled.
    ///
    /// Folders are listed on every core (the `fstatat` calls are most of a rescan's work). When
    /// links are followed, one worker lists them depth-first in a fixed order, so a file reachable
    /// by two paths is always found by the same one.
    func walk() throws -> [FoundFile] {
        var realRoots: [String] = []
        var shared = Shared()
        for (index, root) in tree.roots.enumerated() {
            var info = stat()
            if let problem = Self.problem(withRoot: root, info: &info) {
                throw ProviderError.invalidConfiguration("\(problem.problem). \(problem.fix) (\(tree.configuredAt(root: index)))")
            }
            realRoots.append(Self.realPath(root) ?? root)
            // A root inside another is listed once, under its own path.
            if shared.visited.insert(FileID(info)).inserted { shared.pending.insert(root, at: 0) }
        }
        let state = Mutex(shared)
        let roots = realRoots
        let workers = tree.followSymlinks ? 1 : ProcessInfo.processInfo.activeProcessorCount
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
            var listed: [(folder: String, files: [FoundFile])] = []
            work: while !cancellation.isCancelled {
                let next: String?? = state.withLock { shared in
                    if let folder = shared.pending.popLast() {
                        shared.listing += 1
                        return .some(folder)
                    }
                    return shared.listing == 0 ? .some(nil) : nil
                }
                switch next {
                case .some(.some(let folder)):
                    var files: [FoundFile] = []
                    let folders = list(folder, realRoots: roots, state: state, found: &files)
                    if !files.isEmpty { listed.append((folder, files)) }
                    state.withLock { shared in
                        shared.pending += folders.reversed()
                        shared.listing -= 1
                    }
                case .some(.none):
                    break work  // nothing pending, nobody listing: done
                case .none:
                    usleep(20)  // another worker is listing a folder that may hold more
                }
            }
            state.withLock { $0.found += listed }
        }
        if cancellation.isCancelled { throw CancellationError() }
        // Folders by path, files in each as the folder lists them: the same order for the same tree
        // whichever worker listed what, so a rescan meets the index's entries in the order it wrote them.
        return state.withLock { $0.found }.sorted { $0.folder < $1.folder }.flatMap(\.files)
    }

    /// Reads one folder's entries: wanted files go to `found`; returns the sub-folders to list.
    /// Names are checked as the bytes readdir gives; a String is made only for a path kept.
    private func list(_ folder: String, realRoots: [String], state: borrowing Mutex<Shared>, found: inout [FoundFile]) -> [String] {
        var pending: [String] = []
        guard let directory = opendir(folder) else { return [] }  // unreadable folder: nothing to list
        defer { closedir(directory) }
        let fd = dirfd(directory)
        let prefix = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        while let entry = readdir(directory) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let length = strlen(name)
            if name[0] == 0x2E {  // "." and ".." always; other dot names unless includeHidden
                if !tree.includeHidden || length == 1 || length == 2 && name[1] == 0x2E { continue }
            }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: length)
            func path() -> String {
                String(unsafeUninitializedCapacity: prefix.count + length) { buffer in
                    _ = buffer.initialize(from: prefix)
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[prefix.count...]).initialize(from: bytes)
                    return prefix.count + length
                }
            }
            var kind = Int32(entry.pointee.d_type)
            var info = stat()
            if kind == Int32(DT_UNKNOWN) {
                guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                kind = Self.directoryEntryType(of: info.st_mode)
            }
            switch kind {
            case Int32(DT_DIR):
                guard tree.recursive, fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                if state.withLock({ $0.visited.insert(FileID(info)).inserted }) { pending.append(path()) }
            case Int32(DT_REG):
                guard tree.wants(nameBytes: bytes), fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                if tree.followSymlinks, !state.withLock({ $0.seenFiles.insert(FileID(info)).inserted }) { continue }
                found.append(FoundFile(path: path(), size: Int64(info.st_size), modified: Self.nanoseconds(info.st_mtim)))
            case Int32(DT_LNK):
                guard tree.followSymlinks, fstatat(fd, name, &info, 0) == 0 else { continue }
                let linkPath = path()
                guard let target = Self.realPath(linkPath),
                    realRoots.contains(where: { target == $0 || target.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") })
                else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR where tree.recursive:
                    if state.withLock({ $0.visited.insert(FileID(info)).inserted }) { pending.append(linkPath) }
                case S_IFREG where tree.wants(nameBytes: bytes):
                    if state.withLock({ $0.seenFiles.insert(FileID(info)).inserted }) {
                        found.append(FoundFile(path: linkPath, size: Int64(info.st_size), modified: Self.nanoseconds(info.st_mtim)))
                    }
                default:
                    continue
                }
            default:
                continue
            }
        }
        return pending
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

    /// Why `root` cannot be walked (its problem and the fix), or nil when it is a folder; fills `info`.
    static func problem(withRoot root: String, info: inout stat) -> (problem: String, fix: String)? {
        guard stat(root, &info) == 0 else {
            return ("the folder \(root) cannot be read (\(String(cString: strerror(errno))))", "Create it, or correct the path")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return ("\(root) is not a folder", "Point the path at a folder of photos")
        }
        return nil
    }

    /// The path with every symbolic link resolved, or nil when it does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
