import Foundation
import Glibc
import Synchronization

/// The store's staging area: this process's own folder under `tmp/` of a local folder (the store's
/// own, or for a remote store this machine's cache folder), for downloads in progress on their way
/// into the store; made on first use, so commands that only read never create it.
///
/// Each process works in `tmp/<pid>-<random>/` and holds an flock on its `owner` file while it runs.
/// Opening the store removes every folder whose owner lock is free: work left by a crashed or killed
/// process, never that of a live one. Folders are made and swept under the folder's lock, so a sweep
/// never meets a folder whose owner has not locked it yet.
public final class TemporaryArea: Sendable {
    private let root: String
    private let parent: String
    private let lock: FolderLock
    private let area = Mutex<(directory: String, owner: FileLock)?>(nil)

    /// The area under `root`, made and swept under `lock` (a local store's own lock, see
    /// `LocalBackend.staging`).
    init(root: String, lock: FolderLock) {
        self.root = root
        parent = root + "/tmp"
        self.lock = lock
    }

    /// The area under the folder `root` of this machine (made when first needed), with a lock of
    /// its own (`root/lock`): for a store elsewhere (a bucket, memory).
    public convenience init(root: String) {
        self.init(root: root, lock: FolderLock(path: root + "/lock", what: "the staging folder \(root)", timeout: 10))
    }

    deinit {
        area.withLock { area in
            guard let area else { return }
            area.owner.unlock()
            try? FileManager.default.removeItem(atPath: area.directory)
        }
    }

    /// The folder, made (under the lock) the first time it is asked for.
    func directory() throws(StoreError) -> String {
        try area.withLock { (area) throws(StoreError) -> String in
            if let area { return area.directory }
            try FileSystem.makeDirectory(root)
            let made = try lock.locked { () throws(StoreError) -> (directory: String, owner: FileLock) in
                try FileSystem.makeDirectory(parent)
                let directory = "\(parent)/\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
                guard mkdir(directory, 0o700) == 0 else { throw StoreError(.io, "cannot create \(directory): \(FileSystem.errnoText())") }
                guard let owner = try FileLock.tryLock(directory + "/owner") else {
                    throw StoreError(.io, "cannot lock \(directory)/owner")
                }
                return (directory, owner)
            }
            area = made
            return made.directory
        }
    }

    /// A writer for new blob bytes, in a file of this process's folder.
    func stage(maxBytes: Int) throws(StoreError) -> BlobWriter {
        let (fd, path) = try FileSystem.makeTemporaryFile(in: try directory(), prefix: "blob-")
        return BlobWriter(fd: fd, temporaryPath: path, maxBytes: maxBytes)
    }

    /// What processes that are gone left in `tmp/` (what `sweep` removes): files, and folders whose
    /// owner lock is free.
    func leftovers() -> [String] {
        FileSystem.list(parent).sorted().filter { name in
            let folder = "\(parent)/\(name)"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else { return false }
            guard isDirectory.boolValue else { return true }
            if folder == area.withLock({ $0?.directory }) { return false }
            guard let free = try? FileLock.tryLock(folder + "/owner") else { return false }
            free.unlock()
            return true
        }
    }

    /// Removes the folders of processes that are gone, under the lock (not made when its folder is
    /// missing).
    func sweep() {
        guard FileManager.default.fileExists(atPath: root) else { return }
        _ = try? lock.locked { () throws(StoreError) in sweepLocked() }
    }

    private func sweepLocked() {
        for name in FileSystem.list(parent) {
            let folder = "\(parent)/\(name)"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                unlink(folder)
                continue
            }
            if let stale = try? FileLock.tryLock(folder + "/owner") {
                try? FileManager.default.removeItem(atPath: folder)
                stale.unlock()
            }
        }
    }
}
