import Foundation
import Glibc
import Synchronization

/// A store in a local folder: each key is a file under `root`, written atomically (a temporary
/// file, fsync, then `link(2)` for create-only or `rename(2)` for replace, then fsync the folder;
/// see `LocalBackend+Write.swift`).
///
/// Create-only needs no lock: `link` fails with EEXIST for all but one racer. Compare-and-swap and
/// log appends take an flock(2) on `root/lock` for the moment of comparing and renaming, so
/// processes on one machine (and older tourists, which hold that lock for a whole change) never
/// lose an update. New blobs are staged in `tmp/<pid>-<random>/` (see `TemporaryArea`).
public final class LocalBackend: StorageBackend {
    /// The folder the store lives in.
    public let root: String
    public let readOnlyReason: String?
    private let lockTimeout: Double
    let temporaryArea: TemporaryArea
    /// The thread of this process that holds the lock, if one does (flock is per open file, so a
    /// second `FileLock` in the same process would wait for itself).
    private let holder = Mutex<pthread_t?>(nil)

    public var location: String { root }
    public var parallelism: Int { ProcessInfo.processInfo.activeProcessorCount }
    public var isShared: Bool { false }
    public var gracePeriod: TimeInterval { 0 }
    var lockPath: String { root + "/lock" }

    /// Opens the folder at `root`, creating it when missing. A file there is refused; a folder this
    /// process cannot write is opened for reading only (`readOnlyReason` says why). `lockTimeout`
    /// is how long a write waits for another process's lock.
    public init(root: String, lockTimeout: Double = 10) throws(StoreError) {
        self.root = root
        self.lockTimeout = lockTimeout
        temporaryArea = TemporaryArea(storeRoot: root, storeLockPath: root + "/lock", lockTimeout: lockTimeout)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw StoreError(.unusable, "the store path \(root) is a file, not a folder. Point --store or TOURIST_STORE at a folder (it is created when missing)")
        }
        if access(root + "/VERSION", F_OK) == 0, access(root, W_OK) != 0 {
            readOnlyReason = FileSystem.errnoText()
            return
        }
        readOnlyReason = nil
        try FileSystem.makeDirectory(root)
    }

    func path(_ key: String) -> String { root + "/" + key }

    /// Runs `body` holding the folder's lock; a thread that holds it already just runs `body`.
    func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let me = pthread_self()
        if holder.withLock({ $0.map { pthread_equal($0, me) != 0 } ?? false }) { return try body() }
        let lock = try FileLock.lock(lockPath, timeout: lockTimeout, what: "the store \(root)")
        holder.withLock { $0 = me }
        defer {
            holder.withLock { $0 = nil }
            lock.unlock()
        }
        return try body()
    }

    public func exclusively<T>(_ body: () throws -> T) throws -> T? {
        var result: Result<T, any Error>?
        try locked { () throws(StoreError) in result = Result { try body() } }
        return try result?.get()
    }

    public func load(_ key: String) throws(StoreError) -> StoredObject? {
        try FileSystem.read(path(key)).map { StoredObject(bytes: $0, etag: nil) }
    }

    public func load(_ key: String, range: Range<Int>) throws(StoreError) -> [UInt8]? {
        try FileSystem.read(path(key), range: range)
    }

    public func read(_ key: String, into sink: any BlobSink, useCache: Bool, expectedSize: Int?) throws -> Bool {
        let path = path(key)
        guard access(path, F_OK) == 0 else { return false }
        do {
            try FileStreaming.copy(path: path, into: sink)
        } catch let error as FileStreamingError where error.isMissing {
            if access(path, F_OK) != 0 { return false }
            throw StoreError(.io, "cannot read \(path): \(error.description)")
        }
        return true
    }

    public func cachedCopy(_ key: String) -> StoredObject? { nil }

    public func dropDamagedCopies() -> [String] { [] }

    public func checkedFile(_ key: String, expectedSize: Int?) throws(StoreError) -> CheckedBlobFile? {
        switch CheckedBlobFile.open(path(key), sha256: BlobStore.sha256(ofKey: key)) {
        case .opened(let file): return file
        case .missing: return nil
        case .damaged(let error): throw error
        }
    }

    public func contains(_ key: String) throws(StoreError) -> Bool {
        try stat(key) != nil
    }

    /// As `load`: reading a local file costs no more than asking whether it changed.
    public func loadRecent(_ key: String) throws(StoreError) -> StoredObject? {
        try load(key)
    }

    public func stat(_ key: String) throws(StoreError) -> ObjectInfo? {
        guard let status = FileSystem.status(path(key)) else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw StoreError(.io, "cannot read \(path(key)): \(FileSystem.errnoText())")
        }
        let info = Self.info(key, status)
        return ObjectInfo(key: key, size: info.size, modified: info.modified, age: info.modified.map { Date().timeIntervalSince($0) })
    }

    static func info(_ key: String, _ status: Glibc.stat) -> ObjectInfo {
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        return ObjectInfo(key: key, size: Int(status.st_size), modified: Date(timeIntervalSince1970: modified))
    }

    public func list(_ prefix: String, continuation: String?, details: Bool) throws(StoreError) -> ObjectPage {
        let objects = objects(prefix, after: continuation, limit: LocalListing.pageSize, details: details)
        return ObjectPage(objects: objects, continuation: objects.count == LocalListing.pageSize ? objects.last?.key : nil)
    }

    /// One walk of the folders, not a page at a time (each page would read the folders again).
    public func listAll(_ prefix: String, details: Bool) throws(StoreError) -> [ObjectInfo] {
        objects(prefix, after: nil, limit: Int.max, details: details)
    }

    private func objects(_ prefix: String, after: String?, limit: Int, details: Bool) -> [ObjectInfo] {
        var walk = LocalListing(root: root, prefix: prefix, after: after, limit: limit)
        return walk.run().map { key in
            guard details else { return ObjectInfo(key: key, size: nil, modified: nil) }
            return FileSystem.status(path(key)).map { Self.info(key, $0) } ?? ObjectInfo(key: key, size: nil, modified: nil)
        }
    }

    /// Removes the file; an empty folder (which `list` shows as a key) goes too.
    public func remove(_ key: String) throws(StoreError) {
        let path = path(key)
        if unlink(path) == 0 || errno == ENOENT { return }
        guard errno == EISDIR, rmdir(path) == 0 else { throw StoreError(.io, "cannot remove \(path): \(FileSystem.errnoText())") }
    }

    public func stage(maxBytes: Int) throws(StoreError) -> BlobWriter {
        let (fd, path) = try FileSystem.makeUnnamedFile(in: try temporaryArea.directory(), prefix: "blob-")
        return BlobWriter(fd: fd, temporaryPath: path, maxBytes: maxBytes)
    }

    public func create(_ key: String, from staged: BlobWriter, durable: Bool) throws(StoreError) -> Bool {
        try staged.finishWriting()
        defer { staged.discard() }
        let target = path(key)
        let folder = (target as NSString).deletingLastPathComponent
        try FileSystem.makeDirectory(folder)
        let created = try staged.link(to: target)
        if durable { try FileSystem.fsyncDirectory(folder) }
        return created
    }

    public func flush() throws(StoreError) {
        try FileSystem.syncFileSystem(root)
    }

    public func stagingDirectory() throws(StoreError) -> String {
        try temporaryArea.directory()
    }

    public func move(_ key: String, to destination: String) throws(StoreError) {
        let target = path(destination)
        try FileSystem.makeDirectory((target as NSString).deletingLastPathComponent)
        guard rename(path(key), target) == 0 || errno == ENOENT else {
            throw StoreError(.io, "cannot move \(path(key)) to \(target): \(FileSystem.errnoText())")
        }
    }

    public func leftovers() -> [String] {
        temporaryArea.leftovers()
    }

    public func sweepLeftovers() {
        _ = try? locked { () throws(StoreError) in temporaryArea.sweep() }
    }

    public func killedWrites() -> [String] {
        KilledWrites(root: root).find()
    }

    public func removeKilledWrites() -> Int {
        KilledWrites(root: root).remove()
    }
}
