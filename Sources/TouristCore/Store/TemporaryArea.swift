import Foundation
import Glibc

/// This process's own folder under the store's `tmp/`, for downloads in progress.
///
/// Each process works in `tmp/<pid>-<random>/` and holds an flock on its `owner` file while it runs.
/// Opening the store removes every folder whose owner lock is free: work left by a crashed or killed
/// process, never that of a live one.
public final class TemporaryArea: Sendable {
    let directory: String
    private let ownerLock: FileLock

    init(storeRoot: String) throws(StoreError) {
        let parent = storeRoot + "/tmp"
        try FileSystem.makeDirectory(parent)
        Self.sweep(parent)
        let directory = "\(parent)/\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard mkdir(directory, 0o700) == 0 else { throw StoreError(.io, "cannot create \(directory): \(FileSystem.errnoText())") }
        guard let lock = try FileLock.tryLock(directory + "/owner") else {
            throw StoreError(.io, "cannot lock \(directory)/owner")
        }
        self.directory = directory
        self.ownerLock = lock
    }

    deinit {
        ownerLock.unlock()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Removes the folders of processes that are gone.
    static func sweep(_ parent: String) {
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
