import Foundation
import Glibc

/// Stored photo bytes, read by hash, whatever holds them (local files today): the seam the front
/// ends read photos through instead of reaching for blob paths.
public protocol BlobReading: Sendable {
    /// Bytes `range` of blob `sha256` (clamped to its size), or all of it when `range` is nil.
    /// A missing blob is `notFound`.
    func bytes(of sha256: String, range: Range<Int>?) throws(StoreError) -> [UInt8]
    /// Streams blob `sha256` into `sink`, hashing it on the way; refuses a blob whose bytes no
    /// longer match its name (`corrupt`). `photo` names the photo in messages.
    func copyVerified(_ sha256: String, photo: String, into sink: any BlobSink) throws
}

extension BlobStore: BlobReading {
    public func bytes(of sha256: String, range: Range<Int>?) throws(StoreError) -> [UInt8] {
        let path = path(of: sha256)
        let fd = BlobID(sha256) == nil ? -1 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError(.notFound, "the store has no blob \(sha256)") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw StoreError(.io, "cannot read \(path): \(FileSystem.errnoText())") }
        let size = Int(status.st_size)
        let wanted = (range ?? 0..<size).clamped(to: 0..<size)
        var bytes = [UInt8](repeating: 0, count: wanted.count)
        var done = 0
        while done < wanted.count {
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, wanted.count - done, off_t(wanted.lowerBound + done)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw StoreError(.io, "cannot read \(path): \(count == 0 ? "it ended early" : FileSystem.errnoText())") }
            done += count
        }
        return bytes
    }
}
