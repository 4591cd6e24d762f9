import Foundation

/// Where a store keeps its objects: the seam between the store's layout (`Store`, which decides
/// what each key holds) and the medium (a local folder, an S3 bucket), like restic's `backend`
/// under its `repository`. A key is a relative path such as `index/albums/ID.json` or
/// `blobs/sha256/ab/abcdef…`; only a backend turns keys into paths or URLs.
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
public protocol StorageBackend: Sendable {
    /// The store's location for messages: a folder path or `s3://bucket/prefix`.
    var location: String { get }

    /// Why this store can only be read (a read-only mount, no permission), or nil.
    var readOnlyReason: String? { get }

    /// How many reads the whole-store passes run at once: the cores for a local disk, more for a
    /// store across the network, where each read mostly waits.
    var parallelism: Int { get }

    /// Whether machines that cannot lock one another write this store (a bucket). Then nothing is
    /// deleted at once: `store gc` deletes what no album uses once it is older than `gracePeriod`
    /// (`exclusively` answers nil), so the store keeps no index of blob uses (`index/refs`, which
    /// serves deleting at once), and a blob found already stored is freshened by `create`, so its
    /// age counts from its latest use.
    var isShared: Bool { get }

    /// How old an unused blob must be before `store gc` deletes it: none where `exclusively` keeps
    /// racing writers out, longer on a bucket that many machines write, so an upload in flight is
    /// never deleted (git's `gc.pruneExpire`).
    var gracePeriod: TimeInterval { get }

    /// The whole object, or nil when there is none.
    func load(_ key: String) throws(StoreError) -> StoredObject?

    /// The object as `load` reads it, or a copy of it this process had confirmed as current a
    /// moment ago (a second; the store's VERSION ten minutes), without asking again: for showing
    /// things, where a second's delay is a race lost, never for a change or a check.
    func loadRecent(_ key: String) throws(StoreError) -> StoredObject?

    /// Bytes `range` of the object (clamped to its size), or nil when there is none.
    func load(_ key: String, range: Range<Int>) throws(StoreError) -> [UInt8]?

    /// Streams the whole object into `sink`; false when there is none. A sink's error is rethrown.
    /// `useCache: false` reads what the store itself holds, past any local copy (for `verify`).
    /// `expectedSize` is the size an album records for a blob: a backend that downloads it refuses
    /// an object of another size (`corrupt`, naming the store), before any of its body when the
    /// object is larger. A local folder's file needs no such guard: its hash check finds the same.
    func read(_ key: String, into sink: any BlobSink, useCache: Bool, expectedSize: Int?) throws -> Bool

    /// Size and time of the object, or nil when there is none.
    func stat(_ key: String) throws(StoreError) -> ObjectInfo?

    /// Whether the object exists. A remote store answers for a blob this machine knows is stored
    /// without asking (blobs never change, and go only through `store gc` there), and for an index
    /// object as `loadRecent` does.
    func contains(_ key: String) throws(StoreError) -> Bool

    /// The copy of the object this machine keeps, possibly out of date, without asking the store;
    /// nil when there is none (a local folder keeps none: reading it is as cheap). For reads that
    /// check what they get another way.
    func cachedCopy(_ key: String) -> StoredObject?

    /// Blob `key` in a file on this machine, opened and checked against its name
    /// (`CheckedBlobFile`), for serving it without reading it whole: a local store's own file (one
    /// that fails the check is `corrupt`, or `io`, named with its fix), a remote store's cached copy
    /// (read from the store into the cache first when there is none, or when the one there fails the
    /// check and is dropped; damage in the store itself is `corrupt`, naming the store). Nil when the
    /// store has no such blob. `expectedSize`, the size an album records for it, is held against
    /// what a remote store sends, as `read` does.
    func checkedFile(_ key: String, expectedSize: Int?) throws(StoreError) -> CheckedBlobFile?

    /// Checks the copies this machine keeps of the store's objects (a remote store's cache: blobs
    /// against their names, index objects against their digests) and drops those that fail, so
    /// they are read from the store when next needed; answers their keys. None for a local folder,
    /// which keeps no copies (its own damage is what `verify` finds).
    func dropDamagedCopies() -> [String]

    /// One page of the keys under `prefix` in byte order, starting after `continuation` (nil: the
    /// first page). `details` asks for sizes and times, which a local folder pays a `stat` each for.
    func list(_ prefix: String, continuation: String?, details: Bool) throws(StoreError) -> ObjectPage

    /// Every key under `prefix`, in byte order, across all pages (a backend that can list at once
    /// does so in one pass).
    func listAll(_ prefix: String, details: Bool) throws(StoreError) -> [ObjectInfo]

    /// Writes each object of `writes` if its condition holds, and answers for each the object as
    /// written (with its new version), or nil when the condition did not hold. With
    /// `durable: false` a local backend may defer flushing until `flush`.
    func write(_ writes: [ObjectWrite], durable: Bool) throws(StoreError) -> [StoredObject?]

    /// Runs `body` while no other process can write this store, or answers nil without running it
    /// when the backend cannot promise that (a bucket shared by many machines has no lock). Writes
    /// inside `body` are allowed. A local store runs each transaction so, as it always has (no
    /// change ever loses a race there); elsewhere it serves where a compare-and-swap is not
    /// enough: deleting a blob whose last use went, which on S3 is left to `store gc`.
    func exclusively<T>(_ body: () throws -> T) throws -> T?

    /// Removes the object; one already gone is fine.
    func remove(_ key: String) throws(StoreError)

