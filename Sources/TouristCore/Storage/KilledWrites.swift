import CShims
import Foundation
import Glibc

/// The temporary files (`.tmp-…`) that writes killed midway left beside their targets in a local
/// store's folders: no reader sees them (`LocalListing` passes over dot files), but they take
/// space. A writer holds an flock on its temporary file for as long as it writes
/// (`FileSystem.makeTemporaryFile`), so a file whose lock is free and that is older than
/// `minimumAge` (far longer than the moment between creating a file and locking it) belongs to no
/// live writer. Found by walking every folder but `blobs/` (filled from `tmp/`) and `tmp/` (swept
/// by its own owner locks), so `store verify`, `store gc` and `store repair` do it, not every open.
struct KilledWrites {
    /// How old a temporary file with a free lock must be to be a dead writer's.
    static let minimumAge: TimeInterval = 60

    let root: String

    /// The dead writers' temporary files, as paths inside the store, sorted.
    func find(now: Date = Date()) -> [String] {
        var found: [String] = []
        walk("") { path in
            if isDead(path, now: now) { found.append(path) }
        }
        return found.sorted()
    }

    /// Removes the dead writers' temporary files; returns how many.
    @discardableResult
    func remove(now: Date = Date()) -> Int {
        var removed = 0
        walk("") { path in
            if isDead(path, now: now, removing: true) { removed += 1 }
        }
        return removed
    }

    /// Calls `body` with the path of each `.tmp-` file under folder `folder` (inside the store).
    private func walk(_ folder: String, _ body: (String) -> Void) {
        guard let directory = opendir(folder.isEmpty ? root : root + "/" + folder) else { return }
        defer { closedir(directory) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        while let entry = readdir(directory) {
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            guard name != ".", name != ".." else { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            if name.hasPrefix(".tmp-") {
                body(path)
                continue
            }
            guard !(folder.isEmpty && (name == "blobs" || name == "tmp")) else { continue }
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var status = stat()
                isFolder = lstat(root + "/" + path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder { walk(path, body) }
        }
    }

    /// Whether the temporary file at `path` is a dead writer's: its lock is free and it is older
    /// than `minimumAge`. With `removing`, such a file is removed (while its lock is held, so no
    /// writer can take it meanwhile).
    private func isDead(_ path: String, now: Date, removing: Bool = false) -> Bool {
        let full = root + "/" + path
        let fd = open(full, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            now.timeIntervalSince1970 - Double(status.st_mtim.tv_sec) > Self.minimumAge,
            tourist_flock(fd, TOURIST_LOCK_EX | TOURIST_LOCK_NB) == 0
        else { return false }
        return !removing || unlink(full) == 0
    }
}
