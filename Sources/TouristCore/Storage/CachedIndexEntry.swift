import Crypto

/// An index object as `ObjectCache` keeps it on disk: a first line with its ETag and the SHA-256
/// of its bytes, then the bytes. A file is used only when its bytes still hash to that digest and,
/// when the ETag is an MD5 (as S3 and RGW give for the single-part writes tourist makes), to that
/// ETag too: an edited or damaged copy is never shown, and never sent back to the store as the
/// version it claims to be (its ETag is what a compare-and-swap is conditioned on).
enum CachedIndexEntry {
    /// The file's contents for `object`; nil when it cannot be checked later (no ETag, one holding a
    /// line break or a space, or an MD5 ETag its bytes do not match, as a store that encrypts
    /// objects gives): such an object is kept in memory only.
    static func encode(_ object: StoredObject) -> [UInt8]? {
        guard let etag = object.etag, !etag.contains("\n"), !etag.contains(" "), etagAgrees(etag, object.bytes) else { return nil }
        return Array("\(etag) \(Hex.string(SHA256.hash(data: object.bytes)))\n".utf8) + object.bytes
    }

    /// The object a cache file holds, or nil when it fails its checks (or was written by an older
    /// tourist, without a digest): the caller drops it and reads the store.
    static func decode(_ file: [UInt8]) -> StoredObject? {
        guard let newline = file.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = file[..<newline].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard header.count == 2 else { return nil }
        let etag = String(decoding: header[0], as: UTF8.self)
        let bytes = Array(file[(newline + 1)...])
        guard header[1].elementsEqual(Hex.string(SHA256.hash(data: bytes)).utf8), etagAgrees(etag, bytes) else { return nil }
        return StoredObject(bytes: bytes, etag: etag)
    }

    /// Whether `etag` is not an MD5 (32 lowercase hex digits) or is the MD5 of `bytes`.
    private static func etagAgrees(_ etag: String, _ bytes: [UInt8]) -> Bool {
        let isMD5 = etag.utf8.count == 32 && etag.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        guard isMD5 else { return true }
        return Hex.string(Insecure.MD5.hash(data: bytes)) == etag
    }
}
