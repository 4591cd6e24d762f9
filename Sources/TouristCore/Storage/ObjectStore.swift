import Foundation

/// Where a store keeps its objects: the seam between the store's layout (`Store`, which decides
/// what each key holds) and the medium (a local folder, an S3 bucket, memory), like restic's
/// `Backend` under its `repository`. A key (`ObjectKey`) is a relative path such as
/// `index/albums/ID.json` or `blobs/sha256/ab/abcdef…` with the kind of object it names; only a
/// backend turns keys into paths or URLs.
///
/// What only some media can do is an ability of its own, as restic's and rclone's optional
/// interfaces are: `ExclusiveLocking` (a lock that keeps other writers out), `NativeLogs` (logs
/// the medium appends to itself; others get `ObjectLog`), `LocalFiles` (blobs in files on this
/// machine), `LocalCopies` (a cache of what the store holds, see `CachingStore`) and
/// `KilledWriteCleanup`. The store stages new blobs in its own `TemporaryArea`.
///
/// The rules every backend keeps, which `StorageConformance` checks on each:
/// - A write is atomic: a reader sees the whole old object or the whole new one, never a mix, and
///   an object a write returned for survives a crash (`durable: false` batches defer that to `flush`).
/// - `write(…, when: .absent)` creates only: of many racing creators exactly one succeeds.
/// - `write(…, when: .unchanged(read))` replaces only what is still as `read` saw it: of many racing
///   replacers of one version at most one succeeds; the others get `false`, re-read and retry.
/// - Reading a missing key is nil (not an error), and removing one succeeds.
/// - `list` answers keys in byte order, a page at a time, through any number of keys.
/// - Failures are `StoreError`s whose messages name the store and the key, never a secret.
public protocol ObjectStore: Sendable {
    /// The store's location for messages: a folder path, `s3://bucket/prefix`, `memory:NAME`.
    var location: String { get }

    /// What this medium is like: shared, how parallel, how long unused blobs are kept, read-only.
    var features: StorageFeatures { get }

    /// The object (bytes `range` of it, clamped to its size, when a range is given; the whole
    /// object with its version when not), or nil when there is none. With `unless`, a version the
    /// caller holds, an object still of that version is answered as `.unchanged` without its bytes
    /// where the medium can tell (S3's `If-None-Match`).
    func load(_ key: ObjectKey, range: Range<Int>?, unless version: String?) throws(StoreError) -> LoadAnswer

    /// The object as `load` reads it, or a copy of it this process had confirmed as current a
    /// moment ago (a second; the store's VERSION ten minutes), without asking again: for showing
    /// things, where a second's delay is a race lost, never for a change or a check. As `load`
    /// unless a cache answers (`CachingStore`).
    func loadRecent(_ key: ObjectKey) throws(StoreError) -> StoredObject?

    /// Streams the whole object into `sink`; false when there is none. A sink's error is rethrown.
    /// `expectedSize` is the size an album records for a blob: a backend that downloads it refuses
    /// an object of another size (`corrupt`, naming the store), before any of its body when the
    /// object is larger. A local folder's file needs no such guard: its hash check finds the same.
    func read(_ key: ObjectKey, into sink: any BlobSink, expectedSize: Int?) throws -> Bool

    /// Size and time of the object, or nil when there is none.
    func stat(_ key: ObjectKey) throws(StoreError) -> ObjectInfo?

    /// Whether the object exists (`stat` unless a cache knows, see `CachingStore`).
    func contains(_ key: ObjectKey) throws(StoreError) -> Bool

    /// One page of the keys under `prefix` in byte order, starting after `continuation` (nil: the
    /// first page). `details` asks for sizes and times, which a local folder pays a `stat` each for.
    func list(_ prefix: ObjectKey, continuation: String?, details: Bool) throws(StoreError) -> ObjectPage

    /// Every key under `prefix`, in byte order, across all pages (a backend that can list at once
    /// does so in one pass; the others page through `list`).
    func listAll(_ prefix: ObjectKey, details: Bool) throws(StoreError) -> [ObjectInfo]

