/// The ability of a medium to keep every other writer out for a while (a local folder's flock):
/// `Store.transaction` then runs each change so, as it always has there (no change ever loses a
/// race), and deleting a blob whose last use went is done at once. A bucket shared by many
/// machines has no such lock: there changes rely on compare-and-swap alone, and deleting unused
/// blobs is left to `store gc`'s grace period.
public protocol ExclusiveLocking: ObjectStore {
    /// Runs `body` while no other process can write this store; writes inside `body` are allowed.
    func exclusively<T>(_ body: () throws -> T) throws -> T
}

/// The ability of a store whose blobs can be had in files on this machine, for serving them
/// without reading them whole: a local folder's own files, a cache's copies (`CachingStore`).
public protocol LocalFiles: ObjectStore {
    /// Blob `key` in a file on this machine, opened and checked against its name
    /// (`CheckedBlobFile`): a local store's own file (one that fails the check is `corrupt`, or
    /// `io`, named with its fix), a remote store's cached copy (read from the store into the cache
    /// first when there is none, or when the one there fails the check and is dropped; damage in
    /// the store itself is `corrupt`, naming the store). Nil when the store has no such blob.
    /// `expectedSize`, the size an album records for it, is held against what a remote store
    /// sends, as `read` does.
    func checkedFile(_ key: ObjectKey, expectedSize: Int?) throws(StoreError) -> CheckedBlobFile?
}

/// The ability of a store that keeps copies of its objects on this machine (`CachingStore`).
public protocol LocalCopies: LocalFiles {
    /// The store the copies are of, read past them (for `verify`, which checks the store's bytes).
    var origin: any ObjectStore { get }

    /// The copy of the object this machine keeps, possibly out of date, without asking the store;
    /// nil when there is none. For reads that check what they get another way.
    func cachedCopy(_ key: ObjectKey) -> StoredObject?

    /// Checks the copies (blobs against their names, index objects against their digests) and
    /// drops those that fail, so they are read from the store when next needed; answers their keys.
    func dropDamagedCopies() -> [ObjectKey]
}

/// The ability of a medium whose writes, killed midway, leave temporary files beside their
/// targets (a local folder): hidden from every reader, harmless but for their space.
public protocol KilledWriteCleanup: ObjectStore {
    /// Those files (paths inside the store), for `verify`. Finding them walks the store's folders.
    func killedWrites() -> [String]

    /// Removes the files `killedWrites` finds (`store gc`, `store repair`); returns how many.
    func removeKilledWrites() -> Int
}

extension ObjectStore {
    /// This store as one with ability `T` (`ability((any ExclusiveLocking).self)`), or the store a
    /// cache keeps copies of as one (a cache adds no lock, but keeps its store's); nil when neither
    /// has it.
    public func ability<T>(_ type: T.Type) -> T? {
        self as? T ?? (self as? any LocalCopies)?.origin as? T
    }
}
