import Crypto
import Foundation
import Glibc

/// The on-disk store: content-addressed blobs plus a JSON index, laid out as
///
///     VERSION                   format version; a newer one is refused
///     lock                      flock(2) held while the index changes
///     blobs/sha256/ab/abcdef…   photo bytes, named by their SHA-256, read-only
///     index/pins.json           snapshot of the pin list (+ pins.journal, see `PinList`)
///     index/albums/<pin>.json   one album per pin, holding the pin itself
///     index/names/<sha256>      pin name → pin id, so a pin is found by name in constant time
///     index/refs/ab/<sha256>    which album photos use a blob, so the last one out deletes it
///     state/<provider>/         what a provider keeps across runs (its request log)
///     tmp/                      downloads in progress; what dead processes left is removed on open
///
/// Every file write is atomic (temporary file, fsync, rename or link, fsync the folder), and every
/// index change happens under the lock, so two processes never corrupt it and a crash loses at most
/// the work in flight. A single-pin operation touches only that pin's files.
public final class Store: Sendable {
    /// The store format this build reads and writes.
    public static let formatVersion = 1

    public let root: String
    public let blobs: BlobStore
    let pinList: PinList
    let lockTimeout: Double

    var indexDirectory: String { root + "/index" }
    var albumsDirectory: String { root + "/index/albums" }
    var namesDirectory: String { root + "/index/names" }
    var refsDirectory: String { root + "/index/refs" }
    var lockPath: String { root + "/lock" }
    /// Where providers keep state across runs, one folder per provider (see `ProviderContext`).
    public var stateDirectory: String { Self.stateDirectory(ofStoreAt: root) }

    /// This process's folder in `tmp/`, made (under the store lock) on the first call: for files on
    /// their way into the store, such as a photo a provider plugin writes. Removed when the process
    /// ends, or by the next process to open the store after a crash.
    public func temporaryDirectory() throws(StoreError) -> String {
        try blobs.temporaryArea.directory()
    }

    /// The state folder of the store at `root`, whether or not the store exists.
    public static func stateDirectory(ofStoreAt root: String) -> String { root + "/state" }

    /// The pins of the store at `root`, read without opening it: no lock is waited for and nothing
    /// is created or swept, so a shell completing a pin's name never waits or changes anything.
    /// Empty when there is no store there or its pin list cannot be read.
    public static func pinsWithoutOpening(root: String) -> [Pin] {
        guard access(root + "/VERSION", R_OK) == 0 else { return [] }
        return (try? PinList(indexDirectory: root + "/index").load()) ?? []
    }