    /// A writer for new blob bytes, staged in this machine's temporary area.
    func stage(maxBytes: Int) throws(StoreError) -> BlobWriter

    /// Stores what `staged` holds as `key` unless `key` exists (then false: it is already stored,
    /// which is deduplication; a shared store then freshens it, see `isShared`). The writer is
    /// finished and discarded.
    func create(_ key: String, from staged: BlobWriter, durable: Bool) throws(StoreError) -> Bool

    /// Makes every earlier write durable (after writes with `durable: false`).
    func flush() throws(StoreError)

    /// This process's folder for files on their way into the store (a photo a plugin writes).
    func stagingDirectory() throws(StoreError) -> String

    /// Appends `record` (one line, no line break) to the append-only log `log`; returns whether the
    /// log has grown enough that its owner should fold it (see `PinList`).
    func append(_ record: [UInt8], toLog log: String, foldingBeside snapshot: String) throws(StoreError) -> Bool

    /// Every record of log `log`, oldest first, with the position `trimLog` removes through.
    func readLog(_ log: String) throws(StoreError) -> LogRead

    /// Removes the records of log `log` up to and including `position`; later records stay.
    func trimLog(_ log: String, through position: LogPosition) throws(StoreError)

    /// A value that changes whenever log `log` does (an append or a trim), cheaper than reading it.
    func logVersion(_ log: String) throws(StoreError) -> String

    /// Moves object `key` to `destination` (quarantine), keeping its bytes; a missing one is fine.
    func move(_ key: String, to destination: String) throws(StoreError)

    /// What processes that are gone left in the temporary area, for `verify`.
    func leftovers() -> [String]

    /// Removes what processes that are gone left in the temporary area.
    func sweepLeftovers()

    /// The temporary files that writes killed midway left beside their targets (paths inside the
    /// store), for `verify`: hidden from every reader, harmless but for their space. Finding them
    /// walks the store's folders. None on a bucket, where each write is one request.
    func killedWrites() -> [String]

    /// Removes the files `killedWrites` finds (`store gc`, `store repair`); returns how many.
    func removeKilledWrites() -> Int
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
    public let key: String
    /// Bytes, or nil when not asked for (`list` without details).
    public let size: Int?
    /// When it was last written, or nil when not asked for.
    public let modified: Date?
    /// How long ago it was last written, by the store's own clock (a bucket's `Date` against its
    /// `Last-Modified`, so no machine's clock plays a part), as `stat` gives it; nil when unknown.
    public let age: TimeInterval?
    /// Its version as a listing gives it (S3's ETag, without quotes), or nil where there is none.
    public let etag: String?

    public init(key: String, size: Int?, modified: Date?, age: TimeInterval? = nil, etag: String? = nil) {
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

    public let key: String
    public let bytes: [UInt8]
    public let condition: Condition

    public init(_ key: String, _ bytes: [UInt8], when condition: Condition) {
        self.key = key
        self.bytes = bytes
        self.condition = condition
    }
}

/// Where a reader of a log stopped, for `trimLog`: opaque to callers.
public struct LogPosition: Sendable, Equatable {
    let value: String
}

/// The records of a log and where they end.
public struct LogRead: Sendable {
    public let records: [[UInt8]]
    public let end: LogPosition?
}

extension StorageBackend {
    /// Writes one object if `condition` holds; false when it does not (the key exists, or changed).
    @discardableResult
    public func write(_ key: String, _ bytes: [UInt8], when condition: ObjectWrite.Condition) throws(StoreError) -> Bool {
        try writeObject(key, bytes, when: condition) != nil
    }

    /// Writes one object if `condition` holds and answers it as written; nil when the condition
    /// does not hold.
    public func writeObject(_ key: String, _ bytes: [UInt8], when condition: ObjectWrite.Condition) throws(StoreError) -> StoredObject? {
        try write([ObjectWrite(key, bytes, when: condition)], durable: true)[0]
    }

    /// Streams the whole object into `sink`, from a local copy when there is one; false when
    /// there is none.
    public func read(_ key: String, into sink: any BlobSink) throws -> Bool {
        try read(key, into: sink, useCache: true, expectedSize: nil)
    }

    /// Every key under `prefix`, in byte order, without sizes and times.
    public func listAll(_ prefix: String) throws(StoreError) -> [ObjectInfo] {
        try listAll(prefix, details: false)
    }

    /// Every key under `prefix`, in byte order, page after page. A listing that goes round in
    /// circles (a continuation that comes again, or a page that goes on without a key past the
    /// last one) is a broken store's answer: `unavailable`, never a loop without end.
    public func listAll(_ prefix: String, details: Bool) throws(StoreError) -> [ObjectInfo] {
        var objects: [ObjectInfo] = []
        var continuation: String?
        var seen = Set<String>()
        repeat {
            let page = try list(prefix, continuation: continuation, details: details)
            let last = objects.last?.key
            objects += page.objects.filter { key in last.map { $0.utf8.lexicographicallyPrecedes(key.key.utf8) } ?? true }
            continuation = page.continuation
            guard let next = continuation else { break }
            let repeated = !seen.insert(next).inserted
            guard !repeated, objects.last?.key != last else {
                let what = repeated ? "a continuation token it had given before" : "a page that added no key"
                throw StoreError(.unavailable, "the store \(location) answered the listing of \(prefix.isEmpty ? "the store" : prefix) with \(what), after \(objects.count) keys; it is broken or not an S3 service. Check AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL and try again later")
            }
        } while true
        return objects
    }
}
