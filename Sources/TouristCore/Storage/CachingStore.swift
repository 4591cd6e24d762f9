import Crypto
import Foundation

/// Any store with this machine's copy of what it holds (`ObjectCache`), read in the seed app's
/// order: memory, then disk, then the store. It decides by each key's kind (`ObjectKey.Kind`):
///
/// - a blob never changes, so a cached one is used once it hashes to its name (one that fails is
///   dropped and the store read), one read from the store is cached on the way when it is whole
///   and hashes to its name, and one just stored keeps its staged file as its copy;
/// - an index object (or a state document) changes, so its copy is kept with its version and used
///   only after the store says it is current (`load(…, unless:)`, a 304 on S3), or, for
///   `loadRecent`, as this process confirmed it a moment ago.
///
/// Abilities of the store it wraps (a lock, native logs) are the wrapped store's
/// (`ObjectStore.ability`).
public final class CachingStore: LocalCopies {
    public let origin: any ObjectStore
    /// The copies.
    public let cache: ObjectCache

    public init(wrapping origin: any ObjectStore, cache: ObjectCache) {
        self.origin = origin
        self.cache = cache
    }

    public var location: String { origin.location }
    public var features: StorageFeatures { origin.features }

    /// A blob from its checked copy; an index object revalidated against its copy.
    public func load(_ key: ObjectKey, range: Range<Int>?, unless version: String?) throws(StoreError) -> LoadAnswer {
        if key.kind == .blob, let file = cache.checkedBlob(key) {
            let wanted = (range ?? 0..<file.size).clamped(to: 0..<file.size)
            if let bytes = try? file.read(at: max(0, range?.lowerBound ?? 0), count: wanted.count) {
                return .loaded(StoredObject(bytes: bytes, etag: nil))
            }
        }
        guard key.kind != .blob, range == nil, version == nil else { return try origin.load(key, range: range, unless: version) }
        return try revalidated(key, acceptingRecent: false).map(LoadAnswer.loaded) ?? .missing
    }

    public func loadRecent(_ key: ObjectKey) throws(StoreError) -> StoredObject? {
        guard key.kind != .blob else { return try load(key) }
        return try revalidated(key, acceptingRecent: true)
    }

    /// Index object `key`: its copy when the store says it is current (or, `acceptingRecent`,
    /// when this process confirmed it a moment ago), else what the store holds, kept as the copy.
    private func revalidated(_ key: ObjectKey, acceptingRecent: Bool) throws(StoreError) -> StoredObject? {
        let candidate = cache.candidate(key)
        if let candidate, candidate.fresh, acceptingRecent { return candidate.object }
        switch try origin.load(key, range: nil, unless: candidate?.object.etag) {
        case .unchanged:
            guard let cached = candidate?.object else { return try origin.load(key) }
            cache.confirmed(key)
            return cached
        case .loaded(let object):
            cache.remember(key, object)
            return object
        case .missing:
            cache.forget(key)
            return nil
        }
    }

    /// A cached blob is read from its file once checked (one that fails is dropped); one read from
    /// the store is cached on the way, and kept only when it is whole (of `expectedSize`, when
    /// given) and hashes to its name.
    public func read(_ key: ObjectKey, into sink: any BlobSink, expectedSize: Int?) throws -> Bool {
        guard key.kind == .blob else { return try origin.read(key, into: sink, expectedSize: expectedSize) }
        if let file = cache.checkedBlob(key) {
            try file.copy(into: sink)
            return true
        }
        let copy = cache.blobWriter(key)
        defer { copy?.discard() }
        guard try origin.read(key, into: copy.map { TeeSink(sink, $0) } ?? sink, expectedSize: expectedSize) else { return false }
        copy?.finish(contentLength: expectedSize)
        return true
    }

    /// A blob this machine knows is stored is answered without asking (blobs never change, and go
    /// only through `store gc` on a shared store); an index object (small) is read through the
    /// cache (`loadRecent`) instead of asked about, so reading it next costs nothing.
    public func contains(_ key: ObjectKey) throws(StoreError) -> Bool {
        guard key.kind == .blob else { return try loadRecent(key) != nil }
        if cache.knows(blob: key) { return true }
        return try stat(key) != nil
    }

    public func stat(_ key: ObjectKey) throws(StoreError) -> ObjectInfo? {
        let info = try origin.stat(key)
        if info != nil, key.kind == .blob { cache.markPresent(blob: key) }
        return info
    }

    public func list(_ prefix: ObjectKey, continuation: String?, details: Bool) throws(StoreError) -> ObjectPage {
        try origin.list(prefix, continuation: continuation, details: details)
    }

    public func listAll(_ prefix: ObjectKey, details: Bool) throws(StoreError) -> [ObjectInfo] {
        try origin.listAll(prefix, details: details)
    }

    /// Each object written is kept as the current copy; one whose condition failed is dropped.
    public func write(_ writes: [ObjectWrite], durable: Bool) throws(StoreError) -> [StoredObject?] {
        let written = try origin.write(writes, durable: durable)
        for (write, object) in zip(writes, written) {
            if let object { cache.remember(write.key, object) } else { cache.forget(write.key) }
        }
        return written
    }

    /// What was just stored is the blob: the staged file becomes this machine's copy.
    public func create(_ key: ObjectKey, fromFile staged: BlobWriter, durable: Bool) throws(StoreError) -> Bool {
        let bytes = staged.byteCount
        let linked = cache.link(key, file: staged.temporaryPath)
        let created: Bool
        do {
            created = try origin.create(key, fromFile: staged, durable: durable)
        } catch {
            if let linked { unlink(linked) }
            throw error
        }
        if let linked { cache.adopt(key, linked: linked, bytes: bytes) }
        return created
    }

    public func remove(_ key: ObjectKey) throws(StoreError) {
        cache.forget(key)
        try origin.remove(key)
    }

    public func move(_ key: ObjectKey, to destination: ObjectKey) throws(StoreError) {
        cache.forget(key)
        try origin.move(key, to: destination)
    }

    public func flush() throws(StoreError) {
        try origin.flush()
    }

    public func cachedCopy(_ key: ObjectKey) -> StoredObject? {
        cache.candidate(key)?.object
    }

    public func dropDamagedCopies() -> [ObjectKey] {
        cache.dropDamaged()
    }

    /// The cached copy, checked; without one (or when it fails its check and is dropped), the
    /// blob is read from the store into the cache first, checked on the way.
    public func checkedFile(_ key: ObjectKey, expectedSize: Int?) throws(StoreError) -> CheckedBlobFile? {
        guard key.kind == .blob else { return nil }
        if let file = cache.checkedBlob(key) { return file }
        let hashing = HashingSink<SHA256>(DiscardingSink())
        let read: Bool
        do { read = try self.read(key, into: hashing, expectedSize: expectedSize) } catch {
            throw error as? StoreError ?? StoreError(.io, "cannot read \(key) from \(location): \(error)")
        }
        guard read else { return nil }
        if let file = cache.checkedBlob(key) { return file }
        let sha256 = BlobStore.sha256(ofKey: key)
        let actual = hashing.finish()
        guard actual == sha256 else {
            throw StoreError(
                .corrupt, "blob \(sha256) in the store \(location) (not this machine's cache) is damaged: its bytes hash to \(actual)",
                remedy: Remedy(.repairStore(), .fetch(pin: nil)))
        }
        throw StoreError(
            .io,
            "cannot keep blob \(sha256) in this machine's cache \(cache.directory) to check it: is the folder writable, with room left?")
    }
}
