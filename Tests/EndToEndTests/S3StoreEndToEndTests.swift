import FlickrStub
import Foundation
import Synchronization
import Testing
import TestSupport

/// The store on S3, through the built binary, against a real Ceph RADOS Gateway on 127.0.0.1:
/// machines (processes with homes and caches of their own) sharing one store, kills at any moment,
/// `store copy` both ways, `serve`, and the faults a user meets. Each test has a bucket of its
/// own on the process's shared gateway, or a gateway of its own when it stops it.
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct S3StoreEndToEndTests {
    /// One machine on `store`: a harness with its own home (so its own cache), the gateway's
    /// credentials, and a fixture set of 200 photos 0.1 km apart on a line north of 10,10, served
    /// with `latencyMs` a request by its default config.
    static func machine(_ gateway: CephGateway, store: String, latencyMs: Int = 0, extra: [String: String] = [:]) throws -> Harness {
        let harness = try Harness(extraEnvironment: gateway.environment.merging(["TOURIST_STORE": store]) { $1 }.merging(extra) { $1 })
        let set = harness.folder.child("set")
        try FixtureSetWriter.write(in: set, latitude: 10, longitude: 10, count: 200, bytesPerPhoto: 2048)
        try harness.folder.write(
            "home/.config/tourist/config.json",
            """
            {"album": {"photos": 10}, "downloads": {"concurrency": 1},
             "providers": [{"name": "own", "type": "fixture", "path": "\(set)", "latencyMs": \(latencyMs)}]}
            """)
        return harness
    }

    /// `count` pins 2.5 km apart along the set's line, radius 1 km: each finds 10 photos of its own.
    static func addPins(_ harness: Harness, count: Int) async throws -> [String] {
        var ids: [String] = []
        for index in 0..<count {
            let latitude = String(format: "%.6f", 10 + Double(index + 1) * 2.5 / 111.2)
            ids.append(
                try #require(
                    try await harness.json("pin", "add", latitude, "10", "--radius", "1", "--name", "Place \(index)")["id"] as? String))
        }
        return ids
    }

    static func s3(_ gateway: CephGateway, _ label: String) throws -> String {
        "s3://\(try gateway.makeBucket(label))/library"
    }

    @Test func twoMachinesDivideFetchAllAndStoreNothingTwice() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try Self.s3(gateway, "divide")
        let first = try Self.machine(gateway, store: store, latencyMs: 300)
        let second = try Self.machine(gateway, store: store, latencyMs: 300)
        let pins = try await Self.addPins(first, count: 8)
        let listed = try #require(try await second.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(listed.count == 8 && listed.allSatisfy { ($0["near"] as? String)?.isEmpty == false }, "\(listed)")
        // Each pin keeps its city in the bucket: in its album object, as in a folder's album file.
        let (bucket, root) = try Self.split(store)
        let album = try #require(try gateway.object(bucket, "\(root)/index/albums/\(pins[0]).json"))
        let near = try #require(listed.first { $0["id"] as? String == pins[0] }?["near"] as? String)
        #expect(String(decoding: album, as: UTF8.self).contains(#""near":"\#(near)""#))
        let one = try first.tourist.start(["fetch", "--all", "--json"], in: first.folder.path)
        // The second starts once the first holds a lease, and stores a photo while the first is
        // stopped (SIGSTOP; it holds two pins at most): both then work on the same list, however
        // fast either runs.
        try await Waiting.until("the first machine holds a lease") {
            try Self.keys(gateway, store, under: "leases/").count > 0 || !one.isRunning
        }
        kill(one.processIdentifier, SIGSTOP)
        defer { kill(one.processIdentifier, SIGCONT) }
        let stored = { try pins.reduce(0) { $0 + (try Self.storedPhotos(gateway, store, $1)) } }
        let storedByTheFirst = try stored()
        let other = try second.tourist.start(["fetch", "--all", "--json"], in: second.folder.path)
        try await Waiting.until("the second machine stores a photo") { try stored() > storedByTheFirst || !other.isRunning }
        kill(one.processIdentifier, SIGCONT)
        let (oneResult, otherResult) = (try await TouristBinary.finish(one), try await TouristBinary.finish(other))
        #expect(oneResult.status == 0 && otherResult.status == 0, "\(oneResult.stderr)\n\(otherResult.stderr)")
        let runs = try [oneResult, otherResult].map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any])
        }
        let bytes = runs.map { $0["bytes"] as? Int ?? -1 }
        #expect(bytes.allSatisfy { $0 > 0 }, "both machines fetched pins: \(bytes)")
        let stats = try await first.json("store", "stats")
        // Each photo with its thumbnail and preview.
        #expect(stats["photos"] as? Int == 80 && stats["blobs"] as? Int == 240 && stats["derived"] as? Int == 160)
        #expect(
            bytes.reduce(0, +) == stats["referencedBytes"] as? Int
                && bytes.reduce(0, +) + (stats["derivedBytes"] as? Int ?? 0) == stats["blobBytes"] as? Int,
            "every photo was downloaded once, by one machine: \(bytes) against \(stats)")
        for pin in pins {
            let album = try await second.json("album", pin)
            #expect(album.photos.count == 10 && album.photos.allSatisfy { $0["state"] as? String == "stored" })
        }
        #expect(try await first.json("store", "verify")["ok"] as? Bool == true)
        #expect(try Self.keys(gateway, store, under: "leases/").isEmpty, "every lease was given up")
    }

    @Test func concurrentNewCollectionsOnOnePinLoseNothing() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try Self.s3(gateway, "collections")
        let first = try Self.machine(gateway, store: store, latencyMs: 50)
        let second = try Self.machine(gateway, store: store, latencyMs: 50)
        let pin = try await Self.addPins(first, count: 1)[0]
        try await first.run("fetch", pin, "--quiet")
        async let one = first.tourist.run(["new-collection", pin, "--json"], in: first.folder.path)
        async let other = second.tourist.run(["new-collection", pin, "--json"], in: second.folder.path)
        let results = try await [one, other]
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let album = try await first.json("album", pin)
        #expect(album.photos.count == 10 && album.photos.allSatisfy { $0["state"] as? String == "stored" }, "\(album.photos)")
        let verified = try await second.json("store", "verify")
        #expect(verified["ok"] as? Bool == true, "\(verified)")
    }

    @Test func killsDuringFetchAndCopyLeaveAStoreThatVerifiesAndResumes() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try Self.s3(gateway, "kills")
        let harness = try Self.machine(gateway, store: store)
        let pin = try await Self.addPins(harness, count: 1)[0]
        // A Flickr of 10 photos around the pin, each taking 3 s while the kills go on, the farthest
        // (fetched last) held until they are over: no fetch can complete before it is killed,
        // however busy the machine, and the other download slot goes on meanwhile.
        let photos = FakePhoto.around(latitude: 10 + 2.5 / 111.2, longitude: 10, count: 10, radiusKm: 0.8, bytes: 2048)
        // The held photo's body trickles a byte a second (`LoopbackReply.held`) under a time-out of
        // an hour, so no stall or time-out ends a fetch before it is killed, however long that takes.
        let (released, fast) = (Signal(), Signal())
        let fake = try FakeFlickr(
            apiKey: "k", photos: photos, before: { _ in if !fast.isRaised { Thread.sleep(forTimeInterval: 3) } },
            reply: { request, reply in
                guard request.path.contains("/\(photos[9].id)_"), case .response(let status, let headers, let body) = reply else {
                    return reply
                }
                return .held(status: status, headers: headers, body: body, released: { released.isRaised })
            })
        defer {
            released.raise()
            fake.stop()
        }
        let flickr = try harness.folder.write(
            "flickr.json",
            """
            {"album": {"photos": 10}, "downloads": {"concurrency": 2, "timeoutSeconds": 3600},
             "providers": [{"name": "flickr", "type": "flickr", "apiKey": "k", "endpoint": "\(fake.endpoint)"}]}
            """)
        for round in 1...2 {
            let before = try Self.storedPhotos(gateway, store, pin)
            let process = try harness.tourist.start(["fetch", pin, "--quiet", "--config", flickr], in: harness.folder.path)
            // Each photo takes its 3 s and its uploads to RGW, which a full test run on 2 cores can
            // stretch far: the wait is for the photo, however long it takes. A slow look at the
            // bucket may see round 1 store all but the held photo: round 2, left only that one to
            // fetch, is then killed at once.
            try await Waiting.until("round \(round): one more photo stored", patience: .seconds(900)) {
                let stored = try Self.storedPhotos(gateway, store, pin)
                return stored > before || stored == photos.count - 1 || !process.isRunning
            }
            kill(process.processIdentifier, SIGKILL)
            let ended = try await TouristBinary.finish(process)
            #expect(ended.bySignal, "round \(round): the fetch was killed mid-album, not ended with \(ended.status): \(ended.stderr)")
            // The killed fetch's lease holds no more: the next fetch need not wait for it to expire.
            let shown = try await harness.json("pin", "show", pin)
            #expect(shown["state"] as? String == "interrupted", "round \(round): the killed fetch's pin: \(shown)")
            #expect(try await harness.json("store", "verify")["ok"] as? Bool == true, "round \(round)")
        }
        fast.raise()
        released.raise()
        let fetched = try await harness.json("fetch", pin, "--config", flickr)
        #expect(fetched.photos.count == 10 && fetched.photos.allSatisfy { $0["state"] as? String == "stored" })

        // A copy to a folder, killed once it has begun, verifies and then completes.
        let local = harness.folder.child("copy")
        let copying = try harness.tourist.start(["store", "copy", store, local], in: harness.folder.path)
        try await Waiting.until("the copy has begun") { FileManager.default.fileExists(atPath: local + "/VERSION") || !copying.isRunning }
        kill(copying.processIdentifier, SIGKILL)
        _ = try await TouristBinary.waitForExit(copying)
        #expect(try await harness.json("store", "verify", "--store", local)["ok"] as? Bool == true)
        let exported = harness.folder.child("from-s3")
        try await harness.run("export", pin, exported)
        try await Self.expectCopy(harness, pin, from: store, to: local, sameAs: exported)
        // And back to a new bucket, and from bucket to bucket: the same photos, byte for byte.
        let back = try Self.s3(gateway, "back")
        try await Self.expectCopy(harness, pin, from: local, to: back, sameAs: exported)
        let again = try await harness.json("store", "copy", local, back)
        #expect(again["blobsCopied"] as? Int == 0 && again["blobsPresent"] as? Int == 30, "a second copy skips what is there: \(again)")
        try await Self.expectCopy(harness, pin, from: back, to: try Self.s3(gateway, "other"), sameAs: exported)
    }

    /// Copies the store `source` to `destination`, which must then pass `verify`, and exports
    /// `pin` from it: the same photo files as in the export folder `reference`.
    static func expectCopy(
        _ harness: Harness, _ pin: String, from source: String, to destination: String, sameAs reference: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await harness.run("store", "copy", source, destination, sourceLocation: sourceLocation)
        #expect(try await harness.json("store", "verify", "--store", destination)["ok"] as? Bool == true, sourceLocation: sourceLocation)
        let exported = harness.folder.child("export-\(UUID().uuidString.prefix(8))")
        try await harness.run("export", pin, exported, "--store", destination, sourceLocation: sourceLocation)
        try expectSameFiles(reference, exported, sourceLocation: sourceLocation)
    }

    @Test func serveShowsAStoreOnS3() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try Self.s3(gateway, "serve")
        let harness = try Self.machine(gateway, store: store)
        let pin = try await Self.addPins(harness, count: 1)[0]
        let fetched = try await harness.json("fetch", pin)
        let served = try await ServedStore(harness)
        defer { served.process.terminate() }
        let pins = try #require((try await served.get("/api/pins").json() as? [String: Any])?["pins"] as? [[String: Any]])
        #expect(pins.map { $0["id"] as? String } == [pin])
        let album = try await served.waitForAlbum(pin) { ($0["photos"] as? [[String: Any]])?.count == 10 }
        let photo = try #require((album["photos"] as? [[String: Any]])?.first)
        let sha256 = try #require(photo["sha256"] as? String)
        let blob = try await served.get("/blobs/\(sha256)")
        #expect(blob.status == 200)
        let file = try harness.folder.write("served.jpg", Data(blob.body))
        #expect(try sha256sum(file) == sha256)
        #expect(fetched.photos.contains { $0["sha256"] as? String == sha256 })
    }

    @Test func wrongKeysAndAMissingBucketAreNamedWithTheirFix() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try Self.s3(gateway, "faults")
        let secret = "not-the-secret-9Qk2Lm"
        let wrong = try Self.machine(gateway, store: store, extra: ["AWS_SECRET_ACCESS_KEY": secret])
        let refused = try await wrong.run("pin", "list", expecting: 77)
        #expect(refused.stderr.contains(store) && refused.stderr.contains("AWS_SECRET_ACCESS_KEY"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(secret) && !refused.stderr.contains(gateway.secretAccessKey))
        let missing = try Self.machine(gateway, store: "s3://tourist-no-such-bucket-\(UInt32.random(in: 0...UInt32.max))/library")
        let absent = try await missing.run("pin", "list", expecting: 73)
        #expect(absent.stderr.contains("tourist-no-such-bucket") && absent.stderr.contains("aws s3 mb"), "\(absent.stderr)")
        let unset = try Self.machine(gateway, store: store, extra: ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""])
        let noKeys = try await unset.run("pin", "list", expecting: 78)
        #expect(noKeys.stderr.contains("AWS_ACCESS_KEY_ID"), "\(noKeys.stderr)")
    }

    /// On a gateway of its own, which it stops in the middle of a fetch: the fetch's downloads after
    /// the first are held until the gateway is down, so the album cannot be complete before.
    @Test func aGatewayStoppedMidFetchIsUnavailableAndTheNextRunResumes() async throws {
        let gateway = try await Blocking.run { try CephGateway() }
        let store = try Self.s3(gateway, "outage")
        // A confirmed copy counts as "a moment ago" for an hour: the commands below follow each
        // other within it however busy the machine.
        let harness = try Self.machine(
            gateway, store: store, extra: ["TOURIST_RETRY_BASE_SECONDS": "0.01", "TOURIST_CACHE_FRESH_SECONDS": "3600"])
        let flickr = try HeldFlickr(harness)
        defer { flickr.stop() }
        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Place 0", "--radius", "3")["id"] as? String)
        flickr.holdDownloads(after: 1)
        let process = try harness.tourist.start(["fetch", pin, "--count", "10", "--config", flickr.config], in: harness.folder.path)
        try await Waiting.until("a photo is stored") { try Self.storedPhotos(gateway, store, pin) > 0 || !process.isRunning }
        try await Blocking.run { try gateway.stopGateway() }
        flickr.releaseDownloads()
        let ended = try await TouristBinary.finish(process)
        #expect([69, 75].contains(ended.status), "exit \(ended.status): \(ended.stderr)")
        #expect(ended.stderr.contains("cannot reach the store \(store)"), "\(ended.stderr)")
        try await Blocking.run { try gateway.startGateway() }
        let resumed = try await harness.json("fetch", pin, "--count", "10", "--config", flickr.config)
        #expect(resumed.photos.count == 10 && resumed.photos.allSatisfy { $0["state"] as? String == "stored" })
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)

        // With the cache warm, showing the unchanged album again asks the gateway once (once its copy
        // is older than the hour, as here, where the cache's times are set back a day; the store's
        // version, confirmed during this test, is left as it is), and not at all right after.
        try await harness.run("album", pin)
        try Self.ageCache(of: harness, keeping: "VERSION")
        let before = try gateway.requestCount()
        try await harness.run("album", "Place 0")
        #expect(try gateway.requestCount() - before == 1, "one request for the album")
        try await harness.run("album", pin)
        #expect(try gateway.requestCount() - before == 1, "none for the album confirmed a moment ago")
    }

    /// A flag a test raises once, read from any thread.
    final class Signal: Sendable {
        private let raised = Atomic<Bool>(false)
        var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
        func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
    }

    /// Sets back by a day the times of everything in the harness's S3 cache but the files named `kept`.
    static func ageCache(of harness: Harness, keeping kept: String) throws {
        let root = harness.folder.child("home/.cache/tourist")
        let old = time(nil) - 86_400
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        while let name = walker.nextObject() as? String {
            guard (name as NSString).lastPathComponent != kept else { continue }
            _ = utimensat(AT_FDCWD, root + "/" + name, [timespec(tv_sec: old, tv_nsec: 0), timespec(tv_sec: old, tv_nsec: 0)], 0)
        }
    }

    /// Stored photos in the album object of `pin`, read straight from the bucket.
    static func storedPhotos(_ gateway: CephGateway, _ store: String, _ pin: String) throws -> Int {
        let (bucket, prefix) = try split(store)
        guard let data = try gateway.object(bucket, "\(prefix)/index/albums/\(pin).json"),
            let album = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return 0 }
        return ((album["photos"] as? [[String: Any]]) ?? []).filter { $0["state"] as? String == "stored" }.count
    }

    /// The keys under `prefix` in the store at `store`, listed by curl.
    static func keys(_ gateway: CephGateway, _ store: String, under prefix: String) throws -> [String] {
        let (bucket, root) = try split(store)
        return try gateway.keys(bucket, prefix: "\(root)/\(prefix)")
    }

    static func split(_ store: String) throws -> (bucket: String, prefix: String) {
        let parts = store.dropFirst("s3://".count).split(separator: "/", maxSplits: 1)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }

    /// The same photo files (not their JSON sidecars, which name the store) with the same SHA-256
    /// (by coreutils' sha256sum) in two export folders.
    static func expectSameFiles(_ left: String, _ right: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        func photos(_ folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".json") }.sorted()
        }
        let names = try photos(left)
        #expect(names == (try photos(right)), sourceLocation: sourceLocation)
        #expect(names.count == 10, "\(names)", sourceLocation: sourceLocation)
        for name in names {
            #expect(try sha256sum(left + "/" + name) == sha256sum(right + "/" + name), "\(name)", sourceLocation: sourceLocation)
        }
    }
}
