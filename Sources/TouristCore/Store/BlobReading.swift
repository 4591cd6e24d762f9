import Foundation
import Glibc

/// Stored photo bytes, read by hash, whatever holds them (a folder, a bucket): the seam the front
/// ends read photos through instead of reaching for blob paths.
public protocol BlobReading: Sendable {
    /// Bytes `range` of blob `sha256` (clamped to its size), or all of it when `range` is nil.
    /// A missing blob is `notFound`.
    func bytes(of sha256: String, range: Range<Int>?) throws(StoreError) -> [UInt8]
    /// Streams blob `sha256` into `sink`, hashing it on the way; refuses a blob whose bytes no
    /// longer match its name (`corrupt`). `photo` names the photo in messages; `expectedSize` is
    /// the size its album records, which a download from a remote store is held against.
    func copyVerified(_ sha256: String, photo: String, expectedSize: Int?, into sink: any BlobSink) throws
    /// Blob `sha256` in a file on this machine, opened and checked against its hash (see
    /// `LocalFiles.checkedFile`, which holds `expectedSize`, the size an album records for it,
    /// against a download); nil when the store has no such blob. A store that keeps no files on
    /// this machine (memory) cannot give one: `io`.
    func checkedFile(of sha256: String, expectedSize: Int?) throws(StoreError) -> CheckedBlobFile?
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

    public func checkedFile(of sha256: String, expectedSize: Int?) throws(StoreError) -> CheckedBlobFile? {
        guard BlobID(sha256) != nil else { return nil }
        guard let files = backend.ability((any LocalFiles).self) else {
            throw StoreError(.io, "cannot open blob \(sha256) of \(backend.location) as a file: this store keeps no files on this machine")
        }
        return try files.checkedFile(key(of: sha256), expectedSize: expectedSize)
    }
}
