import Crypto
import Foundation
import Glibc

/// The store: content-addressed blobs plus a JSON index, kept by an `ObjectStore` (a local folder,
/// an S3 bucket behind this machine's cache, memory) under these keys:
///
///     VERSION                   format version; a newer one is refused
///     blobs/sha256/ab/abcdef…   photo bytes, named by their SHA-256, written once
///     index/pins.json           snapshot of the pin list (+ the log index/pins.journal, see `PinList`)
///     index/albums/<pin>.json   one album per pin, holding the pin itself
///     index/names/<sha256>      pin name → pin id, so a pin is found by name in constant time
///     index/refs/ab/<sha256>    which album photos use a blob, so the last one out deletes it
///
/// A local folder also has `lock` (flock(2) for compare-and-swap), `state/<provider>/` (what a
/// provider keeps across runs) and `tmp/` (downloads in progress; what dead processes left is
/// removed on open).
///
/// Every write is atomic, and every index change is a compare-and-swap against what was read
/// (`transaction` re-reads and re-applies a change that lost a race), so many processes, on one
/// machine or many, never lose an update, and a crash loses at most the work in flight.
public final class Store: Sendable {
    /// The store format this build reads and writes.
    public static let formatVersion = 1

    /// Where the objects are kept.
    public let backend: any ObjectStore
    /// Where new blobs are staged on their way in (see `TemporaryArea`).
    let staging: TemporaryArea
    public let blobs: BlobStore
    let pinList: PinList
    /// Where providers keep state across runs, one folder per provider (see `ProviderContext`).
    public let stateDirectory: String

    /// The store's location for messages: a folder path or `s3://bucket/prefix`.
    public var location: String { backend.location }

    /// This process's folder for files on their way into the store, such as a photo a provider
    /// plugin writes. Removed when the process ends, or by the next process to open the store.
    public func temporaryDirectory() throws(StoreError) -> String {
        try staging.directory()
    }

    /// The state folder of the store in the local folder `root`, whether or not the store exists.
    public static func stateDirectory(ofStoreAt root: String) -> String { root + "/state" }

    /// The pins of the store in the local folder `root`, read without opening it: nothing is
    /// created or swept, so a shell completing a pin's name never waits or changes anything.
    /// Empty when there is no store there or its pin list cannot be read.
    public static func pinsWithoutOpening(root: String) -> [Pin] {
        guard access(root + "/VERSION", R_OK) == 0, let backend = try? LocalBackend(root: root) else { return [] }
        return (try? PinList(backend: backend).load()) ?? []
    }

