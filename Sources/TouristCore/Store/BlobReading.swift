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
    /// The path of a file on this machine holding blob `sha256` (see `StorageBackend.localFile`),
    /// or nil: then read it through `bytes(of:range:)`.
    func localFile(of sha256: String) -> String?
    /// Bytes stored for blob `sha256`, or nil when missing.
    func size(of sha256: String) -> Int?
}

extension BlobStore: BlobReading {
    public func bytes(of sha256: String, range: Range<Int>?) throws(StoreError) -> [UInt8] {
        let key = key(of: sha256)
        var found: [UInt8]?
        if BlobID(sha256) != nil {
            if let range { found = try backend.load(key, range: range) } else { found = try backend.load(key)?.bytes }
        }
        guard let found else { throw StoreError(.notFound, "the store has no blob \(sha256)") }
        return found
    }

    public func localFile(of sha256: String) -> String? {
        BlobID(sha256) == nil ? nil : backend.localFile(key(of: sha256))
    }
}
