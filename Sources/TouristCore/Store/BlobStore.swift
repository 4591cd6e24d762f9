import CShims
import Crypto
import Foundation
import Glibc
import Synchronization

/// A blob as stored: named by the SHA-256 of its bytes.
public struct BlobInfo: Sendable, Equatable {
    public let sha256: String
    public let bytes: Int
    /// The image format recognised from the first bytes, or nil.
    public let mimeType: String?
}

/// Content-addressed photo bytes, laid out like git's loose objects under
/// `blobs/sha256/ab/abcdef…`, each written once (create-only) by the store's backend from a file
/// staged in the store's `TemporaryArea`.
public struct BlobStore: Sendable {
    let backend: any ObjectStore
    let staging: TemporaryArea

    static let prefix = ObjectKey.blob("blobs/sha256/")

    /// The key a blob with this hash has (whether or not it exists).
    func key(of sha256: String) -> ObjectKey {
        Self.prefix.appending("\(sha256.prefix(2))/\(sha256)")
    }

    /// The hash a blob's key names: its last part (`key(of:)` the other way round).
    static func sha256(ofKey key: ObjectKey) -> String {
        String(key.path.split(separator: "/").last ?? "")
    }

    /// Where a blob with this hash is, for people: its file's path in a local store, its URL on S3.
    public func location(of sha256: String) -> String {
        backend.location + "/" + key(of: sha256).path
    }

    public func contains(_ sha256: String) -> Bool {
        BlobID(sha256) != nil && (try? backend.contains(key(of: sha256))) == true
    }

    /// A writer for a new photo, refusing more than `maxBytes`. Call it outside `Store.transaction`:
    /// the first call makes this process's temporary folder.
    public func makeWriter(maxBytes: Int) throws(StoreError) -> BlobWriter {
        try staging.stage(maxBytes: maxBytes)
    }

    /// Makes the written bytes a blob, named by their hash; an existing blob with that hash means it
    /// is already stored. With `syncDirectory: false` a local store does not flush the new name
    /// yet: the caller must flush before anything refers to the blob
    /// (`StoreTransaction.addReferences` does).
    public func commit(_ writer: BlobWriter, syncDirectory: Bool = true) throws(StoreError) -> BlobInfo {
        let sha256 = writer.finishHash()
        let head = writer.head, bytes = writer.byteCount
        _ = try backend.create(key(of: sha256), fromFile: writer, durable: syncDirectory)
        return BlobInfo(sha256: sha256, bytes: bytes, mimeType: ImageFormat.mimeType(of: head))
    }

    /// Deletes a blob (used when its last reference goes).
    public func remove(_ sha256: String) throws(StoreError) {
        try backend.remove(key(of: sha256))
    }

    /// Every blob hash present, sorted.
    public func allHashes() throws(StoreError) -> [String] {
        try allIDs().map(\.hex)
    }

    /// Every blob present, sorted.
    func allIDs() throws(StoreError) -> [BlobID] {
        Self.hashNames(try backend.listAll(Self.prefix))
    }

    /// The blob names among `objects` laid out as `…/ab/abcdef…` (64 hex digits in the folder of
    /// their first two), sorted; anything else is passed over.
    static func hashNames(_ objects: [ObjectInfo]) -> [BlobID] {
        named(objects).map(\.blob)
    }

    /// The objects among `objects` named as blobs (see `hashNames`), each with its blob, sorted by blob.
    static func named(_ objects: [ObjectInfo]) -> [(blob: BlobID, object: ObjectInfo)] {
        objects.compactMap { object -> (blob: BlobID, object: ObjectInfo)? in
            let parts = object.key.path.split(separator: "/")
            guard parts.count >= 2, parts[parts.count - 2].utf8.count == 2, parts[parts.count - 1].hasPrefix(parts[parts.count - 2]),
                let blob = BlobID(String(parts[parts.count - 1]))
            else { return nil }
            return (blob, object)
        }.sorted { $0.blob < $1.blob }
    }

    /// Re-reads a blob from the store itself (past any local copy) and returns the SHA-256 of what
    /// is stored, or nil when it cannot be read.
    public func rehash(_ sha256: String) -> String? {
        let hashing = HashingSink<SHA256>(DiscardingSink())
        let store = (backend as? any LocalCopies)?.origin ?? backend
        guard (try? store.read(key(of: sha256), into: hashing, expectedSize: nil)) == true else { return nil }
        return hashing.finish()
    }

    /// Streams blob `sha256` into `sink`, hashing it on the way: a blob whose bytes no longer match
    /// its name is refused (`corrupt`) once read, so the caller discards what the sink holds; a
    /// missing blob is `notFound`. `photo` names the photo for the message. A remote store's cached
    /// copy is checked before it is streamed (one that fails is dropped and the store read), so the
    /// damage refused is the store's own, which `store repair` sees; a download from it of another
    /// size than `expectedSize` (what the album records) is refused, a larger one before its body.
    public func copyVerified(_ sha256: String, photo: String, expectedSize: Int?, into sink: any BlobSink) throws {
        let hashing = HashingSink<SHA256>(sink)
        guard BlobID(sha256) != nil, try backend.read(key(of: sha256), into: hashing, expectedSize: expectedSize) else {
            throw StoreError(
                .notFound, "the file of \(photo) (blob \(sha256)) is missing from the store",
                remedy: Remedy(.repairStore(), .fetch(pin: nil)))
        }
        let actual = hashing.finish()
        guard actual == sha256 else {
            throw StoreError(
                .corrupt,
                "the file of \(photo) is damaged in the store \(backend.location)\(backend is any LocalCopies ? " (not in this machine's cache)" : ""): blob \(sha256) now hashes to \(actual); nothing was copied",
                remedy: Remedy(.repairStore(), .fetch(pin: nil)))
        }
    }

    /// Re-hashes `blobs` on every core (on S3, 16 downloads at once): what the bytes stored for
    /// each hash to, or nil for a blob that cannot be read.
    func rehashAll(_ blobs: [BlobID]) -> [BlobID?] {
        ParallelWork.map(blobs, chunk: 16, workers: backend.features.parallelism) { rehash($0.hex).flatMap(BlobID.init) }
    }

    /// Moves a blob out of the way into `folder` (quarantine), keeping its name.
    func setAside(_ sha256: String, into folder: String) throws(StoreError) {
        try backend.move(key(of: sha256), to: .blob("\(folder)/\(sha256)"))
    }
}

/// A sink that keeps nothing, for hashing what is read.
final class DiscardingSink: BlobSink {
    func write(_ bytes: UnsafeRawBufferPointer) throws {}
}

/// Passes bytes on to another sink while hashing them (SHA-256 for blobs; Commons checks its
/// originals with SHA-1), so what is copied or downloaded is checked without a second read.
public final class HashingSink<Hash: HashFunction>: BlobSink {
    private let sink: any BlobSink
    private var hasher = Hash()

    public init(_ sink: any BlobSink) {
        self.sink = sink
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        try sink.write(bytes)
    }

    /// The digest of everything written, in lowercase hex.
    public func finish() -> String {
        Hex.string(hasher.finalize())
    }
}
