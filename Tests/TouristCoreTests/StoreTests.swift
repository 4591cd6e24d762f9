import Foundation
import Synchronization
import Testing
import TestSupport
@testable import TouristCore

@Suite struct StoreTests {
    let folder = TemporaryDirectory()
    var root: String { folder.child("store") }

    func storeBytes(_ store: Store, _ text: String) throws -> BlobInfo {
        let writer = try store.blobs.makeWriter(maxBytes: 1 << 20)
        try writer.write(Data(text.utf8))
        return try store.blobs.commit(writer)
    }

    func addPin(_ store: Store, _ name: String) throws -> Pin {
        try store.transaction { try $0.addPin(name: name, location: GeoPoint(latitude: 1, longitude: 2), radiusKm: 5, target: 21).pin }
    }

    /// Puts blob `info` into the album of `pin` as a stored photo.
    func attach(_ store: Store, _ info: BlobInfo, to pin: Pin, id: String) throws {
        try store.transaction { transaction in
            var album = try transaction.album(pin.id)
            var photo = AlbumPhoto(
                candidate: PhotoCandidate(key: PhotoKey(provider: "t", id: id), title: id, sources: [:]), size: .small240)
            photo.state = .stored
            photo.sha256 = info.sha256
            photo.bytes = info.bytes
            album.photos.append(photo)
            try transaction.addReference(info.sha256, pin: pin.id, key: photo.key)
            try transaction.save(album)
        }
    }

    @Test func blobsAreNamedByTheirSHA256AndStoredOnce() throws {
        let store = try Store(path: root)
        let info = try storeBytes(store, "abc")
        #expect(info.sha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(info.bytes == 3)
        let path = store.blobs.path(of: info.sha256)
        #expect(path == "\(root)/blobs/sha256/ba/\(info.sha256)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "abc")
        let again = try storeBytes(store, "abc")
        #expect(again == info)
        #expect(try store.blobs.allHashes() == [info.sha256])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o444)
        #expect(FileSystem.list(try #require(store.blobs.temporaryArea).directory()).filter { $0 != "owner" }.isEmpty)
    }

