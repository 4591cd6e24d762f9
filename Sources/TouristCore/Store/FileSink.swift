import Foundation
import Glibc

/// A `BlobSink` that writes a file outside the store (for `photo get` and `export`): bytes go to a
/// temporary file in the destination's folder, and `move(to:)` (or `moveIfAbsent(to:)`) puts it in
/// place atomically, so a reader never sees a half-written file.
public final class FileSink: BlobSink {
    private let fd: Int32
    private let temporaryPath: String
    private let maxBytes: Int
    private var byteCount = 0
    private var finished = false
    /// The first bytes, to recognise the image format.
    public private(set) var head: [UInt8] = []

    /// A sink writing into `directory` (created when missing).
    public init(directory: String, maxBytes: Int) throws(StoreError) {
        try FileSystem.makeDirectory(directory)
        (fd, temporaryPath) = try FileSystem.makeTemporaryFile(in: directory, prefix: ".tourist-")
        self.maxBytes = maxBytes
    }

    deinit {
        if !finished {
            close(fd)
            unlink(temporaryPath)
        }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard byteCount + bytes.count <= maxBytes else {
            throw ProviderError.tooLarge("the photo is larger than downloads.maxPhotoBytes (\(maxBytes) bytes)")
        }
        if head.count < 32 { head.append(contentsOf: bytes.prefix(32 - head.count)) }
        try FileSystem.writeAll(fd, bytes, path: temporaryPath)
        byteCount += bytes.count
    }

    /// Flushes the file and renames it to `path` (same folder as the sink), replacing what was there.
    /// Returns the bytes written.
    public func move(to path: String) throws(StoreError) -> Int {
        try finish()
        guard rename(temporaryPath, path) == 0 else {
            let reason = FileSystem.errnoText()
            unlink(temporaryPath)
            throw StoreError(.io, "cannot write \(path): \(reason)")
        }
        try FileSystem.fsyncDirectory((path as NSString).deletingLastPathComponent)
        return byteCount
    }

    /// Like `move(to:)`, but only where nothing is: when `path` exists already (checked and placed
    /// in one step, by a hard link) it stays as it was, the written file is dropped, and the answer
    /// is nil.
    public func moveIfAbsent(to path: String) throws(StoreError) -> Int? {
        try flush()
        defer {
            close(fd)
            finished = true
            unlink(temporaryPath)  // a link made keeps the file under `path`
        }
        guard try FileSystem.link(fd, temporaryPath: temporaryPath, to: path) else { return nil }
        try FileSystem.fsyncDirectory((path as NSString).deletingLastPathComponent)
        return byteCount
    }

    /// Makes the bytes durable and closes the file.
    private func finish() throws(StoreError) {
        try flush()
        close(fd)
        finished = true
    }

    /// Makes the bytes durable, readable by all as the store's files are.
    private func flush() throws(StoreError) {
        try FileSystem.fsyncOrThrow(fd, path: temporaryPath)
        _ = fchmod(fd, 0o644)
    }
}
