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

/// Content-addressed photo bytes, laid out like git's loose objects:
/// `blobs/sha256/ab/abcdef…`, read-only, each written once through a temporary file and `link(2)`.
public struct BlobStore: Sendable {
    let root: String
    let temporaryArea: TemporaryArea

    var blobsDirectory: String { root + "/blobs/sha256" }

    /// The path a blob with this hash has (whether or not it exists).
    public func path(of sha256: String) -> String {
        "\(blobsDirectory)/\(sha256.prefix(2))/\(sha256)"
    }

    public func contains(_ sha256: String) -> Bool {
        access(path(of: sha256), F_OK) == 0
    }

    /// A writer for a new photo, refusing more than `maxBytes`. Call it outside `Store.transaction`:
    /// the first call makes this process's tmp folder, which takes the store lock.
    public func makeWriter(maxBytes: Int) throws(StoreError) -> BlobWriter {
        let directory = try temporaryArea.directory()
        let unnamed = tourist_open_unnamed(directory)
        if unnamed >= 0 { return BlobWriter(fd: unnamed, temporaryPath: nil, maxBytes: maxBytes) }
        let (fd, path) = try FileSystem.makeTemporaryFile(in: directory, prefix: "blob-")
        return BlobWriter(fd: fd, temporaryPath: path, maxBytes: maxBytes)
    }

    /// Makes the written bytes a blob: flush, link under its hash (an existing blob with that hash
    /// means it is already stored), drop the temporary file, flush the directory. With
    /// `syncDirectory: false` the new name is not flushed yet: the caller must flush the file system
    /// before anything refers to the blob (`StoreTransaction.addReferences` does).
    public func commit(_ writer: BlobWriter, syncDirectory: Bool = true) throws(StoreError) -> BlobInfo {
        let sha256 = writer.finishHash()
        try writer.finishWriting()
        defer { writer.discard() }
        let shard = "\(blobsDirectory)/\(sha256.prefix(2))"
        try FileSystem.makeDirectory(shard)
        try writer.link(to: path(of: sha256))
        if syncDirectory { try FileSystem.fsyncDirectory(shard) }
        return BlobInfo(sha256: sha256, bytes: writer.byteCount, mimeType: ImageFormat.mimeType(of: writer.head))
    }

    /// Deletes a blob (used when its last reference goes).
    public func remove(_ sha256: String) throws(StoreError) {
        try FileSystem.remove(path(of: sha256))
    }

    /// Every blob hash present on disk, sorted.
    public func allHashes() -> [String] {
        allIDs().map(\.hex)
    }

    /// Every blob present on disk, sorted.
    func allIDs() -> [BlobID] {
        Self.hashNames(under: blobsDirectory)
    }

    /// The names laid out as `root/ab/abcdef…` (64 hex digits in the folder of their first two),
    /// sorted, listed on every core; anything else there (a temporary file) is passed over.
    static func hashNames(under root: String) -> [BlobID] {
        let shards = FileSystem.list(root).filter { $0.utf8.count == 2 }.sorted()
        return ParallelWork.map(shards, chunk: 4) { shard in
            let prefix = Array(shard.utf8)
            var found: [BlobID] = []
            FileSystem.forEachName(in: "\(root)/\(shard)") { name in
                guard name.starts(with: prefix), let blob = BlobID(hex: name) else { return }
                found.append(blob)
            }
            return found.sorted()
        }.flatMap { $0 }
    }

    /// Re-reads a blob and returns the SHA-256 of what is on disk, or nil when it cannot be read.
    public func rehash(_ sha256: String) -> String? {
        digest(ofBlob: sha256).map(Hex.string)
    }

    /// The SHA-256 of blob `sha256`'s bytes on disk, or nil when it cannot be read.
    private func digest(ofBlob sha256: String) -> SHA256.Digest? {
        let fd = open(path(of: sha256), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return hasher.finalize()
    }

    /// Streams blob `sha256` into `sink`, hashing it on the way: a blob whose bytes no longer match
    /// its name is refused (`corrupt`) once read, so the caller discards what the sink holds; a
    /// missing blob is `notFound`. `photo` names the photo for the message.
    public func copyVerified(_ sha256: String, photo: String, into sink: any BlobSink) throws {
        let path = path(of: sha256)
        guard access(path, F_OK) == 0 else {
            throw StoreError(.notFound, "the file of \(photo) (blob \(sha256)) is missing from the store. Run `tourist store repair`, then `tourist fetch` the pin to download it again")
        }
        let hashing = HashingSink<SHA256>(sink)
        try FileStreaming.copy(path: path, into: hashing)
        let actual = hashing.finish()
        guard actual == sha256 else {
            throw StoreError(.corrupt, "the file of \(photo) is damaged: blob \(sha256) now hashes to \(actual); nothing was copied. Run `tourist store repair`, then `tourist fetch` the pin to download it again")
        }
    }

    /// Re-hashes `blobs` on every core: what the bytes on disk of each hash to, or nil for a blob
    /// that cannot be read.
    func rehashAll(_ blobs: [BlobID]) -> [BlobID?] {
        ParallelWork.map(blobs, chunk: 16) { digest(ofBlob: $0.hex).flatMap { BlobID(digest: $0) } }
    }

    /// Moves a blob out of the way into `folder` (quarantine), keeping its name.
    func setAside(_ sha256: String, into folder: String) throws(StoreError) {
        try FileSystem.makeDirectory(folder)
        guard rename(path(of: sha256), "\(folder)/\(sha256)") == 0 || errno == ENOENT else {
            throw StoreError(.io, "cannot move blob \(sha256) into \(folder): \(FileSystem.errnoText())")
        }
    }

    /// Size on disk, or nil when missing.
    public func size(of sha256: String) -> Int? {
        var info = stat()
        return stat(path(of: sha256), &info) == 0 ? Int(info.st_size) : nil
    }
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