    /// The default store folder: `$XDG_DATA_HOME/tourist`, else `~/.local/share/tourist`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/tourist" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/tourist"
    }

    /// Opens the store in the local folder `path`, creating it when the folder is missing or empty
    /// (see `init(backend:staging:stateDirectory:rewritingDamagedVersion:)`). `lockTimeout` is how
    /// long to wait for another process's lock before failing.
    public convenience init(path: String, lockTimeout: Double = 10, rewritingDamagedVersion: Bool = false) throws(StoreError) {
        let backend = try LocalBackend(root: path, lockTimeout: lockTimeout)
        try self.init(
            backend: backend, staging: backend.staging(), stateDirectory: Self.stateDirectory(ofStoreAt: path),
            rewritingDamagedVersion: rewritingDamagedVersion
        )
    }

    /// Opens the store `backend` holds, creating it when the backend holds nothing. Refuses one
    /// that holds other things and a newer format. New blobs are staged in `staging`.
    /// `rewritingDamagedVersion` (for `store repair`) writes VERSION again when it holds no version
    /// but the store's layout is there; `repairedVersion` then says so. What dead processes left in
    /// the staging area is removed.
    public init(backend: any ObjectStore, staging: TemporaryArea, stateDirectory: String, rewritingDamagedVersion: Bool = false)
        throws(StoreError)
    {
        self.backend = backend
        self.staging = staging
        self.stateDirectory = stateDirectory
        pinList = PinList(backend: backend)
        blobs = BlobStore(backend: backend, staging: staging)
        let readOnly = backend.features.readOnlyReason != nil
        repairedVersion = try Self.checkOrWriteVersion(backend, rewritingDamaged: rewritingDamagedVersion && !readOnly)
        if !readOnly { staging.sweep() }
        finishImportsOnOpen()
    }

    /// Whether opening rewrote a damaged VERSION (`rewritingDamagedVersion`).
    public let repairedVersion: Bool
    /// Why the store can only be read (a read-only file system, no permission), or nil when it can be written.
    public var readOnlyReason: String? { backend.features.readOnlyReason }

    /// Checks VERSION (writing it in a new store); returns whether a damaged one was rewritten.
    private static func checkOrWriteVersion(_ backend: any ObjectStore, rewritingDamaged: Bool) throws(StoreError) -> Bool {
        let location = backend.location
        let version = Array("\(formatVersion)\n".utf8)
        guard let stored = try backend.loadRecent(Self.versionKey) else {
            let entries = try backend.list(.everything, continuation: nil, details: false).objects.map(\.key.path)
            let looksLikeStore = entries.contains { $0.hasPrefix("index/") || $0.hasPrefix("blobs/") }
            let foreign = entries.contains { !$0.hasPrefix("tmp/") && !$0.hasPrefix("state/") }
            guard !foreign || rewritingDamaged && looksLikeStore else {
                let remedy = looksLikeStore ? Remedy(.repairStore(why: "write it again")) : Remedy(.chooseEmptyStoreFolder)
                throw StoreError(.unusable, "\(location) is not a tourist store (it has files but no VERSION)", remedy: remedy)
            }
            guard backend.features.readOnlyReason == nil else { return false }
            if try !backend.write(Self.versionKey, version, when: .absent) {
                return try checkOrWriteVersion(backend, rewritingDamaged: false)
            }
            return foreign
        }
        let text = String(decoding: stored.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let number = Int(text), number >= 1 else {
            let index = try backend.list(.index("index/"), continuation: nil, details: false).objects
            let blobs = try backend.list(.blob("blobs/"), continuation: nil, details: false).objects
            let looksLikeStore = !index.isEmpty || !blobs.isEmpty
            if rewritingDamaged, looksLikeStore {
                try backend.write(Self.versionKey, version, when: .unchanged(stored))
                return true
            }
            let remedy = looksLikeStore ? Remedy(.repairStore(why: "write it again (the store's layout is there)")) : Remedy(.restoreStore)
            throw StoreError(.corrupt, "\(location)/VERSION holds \"\(text.prefix(40))\", not a store version", remedy: remedy)
        }
        guard number <= formatVersion else {
            throw StoreError(
                .newerVersion,
                "the store \(location) has format version \(number), newer than this tourist reads (\(formatVersion)). Upgrade tourist; nothing was changed"
            )
        }
        return false
    }

    /// How many times `transaction` re-applies a change that lost a race before giving up.
    static let transactionAttempts = 64

    /// Runs `body`, which reads what it changes through the transaction and writes it back; every
    /// index change goes through here. When another process changed what `body` read before it
    /// wrote (`StoreConflict`), `body` runs again on what is there now, so nothing is lost.
    @discardableResult
    public func transaction<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try refuseIfReadOnly()
        for attempt in 1... {
            do {
                return try exclusively { try body(StoreTransaction(store: self)) }
            } catch is StoreConflict where attempt < Self.transactionAttempts {
                // Another process won the race: back off a little at random, so racers spread out.
                usleep(UInt32.random(in: 0...UInt32(min(attempt, 10) * 2_000)))
            } catch is StoreConflict {
                throw StoreError(
                    .busy,
                    "the store \(location) is busy: another process kept changing the same pin while this one tried \(Self.transactionAttempts) times. Run the command again"
                )
            }
        }
        fatalError("unreachable")
    }

    /// Runs `body` while no other process can write the store where its medium can promise that
    /// (`ExclusiveLocking`: a local folder holds its lock for a whole change, as it always has);
    /// elsewhere (a bucket) just runs it: there changes rely on compare-and-swap alone.
    func exclusively<T>(_ body: () throws -> T) throws -> T {
        guard let lock = backend.ability((any ExclusiveLocking).self) else { return try body() }
        return try lock.exclusively(body)
    }

    /// Whether the store can keep other processes out (see `exclusively`).
    var canLock: Bool { backend.ability((any ExclusiveLocking).self) != nil }

    /// A value that changes whenever the pin list does, which every album save and pin change
    /// updates: cheap to compare, so a watcher reads the list again only when it changed.
    public func changeSignature() throws(StoreError) -> String {
        let snapshot = try backend.stat(PinList.snapshotKey)
        let modified = snapshot?.modified?.timeIntervalSince1970 ?? 0
        return "\(snapshot?.size ?? -1):\(modified) \(try pinList.journal.version())"
    }

    /// How often a watcher compares `changeSignature`: 200 ms on a local disk (two `stat` calls),
    /// a second on a bucket, where each look costs requests.
    public var changePollInterval: Duration {
        backend.features.isShared ? .seconds(1) : .milliseconds(200)
    }

    /// Whether `index/refs` records which album photos use each blob, so the last one out deletes
    /// it at once: in a folder; not on a shared bucket, where `store gc` finds unused blobs from
    /// the albums (see `StorageFeatures.isShared`).
    var tracksReferences: Bool { !backend.features.isShared }

    /// Whether blob `sha256`, which an album photo uses, is still stored. On a shared bucket it is,
    /// without asking: nothing deletes a blob an album uses there, and `store repair` marks the
    /// photos of one it sets aside as pending. In a folder it may be gone (deleted by hand, set
    /// aside by `store repair`), and is downloaded again.
    public func holdsUsedBlob(_ sha256: String) -> Bool {
        backend.features.isShared || blobs.contains(sha256)
    }

    /// A small document a front end keeps in the store under `state/` (the map's last view), or nil.
    public func document(_ name: String) throws(StoreError) -> [UInt8]? {
        try backend.load(Self.statePrefix.appending(name))?.bytes
    }

    /// Saves a document under `state/`, replacing what was there.
    public func saveDocument(_ name: String, _ bytes: [UInt8]) throws(StoreError) {
        try refuseIfReadOnly()
        try backend.write(Self.statePrefix.appending(name), bytes, when: .always)
    }

    /// How the files of removed photos go: at once in a folder (nil); on a bucket many machines
    /// share, by garbage collection once this grace period, in whole minutes, has passed.
    public var removedFilesGraceMinutes: Int? {
        backend.features.isShared ? Int(backend.features.gracePeriod / 60) : nil
    }

    /// Refuses to change a store that can only be read.
    func refuseIfReadOnly() throws(StoreError) {
        guard let readOnlyReason else { return }
        throw StoreError(
            .unusable, "the store \(location) can only be read (\(readOnlyReason)): reading commands work, this one must write",
            remedy: Remedy(.makeStoreWritable, .pointAtStore("a writable copy"), joining: .or))
    }

    /// All pins, oldest first, read without a lock (every index object is replaced atomically). An
    /// entry whose album is gone (a `pin rm` interrupted after its commit point) is left out.
    public func pins() throws(StoreError) -> [Pin] {
        let albums = Set(try backend.listAll(Self.albumsPrefix).map(\.key))
        return try pinList.load().filter { albums.contains(albumKey($0.id)) }
    }

    /// The id of the pin named by `reference`: a pin id, or a pin's exact name (in either Unicode
    /// spelling: names are stored composed, see `PinName`).
    public func resolvePin(_ reference: String) throws(StoreError) -> String {
        if Pin.isValidID(reference), try backend.contains(albumKey(reference)) { return reference }
        if let id = try pinID(named: reference) { return id }
        let composed = PinName.normalized(reference)
        // (Swift's `==` calls the two spellings equal; the name entries' keys are their bytes.)
        if !composed.utf8.elementsEqual(reference.utf8), let id = try pinID(named: composed) { return id }
        throw StoreError(.notFound, "no pin \(Excerpt.quoted(reference)) in \(location)", remedy: Remedy(.listPins))
    }

    /// A pin's album, read without a lock, for showing (a copy this process confirmed a moment ago
    /// is not asked about again, see `ObjectStore.loadRecent`).
    public func album(_ id: String) throws(StoreError) -> Album {
        try albumObject(id, recent: true).album
    }

    /// A pin's album and the object it was read from (for a compare-and-swap, unless `recent`).
    func albumObject(_ id: String, recent: Bool = false) throws(StoreError) -> (album: Album, object: StoredObject) {
        let key = albumKey(id)
        guard Pin.isValidID(id), let object = try recent ? backend.loadRecent(key) : backend.load(key) else {
            throw StoreError(.notFound, "no pin \"\(id)\" in \(location)", remedy: Remedy(.listPins))
        }
        return (try IndexCoding.decode(object.bytes, path: key.path, AlbumFileDecoding.album), object)
    }

    static let versionKey = ObjectKey.index("VERSION")
    static let statePrefix = ObjectKey.state("state/")
    static let albumsPrefix = ObjectKey.index("index/albums/")
    static let namesPrefix = ObjectKey.index("index/names/")
    static let refsPrefix = ObjectKey.index("index/refs/")

    func albumKey(_ id: String) -> ObjectKey { Self.albumsPrefix.appending("\(id).json") }

    func nameKey(_ name: String) -> ObjectKey { Self.namesPrefix.appending(nameFile(name)) }

    /// The object in `index/names/` that leads from pin name `name` to its id: the name's SHA-256.
    func nameFile(_ name: String) -> String {
        Hex.string(SHA256.hash(data: Data(name.utf8)))
    }

    func refsKey(_ sha256: String) -> ObjectKey { Self.refsPrefix.appending("\(sha256.prefix(2))/\(sha256)") }

    struct NameEntry: Codable {
        var name: String
        var id: String

        /// Reads an entry of `index/names/`.
        static func read(_ value: JSONValue) throws(IndexDecodingError) -> NameEntry {
            let object = try IndexObject(value)
            return NameEntry(name: try object.required("name", IndexValue.string), id: try object.required("id", IndexValue.string))
        }

        /// The entry `object` holds, or nil when it is empty (emptied on its way out, see
        /// `StoreTransaction.removeIfUnchanged`).
        static func decode(_ object: StoredObject, key: ObjectKey) throws(StoreError) -> NameEntry? {
            object.bytes.isEmpty ? nil : try IndexCoding.decode(object.bytes, path: key.path, read)
        }
    }

    /// The name entry of `name` and the object it was read from, or nil when there is none.
    func nameEntry(_ name: String) throws(StoreError) -> (entry: NameEntry, object: StoredObject)? {
        let key = nameKey(name)
        guard let object = try backend.load(key), let entry = try NameEntry.decode(object, key: key) else { return nil }
        return (entry, object)
    }

    /// The id of the pin named `name`, or nil. A copy of the name's entry this machine keeps is
    /// trusted when the album it leads to (read fresh) is still that pin's under that name.
    func pinID(named name: String) throws(StoreError) -> String? {
        let key = nameKey(name)
        if let copy = (backend as? any LocalCopies)?.cachedCopy(key), let entry = try? NameEntry.decode(copy, key: key), entry.name == name,
            Pin.isValidID(entry.id),
            let album = try? album(entry.id), album.pin.name == name
        {
            return entry.id
        }
        guard let (entry, _) = try nameEntry(name), entry.name == name, Pin.isValidID(entry.id) else { return nil }
        // The album holds its pin's name: an entry that leads to a pin of another name (left by a
        // crash, or written by another client) leads nowhere (found by the name-entry fuzzing door).
        // An album that cannot be read is named, so that its own error says what to do.
        guard let album = try? album(entry.id) else { return try backend.contains(albumKey(entry.id)) ? entry.id : nil }
        return album.pin.name == name ? entry.id : nil
    }
}

/// Thrown inside `Store.transaction` when what the body read changed before it wrote; the
/// transaction runs the body again.
struct StoreConflict: Error {}
