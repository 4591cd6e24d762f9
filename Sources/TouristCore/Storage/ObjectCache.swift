import Crypto
import Foundation
import Glibc
import Synchronization

/// This machine's copy of what a remote store holds, read in the seed app's order: memory, then
/// disk, then the network.
///
/// - Blobs never change (their key is their hash), so a cached blob is used as it is. They are
///   files under `blobs/`, and the least recently used go first once the cache passes its cap.
/// - Index objects change, so each is kept with its version (ETag) and used only after the store
///   says it is still current (`If-None-Match` answered 304): `candidate` hands the version out.
///   They are kept in memory too, and on disk under `index/` with a digest (`CachedIndexEntry`): a
///   copy on disk that no longer matches it is dropped before use, and the store read instead.
///
/// Everything is written atomically (temporary file, rename); a cache file that cannot be read
/// is a miss. Two processes may share the folder.
public final class ObjectCache: Sendable {
    /// The folder: `$XDG_CACHE_HOME/tourist/s3/BUCKET/PREFIX` (see `StoreAddress`).
    public let directory: String
    /// How many bytes of blobs to keep before the least recently used go.
    public let capacity: Int
    /// Index objects in memory with when the store last confirmed each, and their bytes: emptied
    /// whenever they pass `memoryCapacity`.
    private let memory = Mutex<(objects: [ObjectKey: (object: StoredObject, confirmed: ContinuousClock.Instant)], bytes: Int)>(([:], 0))
    /// How long an object the store confirmed may be shown without asking again, by this process or
    /// another on this machine sharing the cache (`ObjectStore.loadRecent`): long enough that a
    /// command, or a script's commands in a row, showing a pin ask once; short enough that other
    /// machines' changes show at once (as rclone's and s3fs's caches of what a bucket lists hold
    /// it for minutes). Changes and checks always ask.
    public static let standardConfirmationLifetime: Duration = .seconds(2)
    /// This cache's `standardConfirmationLifetime`, or the one `TOURIST_CACHE_FRESH_SECONDS` sets.
    let confirmationLifetime: Duration
    /// The store's format version is asked again only this often (it changes when a newer
    /// tourist upgrades the store, which is rare and announced).
    static let versionLifetime: TimeInterval = 600
    private static let memoryCapacity = 64 << 20
    /// Bytes of blobs cached, counted on first use (nil until then).
    private let blobBytes = Mutex<Int?>(nil)

    /// The default cap: 2 GiB, or `TOURIST_CACHE_MB` mebibytes.
    public static func capacity(environment: [String: String]) -> Int {
        environment["TOURIST_CACHE_MB"].flatMap(Int.init).map { max(0, $0) << 20 } ?? 2 << 30
    }

    /// `standardConfirmationLifetime`, or `TOURIST_CACHE_FRESH_SECONDS` seconds (tests lengthen it,
    /// so that commands in a row count as in a row however busy the machine).
    public static func confirmationLifetime(environment: [String: String]) -> Duration {
        environment["TOURIST_CACHE_FRESH_SECONDS"].flatMap(Double.init).flatMap { $0 >= 0 && $0.isFinite ? Duration.seconds($0) : nil }
            ?? standardConfirmationLifetime
    }

    public init(directory: String, capacity: Int, confirmationLifetime: Duration = standardConfirmationLifetime) {
        self.directory = directory
        self.capacity = capacity
        self.confirmationLifetime = confirmationLifetime
    }

    // MARK: Index objects

    /// The cached copy of `key` with its version, to send as `If-None-Match`, and whether it is
    /// recent enough to show without asking (see `confirmationLifetime`); nil when none.
    func candidate(_ key: ObjectKey) -> (object: StoredObject, fresh: Bool)? {
        if let kept = memory.withLock({ $0.objects[key] }) {
            return (kept.object, ContinuousClock.now - kept.confirmed < confirmationLifetime)
        }
        let path = indexPath(key)
        guard let file = try? FileSystem.read(path) else { return nil }
        guard let object = CachedIndexEntry.decode(file) else {
            // Damaged or edited since it was written: dropped, so the store is read instead.
            unlink(path)
            return nil
        }
        // The file's time is when the store last confirmed it (`remember`, `confirmed`).
        let age =
            FileSystem.status(path).map { Date().timeIntervalSince1970 - (Double($0.st_mtim.tv_sec) + Double($0.st_mtim.tv_nsec) / 1e9) }
            ?? .infinity
        let seconds = confirmationLifetime / .seconds(1)
        // The version is never asked more often than any other object.
        let lifetime = key == Store.versionKey ? max(Self.versionLifetime, seconds) : seconds
        let fresh = age >= 0 && age < lifetime
        keepInMemory(key, object, confirmed: ContinuousClock.now - (fresh ? .seconds(age) : confirmationLifetime))
        return (object, fresh)
    }