    /// Writes each object of `writes` if its condition holds, and answers for each the object as
    /// written (with its new version), or nil when the condition did not hold. With
    /// `durable: false` a local backend may defer flushing until `flush`.
    func write(_ writes: [ObjectWrite], durable: Bool) throws(StoreError) -> [StoredObject?]

    /// Stores the file `staged` holds (written in the store's `TemporaryArea`) as `key` unless
    /// `key` exists (then false: it is already stored, which is deduplication; a shared store then
    /// freshens it, see `StorageFeatures.isShared`). The writer is finished and discarded.
    func create(_ key: ObjectKey, fromFile staged: BlobWriter, durable: Bool) throws(StoreError) -> Bool

    /// Removes the object; one already gone is fine.
    func remove(_ key: ObjectKey) throws(StoreError)

    /// Moves object `key` to `destination` (quarantine), keeping its bytes; a missing one is fine.
    func move(_ key: ObjectKey, to destination: ObjectKey) throws(StoreError)

    /// Makes every earlier write durable (after writes with `durable: false`); nothing to do where
    /// what a write acknowledged is durable already.
    func flush() throws(StoreError)
}

/// What a medium is like, for the store's policies (restic's and rclone's `Features`).
public struct StorageFeatures: Sendable, Equatable {
    /// Whether machines that cannot lock one another write this store (a bucket). Then nothing is
    /// deleted at once: `store gc` deletes what no album uses once it is older than `gracePeriod`,
    /// so the store keeps no index of blob uses (`index/refs`, which serves deleting at once), and
    /// a blob found already stored is freshened by `create`, so its age counts from its latest use.
    public var isShared: Bool
    /// How many reads the whole-store passes run at once: the cores for a local disk, more for a
    /// store across the network, where each read mostly waits.
    public var parallelism: Int
    /// How old an unused blob must be before `store gc` deletes it: none where a lock keeps racing
    /// writers out, longer on a bucket that many machines write, so an upload in flight is never
    /// deleted (git's `gc.pruneExpire`).
    public var gracePeriod: TimeInterval
    /// Why this store can only be read (a read-only mount, no permission), or nil.
    public var readOnlyReason: String?

    public init(isShared: Bool, parallelism: Int, gracePeriod: TimeInterval, readOnlyReason: String? = nil) {
        self.isShared = isShared
        self.parallelism = parallelism
        self.gracePeriod = gracePeriod
        self.readOnlyReason = readOnlyReason
    }
}

/// What `ObjectStore.load` found.
public enum LoadAnswer: Sendable, Equatable {
    /// There is no such object.
    case missing
    /// The object is still of the version the caller holds (`unless`).
    case unchanged
    /// The object, or the range of it asked for.
    case loaded(StoredObject)

    /// The object loaded, or nil.
    public var object: StoredObject? {
        if case .loaded(let object) = self { object } else { nil }
    }
}

/// An object's bytes as read, and the version a conditional write compares against.
public struct StoredObject: Sendable, Equatable {
    public let bytes: [UInt8]
    /// The version: S3's ETag (without quotes), or nil where the backend compares bytes.
    public let etag: String?

    public init(bytes: [UInt8], etag: String?) {
        self.bytes = bytes
        self.etag = etag
    }
}

/// An object's size and last change, as `stat` and a detailed `list` give them.
public struct ObjectInfo: Sendable, Equatable {
    public let key: ObjectKey
    /// Bytes, or nil when not asked for (`list` without details).
    public let size: Int?
    /// When it was last written, or nil when not asked for.
    public let modified: Date?
    /// How long ago it was last written, by the store's own clock (a bucket's `Date` against its
    /// `Last-Modified`, so no machine's clock plays a part), as `stat` gives it; nil when unknown.
    public let age: TimeInterval?
    /// Its version as a listing gives it (S3's ETag, without quotes), or nil where there is none.
    public let etag: String?

    public init(key: ObjectKey, size: Int?, modified: Date?, age: TimeInterval? = nil, etag: String? = nil) {
        self.key = key
        self.size = size
        self.modified = modified
        self.age = age
        self.etag = etag
    }
}

