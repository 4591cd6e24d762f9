import CShims
import Crypto
import Foundation

import Glibc

/// The store's `BlobSink`: streams a photo into a temporary file in the store's staging area
/// (`TemporaryArea`), hashing it with SHA-256 on the way and refusing more than `maxBytes`.
/// `BlobStore.commit(_:)` turns it into a blob; `discard()` throws it away.
public final class BlobWriter: BlobSink {
    let fd: Int32
    /// The temporary file's name.
    let temporaryPath: String
    private let maxBytes: Int
    private var hasher = SHA256()
    private(set) var byteCount = 0
    /// Bytes before this offset were handed to the disk early (see `write`).
    private var writebackStart = 0
    /// How much to accumulate before asking the disk to start writing it.
    private static let writebackChunk = 1 << 20
    /// The first bytes, kept to recognise the image format.
    private(set) var head: [UInt8] = []
    private var closed = false

    init(fd: Int32, temporaryPath: String, maxBytes: Int) {
        self.fd = fd
        self.temporaryPath = temporaryPath
        self.maxBytes = maxBytes
    }

    deinit { discard() }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !closed else { throw StoreError(.io, "write after the photo was finished") }
        guard byteCount + bytes.count <= maxBytes else {
            throw ProviderError.tooLarge("the photo is larger than downloads.maxPhotoBytes (\(maxBytes) bytes)")
        }
        if head.count < 32 { head.append(contentsOf: bytes.prefix(32 - head.count)) }
        hasher.update(bufferPointer: bytes)
        try FileSystem.writeAll(fd, bytes, path: temporaryPath)
        byteCount += bytes.count
        // Let the disk start on each MiB while the next arrives; the fsync in `finishWriting` then
        // waits for less. (Per chunk, the calls would cost more than they save on small photos.)
        if byteCount - writebackStart >= Self.writebackChunk {
            _ = tourist_start_writeback(fd, Int64(writebackStart), Int64(byteCount - writebackStart))
            writebackStart = byteCount
        }
    }

    /// Hex SHA-256 of everything written so far; call once, when writing is done.
    func finishHash() -> String {
        Hex.string(hasher.finalize())
    }

    /// Flushes the temporary file to disk and makes it read-only, ready to be linked.
    func finishWriting() throws(StoreError) {
        try FileSystem.fsyncOrThrow(fd, path: temporaryPath)
        _ = fchmod(fd, 0o444)
    }

    /// Gives the written file its final name; false when the name exists (already stored).
    func link(to path: String) throws(StoreError) -> Bool {
        try FileSystem.link(fd, temporaryPath: temporaryPath, to: path)
    }

    /// Closes and drops the temporary file (a linked blob keeps its own name).
    public func discard() {
        guard !closed else { return }
        closed = true
        _ = close(fd)
        unlink(temporaryPath)
    }
}