    /// Records that the store said the cached copy of `key` is current (a 304).
    func confirmed(_ key: ObjectKey) {
        guard let kept = memory.withLock({ $0.objects[key] }) else { return }
        keepInMemory(key, kept.object)
        _ = utimensat(AT_FDCWD, indexPath(key), nil, 0)
    }

    /// Keeps `object` (read or written just now) as the current copy of `key`.
    func remember(_ key: ObjectKey, _ object: StoredObject) {
        guard object.etag != nil else { return }
        keepInMemory(key, object)
        if let file = CachedIndexEntry.encode(object) { try? write(file, to: indexPath(key)) } else { unlink(indexPath(key)) }
    }

    /// Drops the copy of `key` (it was removed, or its write failed).
    func forget(_ key: ObjectKey) {
        memory.withLock { memory in
            memory.bytes -= memory.objects.removeValue(forKey: key)?.object.bytes.count ?? 0
        }
        unlink(indexPath(key))
        unlink(blobPath(key))
        unlink(presencePath(key))
    }

    private func keepInMemory(_ key: ObjectKey, _ object: StoredObject, confirmed: ContinuousClock.Instant = .now) {
        memory.withLock { memory in
            if memory.bytes + object.bytes.count > Self.memoryCapacity { memory = ([:], 0) }
            memory.bytes += object.bytes.count - (memory.objects.updateValue((object, confirmed), forKey: key)?.object.bytes.count ?? 0)
        }
    }

    // MARK: Blobs

    /// Whether blob `key` is known to be stored: its file is cached, or the store said so before
    /// (blobs are never changed, and removed only by `pin rm`, `photo rm` and `store gc`).
    func knows(blob key: ObjectKey) -> Bool {
        access(blobPath(key), F_OK) == 0 || access(presencePath(key), F_OK) == 0
    }

    /// Records that the store holds blob `key` (an empty marker file).
    func markPresent(blob key: ObjectKey) {
        try? write([], to: presencePath(key))
    }

    /// The cached file of blob `key`, opened, checked against the blob's name (`CheckedBlobFile`)
    /// and marked as just used; nil when it is not cached. A copy that fails the check (other bytes,
    /// cut short, a link or anything but a file) is dropped, so the caller reads the store.
    func checkedBlob(_ key: ObjectKey) -> CheckedBlobFile? {
        let path = blobPath(key)
        switch CheckedBlobFile.open(path, sha256: BlobStore.sha256(ofKey: key)) {
        case .opened(let file):
            // Marked as used on the file checked (not whatever the path names now), which stays
            // known as checked: its new times are not a change of its bytes.
            if futimens(file.descriptor, nil) == 0 { CheckedBlobFile.rememberChecked(path, descriptor: file.descriptor) }
            return file
        case .missing:
            return nil
        case .damaged:
            unlink(path)
            return nil
        }
    }

    /// A sink that caches blob `key` as it is read from the store, checking it on the way (call
    /// `finish` once it is whole).
    func blobWriter(_ key: ObjectKey) -> CachingSink? {
        let folder = (blobPath(key) as NSString).deletingLastPathComponent
        guard (try? FileSystem.makeDirectory(folder)) != nil, let (fd, temporary) = try? FileSystem.makeTemporaryFile(in: folder) else {
            return nil
        }
        return CachingSink(fd: fd, temporaryPath: temporary, finalPath: blobPath(key), sha256: BlobStore.sha256(ofKey: key), cache: self)
    }

    /// A second name in the cache for the file at `file` (in the same file system, such as a
    /// staged upload about to be sent), to `adopt` once it is stored; nil when it cannot be linked.
    func link(_ key: ObjectKey, file: String) -> String? {
        let folder = (blobPath(key) as NSString).deletingLastPathComponent
        let linked = folder + "/.adopt-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard (try? FileSystem.makeDirectory(folder)) != nil, Glibc.link(file, linked) == 0 else { return nil }
        return linked
    }

    /// Takes the file `link` made as the cached copy of blob `key`, of `bytes` bytes.
    func adopt(_ key: ObjectKey, linked: String, bytes: Int) {
        let target = blobPath(key)
        guard rename(linked, target) == 0 else {
            unlink(linked)
            return
        }
        added(bytes: bytes, at: target)
    }