    /// The default store folder: `$XDG_DATA_HOME/tourist`, else `~/.local/share/tourist`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/tourist" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/tourist"
    }

    /// Opens the store at `path`, creating it when the folder is missing or empty.
    /// Refuses a file, a non-empty folder that is not a store, and a newer format.
    /// `lockTimeout` is how long to wait for another process's lock before failing.
    /// `rewritingDamagedVersion` (for `store repair`) writes VERSION again when it holds no version
    /// but the folder has the store's layout; `repairedVersion` then says so.
    public init(path: String, lockTimeout: Double = 10, rewritingDamagedVersion: Bool = false) throws(StoreError) {
        root = path
        self.lockTimeout = lockTimeout
        pinList = PinList(indexDirectory: path + "/index")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw StoreError(.unusable, "the store path \(path) is a file, not a folder. Point --store or TOURIST_STORE at a folder (it is created when missing)")
        }
        // A store that cannot be written (a read-only mount, or no write permission) is opened for
        // reading: no lock (nothing changes under the readers), no folders made, nothing swept.
        if access(path + "/VERSION", F_OK) == 0, access(path, W_OK) != 0 {
            readOnlyReason = FileSystem.errnoText()
            repairedVersion = try Self.checkOrWriteVersion(root: path, rewritingDamaged: false)
            blobs = BlobStore(root: path, temporaryArea: TemporaryArea(storeRoot: path, storeLockPath: path + "/lock", lockTimeout: lockTimeout))
            return
        }
        readOnlyReason = nil
        try FileSystem.makeDirectory(path)
        let lock = try FileLock.lock(path + "/lock", timeout: lockTimeout, what: "the store \(path)")
        defer { lock.unlock() }
        repairedVersion = try Self.checkOrWriteVersion(root: path, rewritingDamaged: rewritingDamagedVersion)
        for folder in ["/blobs/sha256", "/index/albums", "/index/names", "/index/refs", "/tmp"] {
            try FileSystem.makeDirectory(path + folder)
        }
        let temporaryArea = TemporaryArea(storeRoot: path, storeLockPath: path + "/lock", lockTimeout: lockTimeout)
        temporaryArea.sweep()
        blobs = BlobStore(root: path, temporaryArea: temporaryArea)
    }

    /// Whether opening rewrote a damaged VERSION (`rewritingDamagedVersion`).
    public let repairedVersion: Bool
    /// Why the store can only be read (a read-only file system, no permission), or nil when it can be written.
    public let readOnlyReason: String?

    /// Checks VERSION (writing it in a new store); returns whether a damaged one was rewritten.
    private static func checkOrWriteVersion(root: String, rewritingDamaged: Bool) throws(StoreError) -> Bool {
        let versionPath = root + "/VERSION"
        let entries = FileSystem.list(root).filter { $0 != "lock" }
        let looksLikeStore = entries.contains("index") && entries.contains("blobs")
        guard let bytes = try FileSystem.read(versionPath) else {
            guard entries.isEmpty || rewritingDamaged && looksLikeStore else {
                let fix = looksLikeStore ? "Run `tourist store repair` to write it again" : "Choose an empty or new folder for --store"
                throw StoreError(.unusable, "\(root) is not a tourist store (it has files but no VERSION). \(fix)")
            }
            try FileSystem.writeAtomically(Array("\(formatVersion)\n".utf8), to: versionPath)
            return !entries.isEmpty
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let version = Int(text), version >= 1 else {
            if rewritingDamaged, looksLikeStore {
                try FileSystem.writeAtomically(Array("\(formatVersion)\n".utf8), to: versionPath)
                return true
            }
            let fix = looksLikeStore ? "Run `tourist store repair` to write it again (the store's layout is there)" : "Restore it from a backup or point --store elsewhere"
            throw StoreError(.corrupt, "\(versionPath) holds \"\(text.prefix(40))\", not a store version. \(fix)")
        }
        guard version <= formatVersion else {
            throw StoreError(.newerVersion, "the store \(root) has format version \(version), newer than this tourist reads (\(formatVersion)). Upgrade tourist; nothing was changed")
        }
        return false
    }

    /// Runs `body` holding the store lock; every index change goes through here.
    @discardableResult
    public func transaction<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        if let readOnlyReason {
            throw StoreError(.unusable, "the store \(root) can only be read (\(readOnlyReason)): reading commands work, this one must write. Make it writable (remount it read-write, fix its permissions) or point --store at a writable copy")
        }
        let lock = try FileLock.lock(lockPath, timeout: lockTimeout, what: "the store \(root)")
        defer { lock.unlock() }
        return try body(StoreTransaction(store: self))
    }

    /// All pins, oldest first (read without the lock; index files are replaced atomically). An entry
    /// whose album file is gone (a `pin rm` interrupted after its commit point) is left out.
    public func pins() throws(StoreError) -> [Pin] {
        try pinList.load().filter { access(albumPath($0.id), F_OK) == 0 }
    }

    /// The id of the pin named by `reference`: a pin id, or a pin's exact name.
    public func resolvePin(_ reference: String) throws(StoreError) -> String {
        if Pin.isValidID(reference), FileManager.default.fileExists(atPath: albumPath(reference)) { return reference }
        if let id = try pinID(named: reference) { return id }
        throw StoreError(.notFound, "no pin \"\(reference)\" in \(root). Run `tourist pin list` to see the pins and their ids")
    }

    /// A pin's album, read without the lock.
    public func album(_ id: String) throws(StoreError) -> Album {
        let path = albumPath(id)
        guard let bytes = try FileSystem.read(path) else {
            throw StoreError(.notFound, "no pin \"\(id)\" in \(root). Run `tourist pin list` to see the pins and their ids")
        }
        return try IndexCoding.decode(bytes, path: path, AlbumFileDecoding.album)
    }

    func albumPath(_ id: String) -> String { "\(albumsDirectory)/\(id).json" }

    func namePath(_ name: String) -> String {
        "\(namesDirectory)/\(nameFile(name))"
    }

    /// The file in `index/names/` that leads from pin name `name` to its id: the name's SHA-256.
    func nameFile(_ name: String) -> String {
        Hex.string(SHA256.hash(data: Data(name.utf8)))
    }

    func refsPath(_ sha256: String) -> String { "\(refsDirectory)/\(sha256.prefix(2))/\(sha256)" }

    struct NameEntry: Codable {
        var name: String
        var id: String

        /// Reads an entry of `index/names/`.
        static func read(_ value: JSONValue) throws(IndexDecodingError) -> NameEntry {
            let object = try IndexObject(value)
            return NameEntry(name: try object.required("name", IndexValue.string), id: try object.required("id", IndexValue.string))
        }
    }

    func pinID(named name: String) throws(StoreError) -> String? {
        let path = namePath(name)
        guard let bytes = try FileSystem.read(path) else { return nil }
        let entry = try IndexCoding.decode(bytes, path: path, NameEntry.read)
        guard entry.name == name, FileManager.default.fileExists(atPath: albumPath(entry.id)) else { return nil }
        return entry.id
    }
}
