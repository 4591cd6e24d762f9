import Foundation
import Glibc
import Synchronization

/// This machine's copy of what a remote store holds, read in the seed app's order: memory, then
/// disk, then the network.
///
/// - Blobs never change (their key is their hash), so a cached blob is used as it is. They are
///   files under `blobs/`, and the least recently used go first once the cache passes its cap.
/// - Index objects change, so each is kept with its version (ETag) and used only after the store
///   says it is still current (`If-None-Match` answered 304): `revalidate` hands the version out.
///   They are kept in memory too, and on disk under `index/` as the ETag's line and then the bytes.
///
/// Everything is written atomically (temporary file, rename); a cache file that cannot be read
/// is a miss. Two processes may share the folder.
public final class ObjectCache: Sendable {
    /// The folder: `$XDG_CACHE_HOME/tourist/s3/BUCKET/PREFIX` (see `StoreAddress`).
    public let directory: String
    /// How many bytes of blobs to keep before the least recently used go.
    public let capacity: Int
    /// Index objects in memory, and their bytes: emptied whenever they pass `memoryCapacity`.
    private let memory = Mutex<(objects: [String: StoredObject], bytes: Int)>(([:], 0))
    private static let memoryCapacity = 64 << 20
    /// Bytes of blobs cached, counted on first use (nil until then).
    private let blobBytes = Mutex<Int?>(nil)

    /// The default cap: 2 GiB, or `TOURIST_CACHE_MB` mebibytes.
    public static func capacity(environment: [String: String]) -> Int {
        environment["TOURIST_CACHE_MB"].flatMap(Int.init).map { max(0, $0) << 20 } ?? 2 << 30
    }

    public init(directory: String, capacity: Int) {
        self.directory = directory
        self.capacity = capacity
    }

    // MARK: Index objects

    /// The cached copy of `key` with its version, to send as `If-None-Match`; nil when none.
    func candidate(_ key: String) -> StoredObject? {
        if let object = memory.withLock({ $0.objects[key] }) { return object }
        guard let bytes = try? FileSystem.read(indexPath(key)), let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let object = StoredObject(bytes: Array(bytes[(newline + 1)...]), etag: String(decoding: bytes[..<newline], as: UTF8.self))
        keepInMemory(key, object)
        return object
    }

    /// Keeps `object` (read or written just now) as the current copy of `key`.
    func remember(_ key: String, _ object: StoredObject) {
        guard let etag = object.etag, !etag.contains("\n") else { return }
        keepInMemory(key, object)
        try? write(Array((etag + "\n").utf8) + object.bytes, to: indexPath(key))
    }

    /// Drops the copy of `key` (it was removed, or its write failed).
    func forget(_ key: String) {
        memory.withLock { memory in
            memory.bytes -= memory.objects.removeValue(forKey: key)?.bytes.count ?? 0
        }
        unlink(indexPath(key))
        unlink(blobPath(key))
    }

    private func keepInMemory(_ key: String, _ object: StoredObject) {
        memory.withLock { memory in
            if memory.bytes + object.bytes.count > Self.memoryCapacity { memory = ([:], 0) }
            memory.bytes += object.bytes.count - (memory.objects.updateValue(object, forKey: key)?.bytes.count ?? 0)
        }
    }

    // MARK: Blobs

    /// The cached file of blob `key`, marked as just used; nil when it is not cached.
    func blobFile(_ key: String) -> String? {
        let path = blobPath(key)
        guard access(path, R_OK) == 0 else { return nil }
        _ = utimensat(AT_FDCWD, path, nil, 0)
        return path
    }

    /// A sink that caches blob `key` as it is read from the store (call `finish` once it is whole).
    func blobWriter(_ key: String) -> CachingSink? {
        let folder = (blobPath(key) as NSString).deletingLastPathComponent
        guard (try? FileSystem.makeDirectory(folder)) != nil, let (fd, temporary) = try? FileSystem.makeTemporaryFile(in: folder) else { return nil }
        return CachingSink(fd: fd, temporaryPath: temporary, finalPath: blobPath(key), cache: self)
    }

    /// Counts a blob just cached and, past the cap, removes the least recently used.
    func added(bytes: Int) {
        let total = blobBytes.withLock { total -> Int in
            let now = (total ?? scanBlobBytes()) + bytes
            total = now
            return now
        }
        if total > capacity { evict() }
    }

    private func scanBlobBytes() -> Int {
        blobFiles().reduce(0) { $0 + $1.size }
    }

    /// Removes the least recently used blobs until the cache holds at most 90% of its cap.
    private func evict() {
        var files = blobFiles().sorted { $0.used < $1.used }
        var total = files.reduce(0) { $0 + $1.size }
        while total > capacity * 9 / 10, !files.isEmpty {
            let oldest = files.removeFirst()
            if unlink(oldest.path) == 0 { total -= oldest.size }
        }
        blobBytes.withLock { $0 = total }
    }

    private func blobFiles() -> [(path: String, size: Int, used: Double)] {
        var files: [(path: String, size: Int, used: Double)] = []
        let root = directory + "/blobs"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        while let name = walker.nextObject() as? String {
            let path = root + "/" + name
            guard let status = FileSystem.status(path), status.st_mode & S_IFMT == S_IFREG, !name.contains("/.") else { continue }
            files.append((path, Int(status.st_size), Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9))
        }
        return files
    }

    // MARK: Files

    private func indexPath(_ key: String) -> String { directory + "/index/" + key }

    private func blobPath(_ key: String) -> String { directory + "/blobs/" + key }

    private func write(_ bytes: [UInt8], to path: String) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        try FileSystem.makeDirectory(folder)
        let (fd, temporary) = try FileSystem.makeTemporaryFile(in: folder)
        defer { close(fd) }
        do throws(StoreError) {
            try FileSystem.writeAll(fd, bytes, path: temporary)
            guard rename(temporary, path) == 0 else { throw StoreError(.io, "cannot write \(path): \(FileSystem.errnoText())") }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}

/// Writes a blob into the cache as it streams past; `finish` names it once it is whole, `discard`
/// (or deinit) drops a partial one.
final class CachingSink: BlobSink {
    private let fd: Int32
    private let temporaryPath: String
    private let finalPath: String
    private let cache: ObjectCache
    private var byteCount = 0
    private var failed = false
    private var done = false

    init(fd: Int32, temporaryPath: String, finalPath: String, cache: ObjectCache) {
        self.fd = fd
        self.temporaryPath = temporaryPath
        self.finalPath = finalPath
        self.cache = cache
    }

    deinit { discard() }

    /// Writes what it can; a cache that cannot be written never fails the read it serves.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !failed, !done else { return }
        do { try FileSystem.writeAll(fd, bytes, path: temporaryPath) } catch { failed = true }
        byteCount += bytes.count
    }

    /// Keeps the blob, now whole.
    func finish() {
        guard !failed, !done else { return discard() }
        done = true
        close(fd)
        if rename(temporaryPath, finalPath) == 0 { cache.added(bytes: byteCount) } else { unlink(temporaryPath) }
    }

    func discard() {
        guard !done else { return }
        done = true
        close(fd)
        unlink(temporaryPath)
    }
}
