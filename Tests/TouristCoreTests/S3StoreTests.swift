import Crypto
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import TouristCore

/// The store's layout and its guarantees on a bucket of a real Ceph RADOS Gateway, with machines
/// (stores with caches of their own) changing it at once: no lost update, no blob deleted under
/// another machine, verify and repair reading the bucket itself.
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct S3StoreTests {
    static func addPin(_ store: Store, _ name: String) throws -> Pin {
        try store.transaction { try $0.addPin(name: name, location: GeoPoint(latitude: 1, longitude: 2), radiusKm: 5, target: 21).pin }
    }

    static func storeBytes(_ store: Store, _ text: String) throws -> BlobInfo {
        let writer = try store.blobs.makeWriter(maxBytes: 1 << 20)
        try writer.write(Data(text.utf8))
        return try store.blobs.commit(writer)
    }

    static func attach(_ store: Store, _ info: BlobInfo, to pin: String, id: String) throws {
        try store.transaction { transaction in
            var album = try transaction.album(pin)
            var photo = AlbumPhoto(
                candidate: PhotoCandidate(key: PhotoKey(provider: "t", id: id), title: id, sources: [:]), size: .small240)
            photo.state = .stored
            photo.sha256 = info.sha256
            photo.bytes = info.bytes
            album.photos.append(photo)
            try transaction.addReference(info.sha256, pin: pin, key: photo.key)
            try transaction.save(album)
        }
    }

    /// Eight machines each add photos to one album at once: every change lands, each photo once.
    @Test func machinesChangingOneAlbumAtOnceLoseNothing() async throws {
        let bucket = try await S3TestBucket()
        let machines = try await Blocking.run { try (0..<8).map { _ in try bucket.machine() } }
        let pin = try await Blocking.run { try Self.addPin(machines[0].store, "Shared") }
        let start = Rendezvous(count: machines.count)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, machine) in machines.enumerated() {
                group.addTask {
                    try await Blocking.run {
                        start.arrive()
                        for round in 0..<3 {
                            let info = try Self.storeBytes(machine.store, "photo \(index)-\(round)")
                            try Self.attach(machine.store, info, to: pin.id, id: "\(index)-\(round)")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let (album, report, names) = try await Blocking.run {
            (try bucket.machine().store.album(pin.id), try machines[5].store.verify(), try machines[7].store.pins().map(\.name))
        }
        #expect(album.photos.count == 24 && Set(album.photos.map(\.key)).count == 24, "every machine's three photos, once each")
        #expect(report.ok && report.blobs == 24 && report.orphans.isEmpty, "\(report)")
        #expect(names == ["Shared"])
    }

    /// Two machines add a pin of one name at once: one pin, found by its name from both.
    @Test func twoMachinesAddingOneNameMakeOnePin() async throws {
        let bucket = try await S3TestBucket()
        let machines = try await Blocking.run { try (0..<2).map { _ in try bucket.machine() } }
        let start = Rendezvous(count: 2)
        let added = try await withThrowingTaskGroup(of: (Pin, Bool).self) { group in
            for machine in machines {
                group.addTask {
                    try await Blocking.run {
                        start.arrive()
                        return try machine.store.transaction {
                            try $0.addPin(name: "Harbour", location: GeoPoint(latitude: 1, longitude: 2), radiusKm: 5, target: 21)
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(added.map(\.0.id)).count == 1 && added.filter(\.1).count == 1, "\(added)")
        let (listed, report) = try await Blocking.run { (try machines[1].store.pins(), try machines[0].store.verify()) }
        #expect(listed.map(\.name) == ["Harbour"])
        #expect(report.ok, "\(report)")
    }

    /// The pin list on S3 is a snapshot and a log of one object per change, folded as it grows:
    /// 150 pins added and 50 removed by two machines read back whole, in order, from a third.
    @Test func thePinListFoldsItsLogAndReadsTheSameEverywhere() async throws {
        let bucket = try await S3TestBucket()
        let (listed, records) = try await Blocking.run {
            let machines = try (0..<3).map { _ in try bucket.machine() }
            var added: [Pin] = []
            for index in 0..<150 { added.append(try Self.addPin(machines[index % 2].store, String(format: "Pin %03d", index))) }
            for pin in added.prefix(50) { try machines[1].store.transaction { try $0.removePin(pin.id) } }
            return (try machines[2].store.pins().map(\.name), try bucket.backend.listAll(PinList.journalKey.appending("/")).count)
        }
        #expect(listed == (50..<150).map { String(format: "Pin %03d", $0) })
        #expect(records <= ObjectLog.foldingThreshold + ObjectLog.appendsPerCheck, "the log was folded: \(records) records left")
    }

    /// On a shared bucket a removed photo's blob stays for `store gc`, which keeps a blob younger
    /// than its grace period (an upload in flight elsewhere) and deletes an older one.
    @Test func unusedBlobsGoOnlyThroughGCAfterTheGracePeriod() async throws {
        let bucket = try await S3TestBucket()
        let store = try await Blocking.run { try bucket.machine() }.store
        let (deleted, kept, early, late, report) = try await Blocking.run {
            let pin = try Self.addPin(store, "Short-lived")
            let beforeUpload = Date()
            let info = try Self.storeBytes(store, "soon unused")
            try Self.attach(store, info, to: pin.id, id: "1")
            let deleted = try store.transaction { try $0.removePin(pin.id) }
            let kept = store.blobs.contains(info.sha256)
            // As at the moment of the upload (its time is whole seconds), however long it took.
            let early = try store.collectGarbage(now: beforeUpload)
            let late = try store.collectGarbage(now: Date().addingTimeInterval(2 * 3600))
            return (deleted, kept, early, late, try store.verify())
        }
        #expect(deleted == 0 && kept, "the blob stays: another machine may be about to use it")
        #expect(early.blobsRemoved == 0, "younger than the grace period: \(early)")
        #expect(late.blobsRemoved == 1 && late.bytesFreed == 11, "\(late)")
        #expect(report.ok && report.blobs == 0 && report.orphans.isEmpty, "\(report)")
    }

    /// `pin import`'s pins are committed on a bucket in one step, and another machine finds each by
    /// its name; an import stopped before its commit is not a problem to `verify`, is kept by
    /// `store gc` while it may still be under way elsewhere, and undone once older than the grace
    /// period (issue 26, finding 6).
    @Test func importedPinsCommitInOneStepAndAStoppedImportIsUndoneByGC() async throws {
        let bucket = try await S3TestBucket()
        let (names, found, during, early, listedEarly, late, after) = try await Blocking.run {
            let machines = try (0..<2).map { _ in try bucket.machine() }
            let new = try (0..<300).map {
                StoreTransaction.NewPin(
                    name: "Imported \($0)", location: try GeoPoint(latitude: Double($0) / 10, longitude: 2), radiusKm: 5)
            }
            let added = try machines[0].store.transaction { try $0.addPins(new, target: 21) }
            let names = try machines[1].store.pins().map(\.name)
            let found = try added.allSatisfy { try machines[1].store.resolvePin($0.name) == $0.id }

            // What an import stopped after writing its intent and an album leaves.
            let store = machines[1].store
            let beforeWrites = Date()
            let stray = Pin(
                id: "0badc0de", name: "Stray", location: try GeoPoint(latitude: 3, longitude: 4), radiusKm: 5, createdAt: Date())
            let intent = ImportIntent(pins: [ImportIntent.Entry(id: stray.id, name: stray.name)])
            try bucket.backend.write(ImportIntent.prefix.appending("stopped.json"), IndexCoding.encode(intent), when: .absent)
            try bucket.backend.write(store.albumKey(stray.id), IndexCoding.encode(Album(pin: stray, target: 21)), when: .absent)
            let during = try store.verify(quick: true)
            let early = try store.collectGarbage(now: beforeWrites)
            let listedEarly = try store.pins().map(\.id)
            _ = try store.collectGarbage(now: Date().addingTimeInterval(2 * 3600))
            let gone = try !bucket.backend.contains(store.albumKey(stray.id)) && bucket.backend.listAll(ImportIntent.prefix).isEmpty
            return (names, found, during, early, listedEarly, gone, try store.verify(quick: true))
        }
        #expect(names == (0..<300).map { "Imported \($0)" })
        #expect(found, "every name leads to its pin")
        #expect(during.ok && during.unfinishedImports == 1, "\(during)")
        #expect(
            early.indexEntriesRepaired == 0 && !listedEarly.contains("0badc0de"),
            "gc lists no album of an import that may be under way: \(early)")
        #expect(late, "gc undid the stopped import after the grace period")
        #expect(after.ok && after.unfinishedImports == 0, "\(after)")
    }

    /// A blob damaged in the bucket is found by `verify` although this machine's cache holds a
    /// good copy, and `repair` sets it aside and sends its photo back to pending.
    @Test func verifyReadsTheBucketNotTheCacheAndRepairQuarantines() async throws {
        let bucket = try await S3TestBucket()
        let store = try await Blocking.run { try bucket.machine() }.store
        let (quick, full, repaired, after, photos) = try await Blocking.run {
            let pin = try Self.addPin(store, "Damaged")
            let info = try Self.storeBytes(store, "good bytes")
            try Self.attach(store, info, to: pin.id, id: "1")
            #expect(try store.blobs.rehash(info.sha256) == info.sha256)
            try bucket.backend.write(store.blobs.key(of: info.sha256), Array("bad bytes!".utf8), when: .always)
            return (
                try store.verify(quick: true), try store.verify(), try store.repair(), try store.verify(),
                try store.album(pin.id).photos.map(\.state)
            )
        }
        #expect(quick.ok, "--quick downloads no blob: \(quick)")
        #expect(!full.ok && full.corrupt.count == 1, "\(full)")
        #expect(repaired.quarantined.count == 1 && repaired.quarantined[0].hasPrefix("quarantine/blobs/"), "\(repaired)")
        #expect(after.ok, "\(after)")
        #expect(photos == [.pending])
    }
}

/// The cache's own rules, in a local folder.
@Suite struct ObjectCacheTests {
    @Test func keepsBlobsUnderItsCapDroppingTheLeastRecentlyUsed() throws {
        let folder = TemporaryDirectory()
        let cache = ObjectCache(directory: folder.path, capacity: 10_000)
        func key(_ name: UInt8) -> ObjectKey { .blob("blobs/sha256/" + Hex.string(SHA256.hash(data: Data(repeating: name, count: 3_000)))) }
        func cacheBlob(_ name: UInt8) throws {
            let sink = try #require(cache.blobWriter(key(name)))
            try sink.write(Data(repeating: name, count: 3_000))
            sink.finish(contentLength: 3_000)
        }
        try cacheBlob(1)
        try cacheBlob(2)
        try cacheBlob(3)
        // Mark 1 used after 2 and 3: 2 is now the least recently used.
        _ = utimensat(
            AT_FDCWD, folder.path + "/blobs/" + key(2).path, [timespec(tv_sec: 1, tv_nsec: 0), timespec(tv_sec: 1, tv_nsec: 0)], 0)
        #expect(cache.checkedBlob(key(1)) != nil)
        try cacheBlob(4)
        #expect(cache.checkedBlob(key(2)) == nil, "the least recently used went")
        #expect(cache.checkedBlob(key(1)) != nil && cache.checkedBlob(key(3)) != nil && cache.checkedBlob(key(4)) != nil)
    }

    @Test func keepsOnlyABlobThatIsWholeAndHashesToItsName() throws {
        let folder = TemporaryDirectory()
        let cache = ObjectCache(directory: folder.path, capacity: 1 << 20)
        let bytes = Data(repeating: 7, count: 3_000)
        let key = ObjectKey.blob("blobs/sha256/" + Hex.string(SHA256.hash(data: bytes)))
        for (written, length) in [(bytes.dropLast(), nil), (bytes, 3_001), (bytes.dropLast() + [8], 3_000)] as [(Data, Int?)] {
            let sink = try #require(cache.blobWriter(key))
            try sink.write(written)
            sink.finish(contentLength: length)
            #expect(cache.checkedBlob(key) == nil, "\(written.count) bytes, Content-Length \(String(describing: length))")
        }
        let sink = try #require(cache.blobWriter(key))
        try sink.write(bytes)
        sink.finish(contentLength: 3_000)
        #expect(cache.checkedBlob(key)?.size == 3_000)
    }

    @Test func keepsIndexObjectsWithTheirVersionAndForgetsThem() throws {
        let folder = TemporaryDirectory()
        let object = StoredObject(bytes: Array("{\"album\":1}".utf8), etag: "abc123")
        // Copies confirmed within the hour are fresh here, so that "at once" holds however busy the machine.
        func cache() -> ObjectCache { ObjectCache(directory: folder.path, capacity: 0, confirmationLifetime: .seconds(3600)) }
        cache().remember("index/albums/x.json", object)
        #expect(cache().candidate("index/albums/x.json")?.fresh == true, "another process may show it at once")
        // Confirmed a day ago: another process asks again before it shows it.
        let dayAgo = timespec(tv_sec: time(nil) - 86_400, tv_nsec: 0)
        _ = utimensat(AT_FDCWD, folder.path + "/index/index/albums/x.json", [dayAgo, dayAgo], 0)
        let later = cache()
        let candidate = try #require(later.candidate("index/albums/x.json"))
        #expect(candidate.object == object && !candidate.fresh, "read from disk, old: asked again before use")
        later.confirmed("index/albums/x.json")
        #expect(later.candidate("index/albums/x.json")?.fresh == true, "confirmed just now")
        later.forget("index/albums/x.json")
        #expect(later.candidate("index/albums/x.json") == nil)
        #expect(cache().candidate("index/albums/x.json") == nil)
    }

    @Test func theConfirmationLifetimeIsTwoSecondsUnlessTheEnvironmentSaysOtherwise() {
        #expect(ObjectCache.confirmationLifetime(environment: [:]) == .seconds(2))
        #expect(ObjectCache.confirmationLifetime(environment: ["TOURIST_CACHE_FRESH_SECONDS": "3600"]) == .seconds(3600))
        #expect(ObjectCache.confirmationLifetime(environment: ["TOURIST_CACHE_FRESH_SECONDS": "soon"]) == .seconds(2))
        #expect(ObjectCache.confirmationLifetime(environment: ["TOURIST_CACHE_FRESH_SECONDS": "-1"]) == .seconds(2))
    }
}