    /// Counts a blob just cached (at `path`) and, past the cap, removes the least recently used but
    /// that one, which its reader is about to open.
    func added(bytes: Int, at path: String) {
        let total = blobBytes.withLock { total -> Int in
            let now = (total ?? scanBlobBytes()) + bytes
            total = now
            return now
        }
        if total > capacity { evict(keeping: path) }
    }

    private func scanBlobBytes() -> Int {
        blobFiles().reduce(0) { $0 + $1.size }
    }

    /// Removes the least recently used blobs but `kept` until the cache holds at most 90% of its cap.
    private func evict(keeping kept: String) {
        let all = blobFiles()
        var files = all.filter { $0.path != kept }.sorted { $0.used < $1.used }
        var total = all.reduce(0) { $0 + $1.size }
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

    // MARK: Damage

    /// Checks every copy on disk, blobs against their names and index objects against their
    /// digests, and drops those that fail (for `store repair`); answers their keys, sorted.
    func dropDamaged() -> [ObjectKey] {
        var dropped: [ObjectKey] = []
        for key in cachedKeys(under: "blobs").map(ObjectKey.blob) {
            if case .damaged = CheckedBlobFile.open(blobPath(key), sha256: BlobStore.sha256(ofKey: key)) {
                unlink(blobPath(key))
                dropped.append(key)
            }
        }
        for key in cachedKeys(under: "index").map(ObjectKey.index) {
            guard let file = try? FileSystem.read(indexPath(key)), CachedIndexEntry.decode(file) == nil else { continue }
            forget(key)
            dropped.append(key)
        }
        return dropped.sorted { $0.path < $1.path }
    }

    /// The keys of the files and links under `folder` (`blobs` or `index`, each holding the keys it
    /// caches as paths), but for temporary files.
    private func cachedKeys(under folder: String) -> [String] {
        let root = directory + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var keys: [String] = []
        while let name = walker.nextObject() as? String {
            let path = root + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR, !(name as NSString).lastPathComponent.hasPrefix(".") else {
                continue
            }
            keys.append(name)
        }
        return keys
    }

    // MARK: Files

    private func indexPath(_ key: ObjectKey) -> String { directory + "/index/" + key.path }

    private func blobPath(_ key: ObjectKey) -> String { directory + "/blobs/" + key.path }

    private func presencePath(_ key: ObjectKey) -> String { directory + "/present/" + key.path }

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

/// Passes bytes to a sink and to the cache's copy of them.
final class TeeSink: BlobSink {
    private let sink: any BlobSink
    private let copy: CachingSink

    init(_ sink: any BlobSink, _ copy: CachingSink) {
        self.sink = sink
        self.copy = copy
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try sink.write(bytes)
        try copy.write(bytes)
    }
}

/// Writes a blob into the cache as it streams past, hashing it; `finish` names it once it is whole
/// and checked, `discard` (or deinit) drops a partial one.
final class CachingSink: BlobSink {
    private let fd: Int32
    private let temporaryPath: String
    private let finalPath: String
    /// The blob's name, which its bytes must hash to.
    private let sha256: String
    private let cache: ObjectCache
    private var hasher = SHA256()
    private var byteCount = 0
    private var failed = false
    private var done = false

    init(fd: Int32, temporaryPath: String, finalPath: String, sha256: String, cache: ObjectCache) {
        self.fd = fd
        self.temporaryPath = temporaryPath
        self.finalPath = finalPath
        self.sha256 = sha256
        self.cache = cache
    }

    deinit { discard() }

    /// Writes what it can; a cache that cannot be written never fails the read it serves.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !failed, !done else { return }
        hasher.update(bufferPointer: bytes)
        do { try FileSystem.writeAll(fd, bytes, path: temporaryPath) } catch { failed = true }
        byteCount += bytes.count
    }

    /// Keeps the blob, now whole, if it is the blob: as many bytes as it should have
    /// (`contentLength`, when known: the size its album records), hashing to its name. Anything
    /// else is dropped.
    func finish(contentLength: Int?) {
        let whole = contentLength.map { $0 == byteCount } ?? true
        guard !failed, !done, whole, Hex.string(hasher.finalize()) == sha256 else { return discard() }
        done = true
        defer { close(fd) }
        guard rename(temporaryPath, finalPath) == 0 else {
            unlink(temporaryPath)
            return
        }
        // Hashed as it was written: the first open of the copy need not hash it again.
        CheckedBlobFile.rememberChecked(finalPath, descriptor: fd)
        cache.added(bytes: byteCount, at: finalPath)
    }

    func discard() {
        guard !done else { return }
        done = true
        close(fd)
        unlink(temporaryPath)
    }
}
