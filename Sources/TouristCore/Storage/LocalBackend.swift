import Foundation
import Glibc

/// A store in a local folder: each key is a file under `root`, written atomically (a temporary
/// file, fsync, then `link(2)` for create-only or `rename(2)` for replace, then fsync the folder;
/// see `LocalBackend+Write.swift`).
///
/// Create-only needs no lock: `link` fails with EEXIST for all but one racer. Compare-and-swap and
/// log appends take an flock(2) on `root/lock` for the moment of comparing and renaming, so
/// processes on one machine (and older tourists, which hold that lock for a whole change) never
/// lose an update. New blobs are staged in `tmp/<pid>-<random>/` (see `staging`).
public final class LocalBackend: ExclusiveLocking, NativeLogs, LocalFiles, KilledWriteCleanup {
    /// The folder the store lives in.
    public let root: String
    public let features: StorageFeatures
    /// The folder's lock (`root/lock`).
    let lock: FolderLock

    public var location: String { root }

    /// Opens the folder at `root`, creating it when missing. A file there is refused; a folder this
    /// process cannot write is opened for reading only (`readOnlyReason` says why). `lockTimeout`
    /// is how long a write waits for another process's lock.
    public init(root: String, lockTimeout: Double = 10) throws(StoreError) {
        self.root = root
        lock = FolderLock(path: root + "/lock", what: "the store \(root)", timeout: lockTimeout)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw StoreError(
                .unusable, "the store path \(root) is a file, not a folder",
                remedy: Remedy(.pointAtStore("a folder (it is created when missing)")))
        }
        var readOnlyReason: String?
        if access(root + "/VERSION", F_OK) == 0, access(root, W_OK) != 0 { readOnlyReason = FileSystem.errnoText() }
        features = StorageFeatures(
            isShared: false, parallelism: ProcessInfo.processInfo.activeProcessorCount, gracePeriod: 0, readOnlyReason: readOnlyReason)
        if readOnlyReason == nil { try FileSystem.makeDirectory(root) }
    }

    /// The store's staging area: `tmp/` in the folder, made and swept under the folder's lock.
    public func staging() -> TemporaryArea {
        TemporaryArea(root: root, lock: lock)
    }

    func path(_ key: ObjectKey) -> String { root + "/" + key.path }

    /// Runs `body` holding the folder's lock; a thread that holds it already just runs `body`.
    func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try lock.locked(body)
    }

    public func exclusively<T>(_ body: () throws -> T) throws -> T {
        try locked { () throws(StoreError) -> Result<T, any Error> in Result { try body() } }.get()
    }

    /// A file read costs no more than asking whether it changed, so `version` plays no part.
    public func load(_ key: ObjectKey, range: Range<Int>?, unless version: String?) throws(StoreError) -> LoadAnswer {
        let bytes: [UInt8]?
        if let range { bytes = try FileSystem.read(path(key), range: range) } else { bytes = try FileSystem.read(path(key)) }
        return bytes.map { .loaded(StoredObject(bytes: $0, etag: nil)) } ?? .missing
    }

    public func read(_ key: ObjectKey, into sink: any BlobSink, expectedSize: Int?) throws -> Bool {
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

    public func checkedFile(_ key: ObjectKey, expectedSize: Int?) throws(StoreError) -> CheckedBlobFile? {
        switch CheckedBlobFile.open(path(key), sha256: BlobStore.sha256(ofKey: key)) {
        case .opened(let file): return file
        case .missing: return nil
        case .damaged(let error): throw error
        }
    }

    public func stat(_ key: ObjectKey) throws(StoreError) -> ObjectInfo? {
        guard let status = FileSystem.status(path(key)) else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw StoreError(.io, "cannot read \(path(key)): \(FileSystem.errnoText())")
        }
        let info = Self.info(key, status)
        return ObjectInfo(key: key, size: info.size, modified: info.modified, age: info.modified.map { Date().timeIntervalSince($0) })
    }

    static func info(_ key: ObjectKey, _ status: Glibc.stat) -> ObjectInfo {
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        return ObjectInfo(key: key, size: Int(status.st_size), modified: Date(timeIntervalSince1970: modified))
    }

    public func list(_ prefix: ObjectKey, continuation: String?, details: Bool) throws(StoreError) -> ObjectPage {
        let objects = objects(prefix, after: continuation, limit: LocalListing.pageSize, details: details)
        return ObjectPage(objects: objects, continuation: objects.count == LocalListing.pageSize ? objects.last?.key.path : nil)
    }

    /// One walk of the folders, not a page at a time (each page would read the folders again).
    public func listAll(_ prefix: ObjectKey, details: Bool) throws(StoreError) -> [ObjectInfo] {
        objects(prefix, after: nil, limit: Int.max, details: details)
    }

    private func objects(_ prefix: ObjectKey, after: String?, limit: Int, details: Bool) -> [ObjectInfo] {
        var walk = LocalListing(root: root, prefix: prefix.path, after: after, limit: limit)
        return walk.run().map { ObjectKey(prefix.kind, $0) }.map { key in
            guard details else { return ObjectInfo(key: key, size: nil, modified: nil) }
            return FileSystem.status(path(key)).map { Self.info(key, $0) } ?? ObjectInfo(key: key, size: nil, modified: nil)
        }
    }

    /// Removes the file; an empty folder (which `list` shows as a key) goes too.
    public func remove(_ key: ObjectKey) throws(StoreError) {
        let path = path(key)
        if unlink(path) == 0 || errno == ENOENT { return }
        guard errno == EISDIR, rmdir(path) == 0 else { throw StoreError(.io, "cannot remove \(path): \(FileSystem.errnoText())") }
    }

    public func create(_ key: ObjectKey, fromFile staged: BlobWriter, durable: Bool) throws(StoreError) -> Bool {
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

    public func move(_ key: ObjectKey, to destination: ObjectKey) throws(StoreError) {
        let target = path(destination)
        try FileSystem.makeDirectory((target as NSString).deletingLastPathComponent)
        guard rename(path(key), target) == 0 || errno == ENOENT else {
            throw StoreError(.io, "cannot move \(path(key)) to \(target): \(FileSystem.errnoText())")
        }
    }

    public func killedWrites() -> [String] {
        KilledWrites(root: root).find()
    }

    public func removeKilledWrites() -> Int {
        KilledWrites(root: root).remove()
    }
}
