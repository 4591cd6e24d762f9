import CShims
import Crypto
import Foundation

import Glibc

/// The store's `BlobSink`: streams a photo into a temporary file in the store's tmp area,
/// hashing it with SHA-256 on the way and refusing more than `maxBytes`.
/// `BlobStore.commit(_:)` turns it into a blob; `discard()` throws it away.
public final class BlobWriter: BlobSink {
    let fd: Int32
    let temporaryPath: String
    private let maxBytes: Int
    private var hasher = SHA256()
    private(set) var byteCount = 0
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
        // Let the disk start on these bytes now, while the next ones arrive; the fsync in
        // `finishWriting` then waits for less.
        _ = tourist_start_writeback(fd, Int64(byteCount), Int64(bytes.count))
        byteCount += bytes.count
    }

    /// Hex SHA-256 of everything written so far; call once, when writing is done.
    func finishHash() -> String {
        hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Flushes and closes the temporary file, keeping it for linking.
    func finishWriting() throws(StoreError) {
        guard !closed else { return }
        try FileSystem.fsyncOrThrow(fd, path: temporaryPath)
        _ = fchmod(fd, 0o444)
        closed = true
        _ = close(fd)
    }

    /// Drops the temporary file.
    public func discard() {
        if !closed {
            closed = true
            _ = close(fd)
        }
        unlink(temporaryPath)
    }
}
