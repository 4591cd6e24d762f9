import Foundation
import Glibc
import Synchronization

/// This process's own folder under the store's `tmp/`, for downloads in progress; made on first use,
/// so commands that only read never create it.
///
/// Each process works in `tmp/<pid>-<random>/` and holds an flock on its `owner` file while it runs.
/// Opening the store removes every folder whose owner lock is free: work left by a crashed or killed
/// process, never that of a live one. Folders are made and swept under the store lock, so a sweep
/// never meets a folder whose owner has not locked it yet.
public final class TemporaryArea: Sendable {
    private let parent: String
    private let storeLockPath: String
    private let lockTimeout: Double
    private let area = Mutex<(directory: String, owner: FileLock)?>(nil)

    init(storeRoot: String, storeLockPath: String, lockTimeout: Double) {
        parent = storeRoot + "/tmp"
        self.storeLockPath = storeLockPath
        self.lockTimeout = lockTimeout
    }

    deinit {
        area.withLock { area in
            guard let area else { return }
            area.owner.unlock()
            try? FileManager.default.removeItem(atPath: area.directory)
        }
    }

    /// The folder, made (under the store lock) the first time it is asked for.
    func directory() throws(StoreError) -> String {
        try area.withLock { (area) throws(StoreError) -> String in
            if let area { return area.directory }
            let storeLock = try FileLock.lock(storeLockPath, timeout: lockTimeout, what: "the store \((parent as NSString).deletingLastPathComponent)")
            defer { storeLock.unlock() }
            try FileSystem.makeDirectory(parent)
            let directory = "\(parent)/\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard mkdir(directory, 0o700) == 0 else { throw StoreError(.io, "cannot create \(directory): \(FileSystem.errnoText())") }
            guard let owner = try FileLock.tryLock(directory + "/owner") else {
                throw StoreError(.io, "cannot lock \(directory)/owner")
            }
            area = (directory, owner)
            return directory
        }
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

    /// Removes the folders of processes that are gone. Call with the store lock held.
    func sweep() {
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
