import Foundation
import Testing
import TestSupport

/// What enters from a machine's cache or from another client of the bucket is checked before it
/// is used, through the built binary against a real Ceph RADOS Gateway on 127.0.0.1: an edited
/// cached album is neither shown nor written back.
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct S3IntegrityEndToEndTests {
    /// The harness's cached copy of store key `key` of `store`: under `index/` for an index
    /// object, `blobs/` for a blob.
    static func cachePath(_ harness: Harness, _ store: String, _ key: String) throws -> String {
        let (bucket, prefix) = try S3StoreEndToEndTests.split(store)
        let folder = key.hasPrefix("blobs/") ? "blobs" : "index"
        return harness.folder.child("home/.cache/tourist/s3/\(bucket)/\(prefix)/\(folder)/\(key)")
    }

    @Test func anEditedCachedAlbumIsNeitherShownNorWrittenBack() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try S3StoreEndToEndTests.s3(gateway, "tampered-index")
        let harness = try S3StoreEndToEndTests.machine(gateway, store: store)
        let pin = try await S3StoreEndToEndTests.addPins(harness, count: 1)[0]
        let key = "index/albums/\(pin).json"
        let cached = try Self.cachePath(harness, store, key)
        let name = { (album: [String: Any]) in (album["pin"] as? [String: Any])?["name"] as? String }

        // An edit of the album's bytes, keeping the line before them as it was.
        try await harness.run("album", pin)
        try Self.replace("Place 0", with: "Place X", in: cached)
        #expect(name(try await harness.json("album", pin)) == "Place 0", "the bucket's album is shown, not the edited copy")

        // An edit that also gives the line the SHA-256 of the new bytes: the ETag (their MD5 at the
        // gateway) still tells.
        try await harness.run("album", pin)
        try Self.replace("Place 0", with: "Place X", in: cached)
        let file = try #require(FileManager.default.contents(atPath: cached))
        let newline = try #require(file.firstIndex(of: UInt8(ascii: "\n")))
        let etag = try #require(String(decoding: file[..<newline], as: UTF8.self).split(separator: " ").first)
        let body = harness.folder.child("forged.json")
        try file[(newline + 1)...].write(to: URL(fileURLWithPath: body))
        try (Data("\(etag) \(try sha256sum(body))\n".utf8) + file[(newline + 1)...]).write(to: URL(fileURLWithPath: cached))
        #expect(name(try await harness.json("album", pin)) == "Place 0", "the bucket's album is shown, not the forged copy")

        // A change made after the cache was edited is made to the bucket's album.
        try Self.replace("Place 0", with: "Place X", in: cached)
        try await harness.run("pin", "edit", pin, "--radius", "2")
        let (bucket, prefix) = try S3StoreEndToEndTests.split(store)
        let stored = String(decoding: try #require(try gateway.object(bucket, "\(prefix)/\(key)")), as: UTF8.self)
        #expect(stored.contains("\"Place 0\"") && !stored.contains("Place X"), "\(stored)")
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    /// Replaces `old` by `new` in the file at `path`, which must hold it.
    static func replace(_ old: String, with new: String, in path: String) throws {
        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        #expect(text.contains(old), "\(path) holds \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
    }
}
