import BrowserSupport
import Foundation
import Testing
import TestSupport

/// What enters from a machine's cache or from another client of the bucket is checked before it
/// is used, through the built binary against a real Ceph RADOS Gateway on 127.0.0.1: an edited
/// cached album is neither shown nor written back; a large photo whose bytes another client
/// replaced, or whose cached file was rewritten, is never served or kept (one of another size than
/// its album records is refused by its size, a larger one before its body); a damaged cached copy is
/// read again from the bucket; keys under `index/albums/` that tourist does not write are no albums.
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

    /// One machine on `store` whose own photos are 3 MB (9 MB at the larger size): larger than what
    /// `serve` reads whole, so streamed.
    static func largePhotos(_ gateway: CephGateway, store: String) throws -> Harness {
        let harness = try Harness(extraEnvironment: gateway.environment.merging(["TOURIST_STORE": store]) { $1 })
        let set = harness.folder.child("set")
        try FixtureSetWriter.write(in: set, latitude: 10, longitude: 10, count: 2, bytesPerPhoto: 3 << 20)
        try harness.folder.write(
            "home/.config/tourist/config.json",
            """
            {"album": {"photos": 2}, "providers": [{"name": "own", "type": "fixture", "path": "\(set)"}]}
            """)
        return harness
    }

    /// A pin with the large photos, fetched: its id and its first photo's hash and size.
    static func fetchedLargePhoto(_ harness: Harness) async throws -> (pin: String, sha256: String, bytes: Int) {
        let pin = try #require(try await harness.json("pin", "add", "10", "10", "--radius", "1", "--name", "Large")["id"] as? String)
        let photo = try #require(try await harness.json("fetch", pin).photos.first)
        let sha256 = try #require(photo["sha256"] as? String), bytes = try #require(photo["bytes"] as? Int)
        #expect(bytes > 2 << 20, "the photo is streamed, not read whole")
        return (pin, sha256, bytes)
    }

    /// A large photo that a first machine fetched into a store on the gateway, as the bucket
    /// holds it: for another client to replace.
    struct LargePhotoInBucket {
        let store: String, pin: String, sha256: String, bytes: Int
        /// The blob's key in the store, and its object: bucket and name there.
        let key: String, bucket: String, object: String
        /// The object's bytes as the first machine stored them.
        let genuine: Data
    }

    /// A store called `name` on `gateway` whose first machine fetched the large photos.
    static func largePhotoInBucket(_ gateway: CephGateway, _ name: String) async throws -> LargePhotoInBucket {
        let store = try S3StoreEndToEndTests.s3(gateway, name)
        let (pin, sha256, bytes) = try await Self.fetchedLargePhoto(try Self.largePhotos(gateway, store: store))
        let key = "blobs/sha256/\(sha256.prefix(2))/\(sha256)"
        let (bucket, prefix) = try S3StoreEndToEndTests.split(store)
        let genuine = try #require(try gateway.object(bucket, "\(prefix)/\(key)"))
        return LargePhotoInBucket(
            store: store, pin: pin, sha256: sha256, bytes: bytes, key: key, bucket: bucket, object: "\(prefix)/\(key)", genuine: genuine)
    }

    /// `bytes` with one byte in the middle changed.
    static func damaged(_ bytes: Data) -> Data {
        var changed = bytes
        changed[changed.count / 2] ^= 0xFF
        return changed
    }

    @Test func aLargePhotoReplacedInTheBucketIsNeitherServedNorKept() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let photo = try await Self.largePhotoInBucket(gateway, "replaced-blob")
        let (store, pin, sha256, key) = (photo.store, photo.pin, photo.sha256, photo.key)
        // Another client replaces the blob's object by other bytes of the same size.
        #expect(try gateway.put(photo.bucket, photo.object, Self.damaged(photo.genuine)) == "200")

        // A second machine, with nothing cached, serves none of it and keeps none of it.
        let second = try Self.largePhotos(gateway, store: store)
        let served = try await ServedStore(second)
        defer { served.process.terminate() }
        let requests: [[(String, String)]] = [[], [("Range", "bytes=0-99")]]
        for headers in requests {
            let answer = try await served.get("/blobs/\(sha256)", headers: headers)
            #expect(answer.status == 500, "\(headers): \(answer.status)")
            #expect(answer.header("Cache-Control")?.contains("immutable") != true && answer.header("ETag") == nil)
            #expect(
                String(decoding: answer.body, as: UTF8.self).contains("(not this machine's cache) is damaged"),
                "\(String(decoding: answer.body, as: UTF8.self))")
        }
        let cached = try Self.cachePath(second, store, key)
        #expect(!FileManager.default.fileExists(atPath: cached), "the bucket's bytes were not kept")
        let exported = try await second.run("export", pin, second.folder.child("out"), expecting: 65)
        #expect(
            exported.stderr.contains("damaged in the store \(store) (not in this machine's cache)")
                && exported.stderr.contains("tourist store repair"), "\(exported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cached), "a refused photo is not kept in the cache")
        // The advice holds: repair finds the bucket's damage.
        let repaired = try await second.run("store", "repair")
        #expect(repaired.stdout.contains("blob \(sha256) was damaged"), "\(repaired.stdout)")
    }

    @Test func aLargePhotoReplacedByOneOfAnotherSizeIsRefusedByTheSizeItsAlbumRecords() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let photo = try await Self.largePhotoInBucket(gateway, "resized-blob")
        let (store, pin, sha256, bytes, genuine) = (photo.store, photo.pin, photo.sha256, photo.bytes, photo.genuine)
        let key = photo.key
        let second = try Self.largePhotos(gateway, store: store)
        let cached = try Self.cachePath(second, store, key)
        let served = try await ServedStore(second)
        defer { served.process.terminate() }
        #expect(try await served.get("/api/pins/\(pin)/album").status == 200, "the page reads the album before its photos")

        // Larger: libcurl refuses its Content-Length before any body comes, so the message cannot
        // say how large it is. Smaller: refused once read, with its size.
        let replacements = [
            (genuine + Data(count: 8 << 20), "is larger"), (genuine.prefix(genuine.count / 2), "is \(genuine.count / 2) bytes"),
        ]
        for (replacement, said) in replacements {
            #expect(try gateway.put(photo.bucket, photo.object, replacement) == "200")
            let expected = "blob \(sha256) in the store \(store) (not this machine's cache) \(said), but its album records \(bytes) bytes"
            let answer = try await served.get("/blobs/\(sha256)")
            let body = String(decoding: answer.body, as: UTF8.self)
            #expect(answer.status == 500 && answer.header("ETag") == nil && body.contains(expected), "\(said): \(answer.status) \(body)")
            let exported = try await second.run("export", pin, second.folder.child("out"), expecting: 65)
            #expect(exported.stderr.contains(expected) && exported.stderr.contains("tourist store repair"), "\(said): \(exported.stderr)")
            #expect(!FileManager.default.fileExists(atPath: cached), "\(said): nothing of it is kept")
        }
        // A photo whose album this server has not shown is still checked, by its hash.
        let fresh = try await ServedStore(second)
        defer { fresh.process.terminate() }
        let unshown = try await fresh.get("/blobs/\(sha256)")
        #expect(unshown.status == 500 && String(decoding: unshown.body, as: UTF8.self).contains("(not this machine's cache) is damaged"))

        // Put back, it is served and kept again.
        #expect(try gateway.put(photo.bucket, photo.object, genuine) == "200")
        let restored = try await served.get("/blobs/\(sha256)")
        #expect(restored.status == 200 && Data(restored.body) == genuine)
        #expect(try sha256sum(cached) == sha256)
    }

    @Test func aRewrittenCachedLargePhotoIsReadAgainFromTheBucket() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try S3StoreEndToEndTests.s3(gateway, "rewritten-cache")
        let harness = try Self.largePhotos(gateway, store: store)
        let (pin, sha256, bytes) = try await Self.fetchedLargePhoto(harness)
        let cached = try Self.cachePath(harness, store, "blobs/sha256/\(sha256.prefix(2))/\(sha256)")
        let genuine = try #require(FileManager.default.contents(atPath: cached), "the upload is kept in the cache")
        let served = try await ServedStore(harness)
        defer { served.process.terminate() }
        #expect(try await served.get("/blobs/\(sha256)").status == 200, "served once, so checked once")

        // Rewritten at the same size, then cut short, then a link to a copy of its bytes elsewhere.
        let elsewhere = harness.folder.child("elsewhere.jpg")
        try genuine.write(to: URL(fileURLWithPath: elsewhere))
        let damages: [(String, () throws -> Void)] = [
            ("rewritten", { try Self.damaged(genuine).write(to: URL(fileURLWithPath: cached)) }),
            ("truncated", { try genuine.prefix(genuine.count - 1000).write(to: URL(fileURLWithPath: cached)) }),
            (
                "a link",
                {
                    try FileManager.default.removeItem(atPath: cached)
                    try FileManager.default.createSymbolicLink(atPath: cached, withDestinationPath: elsewhere)
                }
            ),
        ]
        for (damage, apply) in damages {
            try apply()
            let whole = try await served.get("/blobs/\(sha256)")
            #expect(whole.status == 200 && Data(whole.body) == genuine, "\(damage): \(whole.status)")
            #expect(whole.header("ETag") == "\"\(sha256)\"" && whole.header("Cache-Control")?.contains("immutable") == true, "\(damage)")
            let part = try await served.get("/blobs/\(sha256)", headers: [("Range", "bytes=1000-1999")])
            #expect(part.status == 206 && Data(part.body) == genuine[1000..<2000], "\(damage): \(part.status)")
            #expect(
                try sha256sum(cached) == sha256
                    && (try FileManager.default.attributesOfItem(atPath: cached)[.type] as? FileAttributeType) == .typeRegular,
                "\(damage): healed")

            try apply()
            let out = harness.folder.child("export-\(damage.prefix(4))")
            try await harness.run("export", pin, out)
            let photos = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasSuffix(".json") }
            #expect(try photos.map { try sha256sum(out + "/" + $0) }.contains(sha256), "\(damage): the bucket's bytes are exported")
            #expect(try sha256sum(cached) == sha256, "\(damage): healed by export")
        }
        #expect(bytes == genuine.count)
    }

    @Test func storeRepairDropsDamagedCachedCopies() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try S3StoreEndToEndTests.s3(gateway, "repair-cache")
        let harness = try S3StoreEndToEndTests.machine(gateway, store: store)
        let pin = try await S3StoreEndToEndTests.addPins(harness, count: 1)[0]
        let sha256 = try #require(try await harness.json("fetch", pin).photos.first?["sha256"] as? String)
        let blob = try Self.cachePath(harness, store, "blobs/sha256/\(sha256.prefix(2))/\(sha256)")
        let album = try Self.cachePath(harness, store, "index/albums/\(pin).json")
        try Self.damaged(try #require(FileManager.default.contents(atPath: blob))).write(to: URL(fileURLWithPath: blob))
        try Self.replace("Place 0", with: "Place X", in: album)
        let repaired = try await harness.run("store", "repair")
        #expect(repaired.stdout.contains("2 damaged copies in this machine's cache"), "\(repaired.stdout)")
        // Gone, or read again from the bucket as repair read the album.
        let blobNow = FileManager.default.fileExists(atPath: blob) ? try sha256sum(blob) : nil
        #expect(blobNow == nil || blobNow == sha256, "\(String(describing: blobNow))")
        #expect(!String(decoding: FileManager.default.contents(atPath: album) ?? Data(), as: UTF8.self).contains("Place X"))
        #expect(try await harness.run("store", "repair").stdout.contains("Nothing to repair"))
    }

    @Test func foreignKeysUnderAlbumsAreNotAlbums() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try S3StoreEndToEndTests.s3(gateway, "foreign-keys")
        let harness = try S3StoreEndToEndTests.machine(gateway, store: store)
        let pin = try await S3StoreEndToEndTests.addPins(harness, count: 1)[0]
        let (bucket, prefix) = try S3StoreEndToEndTests.split(store)
        // Each holds a copy of a real album, the worst case: read as one, it is a second pin.
        let album = try #require(try gateway.object(bucket, "\(prefix)/index/albums/\(pin).json"))
        let foreign = ["index/albums/../../x.json", "index/albums/a%2Fb.json", "index/albums/a\nb.json"]
        for key in foreign { #expect(try gateway.put(bucket, "\(prefix)/\(key)", album) == "200", "\(key)") }
        let listed = try S3StoreEndToEndTests.keys(gateway, store, under: "index/albums/")
        #expect(listed.count == 1 + foreign.count, "\(listed)")

        let verified = try await harness.json("store", "verify")
        #expect(verified["ok"] as? Bool == true && (verified["problems"] as? [Any])?.isEmpty == true, "\(verified)")
        #expect((verified["foreignKeys"] as? [String])?.count == listed.count - 1, "\(verified)")
        let text = try await harness.run("store", "verify")
        #expect(text.stdout.split(separator: "\n").count { $0.contains("index/albums/") } == 1, "one line: \(text.stdout)")
        #expect(try await harness.run("store", "repair").stdout.contains("Nothing to repair"))
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.count == 1)
        #expect((try await harness.json("store", "stats"))["pins"] as? Int == 1)
    }

    /// Replaces `old` by `new` in the file at `path`, which must hold it.
    static func replace(_ old: String, with new: String, in path: String) throws {
        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        #expect(text.contains(old), "\(path) holds \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
    }
}