    @Test func aWriterRefusesMoreThanTheCap() throws {
        let store = try Store(path: root)
        let writer = try store.blobs.makeWriter(maxBytes: 4)
        #expect(throws: ProviderError.tooLarge("the photo is larger than downloads.maxPhotoBytes (4 bytes)")) {
            try writer.write(Data("too long".utf8))
        }
    }

    @Test func atomicWritesNeverShowAHalfWrittenFile() async throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = root + "/file.json"
        let first = Array(String(repeating: "a", count: 300_000).utf8), second = Array(String(repeating: "b", count: 200_000).utf8)
        let firstData = Data(first), secondData = Data(second)
        try FileSystem.writeAtomically(first, to: path)
        // The writer keeps replacing the file until the reader has seen both versions (so reads
        // did overlap writes) and read 200 times: however long a busy machine takes for that, and
        // no longer. On a thread of its own: the reads below keep one of the pool's threads busy.
        let done = Atomic<Bool>(false), writerEnded = Atomic<Bool>(false)
        let writer = Task {
            try await Blocking.run {
                defer { writerEnded.store(true, ordering: .releasing) }
                var round = 0
                while !done.load(ordering: .acquiring) {
                    try FileSystem.writeAtomically(round % 2 == 0 ? second : first, to: path)
                    round += 1
                }
                return round
            }
        }
        defer { done.store(true, ordering: .releasing) }  // also when a read below throws
        var reads = 0, sawFirst = false, sawSecond = false
        // Until the writer ends, which it does only when told or when a write fails.
        while !(sawFirst && sawSecond && reads >= 200), !writerEnded.load(ordering: .acquiring) {
            let seen = Data(try #require(try FileSystem.read(path)))
            // Compared with memcmp, not element by element.
            if seen == firstData {
                sawFirst = true
            } else if seen == secondData {
                sawSecond = true
            } else {
                Issue.record("read \(seen.count) bytes that are neither version")
            }
            reads += 1
            await Task.yield()
        }
        done.store(true, ordering: .releasing)
        let writes = try await writer.value
        #expect(sawFirst && sawSecond, "the reads overlapped the writes: both versions were seen (\(reads) reads, \(writes) writes)")
        #expect(FileSystem.list(root) == ["file.json"])
    }

    @Test func openingRemovesWhatDeadProcessesLeftInTmpButNotLiveOnes() throws {
        let live = try Store(path: root)
        let liveArea = try #require(live.blobs.temporaryArea).directory()
        #expect(try #require(live.blobs.temporaryArea).directory() == liveArea)
        let dead = root + "/tmp/99999999-1"
        try FileManager.default.createDirectory(atPath: dead, withIntermediateDirectories: true)
        try Data("partial".utf8).write(to: URL(fileURLWithPath: dead + "/blob-x"))
        _ = try Store(path: root)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: liveArea))
    }

    @Test func aKilledWritesTemporaryFileIsFoundOnceOldButALiveWritersNever() throws {
        _ = try Store(path: root)
        let folder = root + "/index/albums"
        try FileSystem.makeDirectory(folder)
        let live = try FileSystem.makeTemporaryFile(in: folder)
        var old = [timespec(tv_sec: time(nil) - 600, tv_nsec: 0), timespec(tv_sec: time(nil) - 600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, live.path, &old, 0) == 0)
        let leftovers = KilledWrites(root: root)
        let name = "index/albums/" + (live.path as NSString).lastPathComponent
        #expect(leftovers.find().isEmpty, "its writer still holds it")
        #expect(leftovers.remove() == 0 && FileManager.default.fileExists(atPath: live.path))
        close(live.fd)
        #expect(leftovers.find() == [name], "its writer is gone")
        #expect(leftovers.find(now: Date(timeIntervalSinceNow: -600)).isEmpty, "too young to tell from a writer about to lock it")
        #expect(leftovers.remove() == 1 && !FileManager.default.fileExists(atPath: live.path))
    }

    @Test func aBlobIsDeletedWithItsLastReference() throws {
        let store = try Store(path: root)
        let info = try storeBytes(store, "shared photo")
        let first = try addPin(store, "first"), second = try addPin(store, "second")
        try attach(store, info, to: first, id: "x")
        try attach(store, info, to: second, id: "x")
        try store.transaction { try $0.removePin(first.id) }
        #expect(store.blobs.contains(info.sha256))
        try store.transaction { try $0.removePin(second.id) }
        #expect(!store.blobs.contains(info.sha256))
        #expect(try store.pins().isEmpty)
        #expect(try store.verify() == VerifyReport())
    }

    @Test func removedPhotosStayRemovedAndTakeOnlyTheirOwnFiles() throws {
        let store = try Store(path: root)
        let first = try addPin(store, "first"), second = try addPin(store, "second")
        let shared = try storeBytes(store, "in both albums"), own = try storeBytes(store, "only in the first")
        try attach(store, shared, to: first, id: "a")
        try attach(store, own, to: first, id: "b")
        try attach(store, shared, to: second, id: "a")
        #expect(throws: StoreError.self) {
            try store.transaction {
                try $0.removePhotos([PhotoKey(provider: "t", id: "a"), PhotoKey(provider: "t", id: "nope")], fromPin: first.id)
            }
        }
        #expect(try store.album(first.id).photos.count == 2, "an unknown photo removes nothing")
        let deleted = try store.transaction {
            try $0.removePhotos([PhotoKey(provider: "t", id: "a"), PhotoKey(provider: "t", id: "b")], fromPin: first.id)
        }
        #expect(deleted == 1)
        let album = try store.album(first.id)
        #expect(album.photos.isEmpty && album.removed == [PhotoKey(provider: "t", id: "a"), PhotoKey(provider: "t", id: "b")])
        #expect(store.blobs.contains(shared.sha256) && !store.blobs.contains(own.sha256), "the shared file stays for the second album")
        #expect(try store.verify().ok)
    }

    @Test func verifyDetectsACorruptBlob() throws {
        let store = try Store(path: root)
        let pin = try addPin(store, "p")
        let info = try storeBytes(store, "original bytes")
        try attach(store, info, to: pin, id: "1")
        #expect(try store.verify().ok)
        let path = store.blobs.path(of: info.sha256)
        chmod(path, 0o644)
        try Data("tampered bytes".utf8).write(to: URL(fileURLWithPath: path))
        let report = try store.verify()
        #expect(!report.ok)
        #expect(report.corrupt.count == 1)
        #expect(report.corrupt[0].hasPrefix("\(info.sha256): its bytes hash to "))
    }

    @Test func verifyDetectsAMissingBlob() throws {
        let store = try Store(path: root)
        let pin = try addPin(store, "p")
        let info = try storeBytes(store, "soon gone")
        try attach(store, info, to: pin, id: "1")
        try FileManager.default.removeItem(atPath: store.blobs.path(of: info.sha256))
        let report = try store.verify()
        #expect(!report.ok)
        #expect(report.missing == ["\(info.sha256): used by \(pin.id) t:1"])
    }

    @Test func verifyDetectsDanglingIndexEntriesAndGCRepairsThem() throws {
        let store = try Store(path: root)
        let kept = try addPin(store, "kept")
        let lost = try addPin(store, "lost")
        try FileManager.default.removeItem(atPath: store.albumPath(lost.id))
        let orphan = try storeBytes(store, "no album uses me")
        let report = try store.verify()
        // What an interrupted `pin rm` leaves: counted, skipped by readers, not a problem.
        #expect(report.ok && report.leftoverPinEntries == 1, "\(report)")
        #expect(try store.pins().map(\.id) == [kept.id], "pin list does not show the removed pin")
        #expect(report.orphans == [orphan.sha256])
        let collected = try store.collectGarbage()
        #expect(collected.blobsRemoved == 1)
        #expect(collected.indexEntriesRepaired == 2)
        #expect(try store.verify() == VerifyReport())
        #expect(try store.pins().map(\.id) == [kept.id])
        #expect(throws: StoreError.self) { try store.resolvePin("lost") }
    }

    @Test func orphanBlobsAreListedButDoNotFailVerify() throws {
        let store = try Store(path: root)
        let orphan = try storeBytes(store, "left by a crash")
        let report = try store.verify()
        #expect(report.ok)
        #expect(report.orphans == [orphan.sha256])
    }

    @Test func aSecondWriterWaitsThenFailsClearly() throws {
        let store = try Store(path: root, lockTimeout: 0.3)
        let holder = try #require(try FileLock.tryLock(root + "/lock"))
        defer { holder.unlock() }
        do {
            _ = try addPin(store, "blocked")
            Issue.record("the transaction ran while another holder had the lock")
        } catch let error as StoreError {
            #expect(error.kind == .busy)
            #expect(error.message.hasPrefix("the store \(root) is busy: another tourist process"))
            #expect(error.message.hasSuffix("has held its lock for over 0.3 s. Wait for it to finish and run the command again"))
        }
    }

    @Test func refusesANewerFormatAFileAndAForeignFolder() throws {
        _ = try Store(path: root)
        try Data("2\n".utf8).write(to: URL(fileURLWithPath: root + "/VERSION"))
        #expect(
            throws: StoreError(
                .newerVersion,
                "the store \(root) has format version 2, newer than this tourist reads (1). Upgrade tourist; nothing was changed")
        ) {
            try Store(path: root)
        }
        let file = try folder.write("plain-file", "hello")
        #expect(
            throws: StoreError(
                .unusable, "the store path \(file) is a file, not a folder",
                remedy: Remedy(.pointAtStore("a folder (it is created when missing)")))
        ) {
            try Store(path: file)
        }
        let foreign = folder.child("documents")
        try folder.write("documents/notes.txt", "mine")
        #expect(
            throws: StoreError(
                .unusable, "\(foreign) is not a tourist store (it has files but no VERSION)", remedy: Remedy(.chooseEmptyStoreFolder))
        ) {
            try Store(path: foreign)
        }
        #expect(try String(contentsOfFile: foreign + "/notes.txt", encoding: .utf8) == "mine")
    }

    @Test func pinsAreFoundByIdOrExactName() throws {
        let store = try Store(path: root)
        let pin = try addPin(store, "Eiffel Tower")
        #expect(try store.resolvePin(pin.id) == pin.id)
        #expect(try store.resolvePin("Eiffel Tower") == pin.id)
        #expect(throws: StoreError(.notFound, "no pin \"eiffel tower\" in \(root)", remedy: Remedy(.listPins))) {
            try store.resolvePin("eiffel tower")
        }
        #expect(try addPin(store, "Eiffel Tower") == pin)
        #expect(
            throws: StoreError(
                .conflict, "a pin named \"Eiffel Tower\" already exists at another place (id \(pin.id))",
                remedy: Remedy(.chooseAnotherName, .removePin(pin: pin.id), joining: .or))
        ) {
            try store.transaction {
                try $0.addPin(name: "Eiffel Tower", location: GeoPoint(latitude: 3, longitude: 4), radiusKm: 5, target: 21)
            }
        }
    }
}