/// One page of a listing.
public struct ObjectPage: Sendable {
    public let objects: [ObjectInfo]
    /// Where the next page starts, or nil after the last.
    public let continuation: String?

    public init(objects: [ObjectInfo], continuation: String?) {
        self.objects = objects
        self.continuation = continuation
    }
}

/// One object to write and the condition under which to write it.
public struct ObjectWrite: Sendable {
    /// When a write happens.
    public enum Condition: Sendable {
        /// Only when no object has the key (create-only).
        case absent
        /// Only when the object is still the one read (compare-and-swap).
        case unchanged(StoredObject)
        /// Always (for rebuilding what `repair` rewrites).
        case always
    }

    public let key: ObjectKey
    public let bytes: [UInt8]
    public let condition: Condition

    public init(_ key: ObjectKey, _ bytes: [UInt8], when condition: Condition) {
        self.key = key
        self.bytes = bytes
        self.condition = condition
    }
}

extension ObjectStore {
    /// Writes one object if `condition` holds; false when it does not (the key exists, or changed).
    @discardableResult
    public func write(_ key: ObjectKey, _ bytes: [UInt8], when condition: ObjectWrite.Condition) throws(StoreError) -> Bool {
        try writeObject(key, bytes, when: condition) != nil
    }

    /// Writes one object if `condition` holds and answers it as written; nil when the condition
    /// does not hold.
    public func writeObject(_ key: ObjectKey, _ bytes: [UInt8], when condition: ObjectWrite.Condition) throws(StoreError) -> StoredObject? {
        try write([ObjectWrite(key, bytes, when: condition)], durable: true)[0]
    }

    /// The whole object with its version, or nil when there is none.
    public func load(_ key: ObjectKey) throws(StoreError) -> StoredObject? {
        try load(key, range: nil, unless: nil).object
    }

    /// Bytes `range` of the object (clamped to its size), or nil when there is none.
    public func load(_ key: ObjectKey, range: Range<Int>) throws(StoreError) -> [UInt8]? {
        try load(key, range: range, unless: nil).object?.bytes
    }

    public func loadRecent(_ key: ObjectKey) throws(StoreError) -> StoredObject? {
        try load(key)
    }

    public func contains(_ key: ObjectKey) throws(StoreError) -> Bool {
        try stat(key) != nil
    }

    public func flush() throws(StoreError) {}

    /// Streams the whole object into `sink` (from a local copy when there is one); false when
    /// there is none.
    public func read(_ key: ObjectKey, into sink: any BlobSink) throws -> Bool {
        try read(key, into: sink, expectedSize: nil)
    }

    /// Every key under `prefix`, in byte order, without sizes and times.
    public func listAll(_ prefix: ObjectKey) throws(StoreError) -> [ObjectInfo] {
        try listAll(prefix, details: false)
    }

    /// Every key under `prefix`, in byte order, page after page. A listing that goes round in
    /// circles (a continuation that comes again, or a page that goes on without a key past the
    /// last one) is a broken store's answer: `unavailable`, never a loop without end.
    public func listAll(_ prefix: ObjectKey, details: Bool) throws(StoreError) -> [ObjectInfo] {
        var objects: [ObjectInfo] = []
        var continuation: String?
        var seen = Set<String>()
        repeat {
            let page = try list(prefix, continuation: continuation, details: details)
            let last = objects.last?.key.path
            objects += page.objects.filter { key in last.map { $0.utf8.lexicographicallyPrecedes(key.key.path.utf8) } ?? true }
            continuation = page.continuation
            guard let next = continuation else { break }
            let repeated = !seen.insert(next).inserted
            guard !repeated, objects.last?.key.path != last else {
                let what = repeated ? "a continuation token it had given before" : "a page that added no key"
                throw StoreError(
                    .unavailable,
                    "the store \(location) answered the listing of \(prefix.path.isEmpty ? "the store" : prefix.path) with \(what), after \(objects.count) keys; it is broken or not an S3 service. Check AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL and try again later"
                )
            }
        } while true
        return objects
    }
}
