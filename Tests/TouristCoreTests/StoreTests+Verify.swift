import Foundation
import Testing
@testable import TouristCore

/// What `verify`, `verify --quick` and `repair` find and do about the blob references, on a real
/// store in a temporary folder.
extension StoreTests {
    @Test func quickVerifyFindsAUsedBlobWithoutAReferenceFileButNotAShortList() throws {
        let store = try Store(path: root)
        let first = try addPin(store, "first"), second = try addPin(store, "second")
        let shared = try storeBytes(store, "used by two albums"), single = try storeBytes(store, "used by one")
        try attach(store, shared, to: first, id: "a")
        try attach(store, shared, to: second, id: "b")
        try attach(store, single, to: first, id: "c")
        #expect(
            try store.verify(quick: true)
                == {
                    var clean = VerifyReport(); clean.blobs = 2; clean.rehashed = false; return clean
                }())

        // A reference file that lists one of the two users: only the full check reads whom it lists.
        try store.transaction { try $0.writeReferences(["\(first.id) t:a"], of: shared.sha256) }
        #expect(try store.verify(quick: true).ok)
        let full = try store.verify()
        #expect(full.problems.map(\.kind) == [.references] && full.problems[0].what.contains("first: \(shared.sha256)"), "\(full.problems)")

        // A used blob without any reference file: both find it.
        try FileManager.default.removeItem(atPath: store.refsPath(single.sha256))
        let quick = try store.verify(quick: true)
        #expect(
            quick.problems.map(\.kind) == [.references] && quick.problems[0].what.contains("1 blob is used")
                && quick.problems[0].what.contains(single.sha256), "\(quick.problems)")

        _ = try store.repair()
        #expect(try store.verify().ok)
        #expect(Set(try store.transaction { try $0.references(of: shared.sha256) }) == ["\(first.id) t:a", "\(second.id) t:b"])
    }

    @Test func quickVerifyReadsWhatLinksAnAlbumAndTheFullOneEveryField() throws {
        let store = try Store(path: root)
        let pin = try addPin(store, "p")
        try attach(store, try storeBytes(store, "a photo"), to: pin, id: "1")
        let path = store.albumPath(pin.id)
        func edit(_ from: String, _ to: String) throws {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(from))
            try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
        }
        // A descriptive field of the wrong type: only the full check decodes titles.
        try edit(#""title":"1""#, #""title":1"#)
        #expect(try store.verify(quick: true).ok)
        #expect(
            try store.verify().problems.map(\.what) == [
                "index/albums/\(pin.id).json cannot be read (unexpected value at photos[0].candidate.title); its pin's photos are not listed"
            ])
        // A photo's state is a link (stored photos name their blob): both find it.
        try edit(#""title":1"#, #""title":"1""#)
        try edit(#""state":"stored""#, #""state":"kept""#)
        #expect(
            try store.verify(quick: true).problems.map(\.what) == [
                "index/albums/\(pin.id).json cannot be read (unexpected value at photos[0].state); its pin's photos are not listed"
            ])
        // A torn file: both find it.
        try String(try String(contentsOfFile: path, encoding: .utf8).prefix(40)).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(
            try store.verify(quick: true).problems.first?.what
                == "index/albums/\(pin.id).json cannot be read (not valid JSON); its pin's photos are not listed")
    }

    @Test func aStoredPhotoWithoutABlobNameIsFoundAndFetchedAgain() throws {
        let store = try Store(path: root)
        let pin = try addPin(store, "p")
        let info = try storeBytes(store, "a photo")
        try attach(store, info, to: pin, id: "1")
        try store.transaction { transaction in
            var album = try transaction.album(pin.id)
            album.photos[0].sha256 = "not a blob name"
            try transaction.save(album)
        }
        let report = try store.verify(quick: true)
        #expect(
            report.problems.map(\.kind) == [.missingBlob]
                && report.problems[0].what == "photo t:1 of pin \(pin.id) is recorded as stored but names no blob", "\(report.problems)")
        let repaired = try store.repair()
        #expect(repaired.pinsToFetch == [pin.id])
        #expect(try store.album(pin.id).photos.map(\.state) == [.pending])
        #expect(try store.verify().ok)
    }

    @Test func anUnreadableBlobIsSetAsideByRepair() throws {
        let store = try Store(path: root)
        let pin = try addPin(store, "p")
        let info = try storeBytes(store, "soon unreadable")
        try attach(store, info, to: pin, id: "1")
        // A folder where the blob's file was: opened, but it cannot be read (even by root).
        let path = store.blobs.path(of: info.sha256)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let report = try store.verify()
        #expect(report.corrupt == ["\(info.sha256): cannot be read"], "\(report)")
        #expect(report.problems.map(\.what) == ["blob \(info.sha256) cannot be read; used by \(pin.id) t:1"])
        let repaired = try store.repair()
        #expect(
            repaired.quarantined == ["quarantine/blobs/\(info.sha256)"] && repaired.actions.contains { $0.contains("was unreadable") },
            "\(repaired)")
        #expect(try store.album(pin.id).photos.map(\.state) == [.pending])
        #expect(try store.verify().ok)
    }

    @Test func blobIDsReadHexNamesAndSortAsThey() throws {
        let names = (0..<200).map { index in
            Hex.string((0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ index &* 11 &+ ($0 == 0 ? index : 0)) })
        }
        let ids = names.compactMap(BlobID.init)
        #expect(ids.map(\.hex) == names, "every name reads back")
        #expect(ids.sorted().map(\.hex) == names.sorted(), "ids sort as their names")
        for bad in [String(names[0].dropLast()), names[0] + "0", names[0].uppercased(), String(names[0].dropLast()) + "g", ""] {
            #expect(BlobID(bad) == nil, "\(bad)")
        }
        #expect(Sorted.difference([1, 3, 5, 7, 9], [0, 3, 4, 9, 10]) == [1, 5, 7])
        #expect(Sorted.difference([Int](), [1]) == [] && Sorted.difference([2], []) == [2])
        #expect(Sorted.position(of: 7, in: [1, 3, 5, 7, 9]) == 3 && Sorted.position(of: 4, in: [1, 3, 5]) == nil)
    }
}

/// A photo's other sizes kept in the store (`PhotoView`): referenced like the photo, checked by
/// verify, dropped by repair when their file is lost, and gone with the photo.
extension StoreTests {
    @Test func aKeptLargerSizeIsReferencedVerifiedAndGoesWithItsPhoto() throws {
        let store = try Store(path: root)
        let pin = try addPin(store, "p")
        try attach(store, try storeBytes(store, "the album's size"), to: pin, id: "1")
        let larger = try storeBytes(store, "a larger size")
        let view = PhotoView(size: .large1024, sha256: larger.sha256, bytes: larger.bytes, mimeType: larger.mimeType)
        let key = PhotoKey(provider: "t", id: "1")
        #expect(try store.transaction { try $0.addView(view, key: key, pin: pin.id) })
        #expect(try store.album(pin.id).photos[0].copy(at: .large1024) == view)
        #expect(try store.transaction { try $0.references(of: larger.sha256) } == ["\(pin.id) t:1 b"])
        #expect(try store.verify().ok)
        #expect(try store.verify(quick: true).ok)
        // A photo that is not in the album gets no view.
        #expect(try store.transaction { try $0.addView(view, key: PhotoKey(provider: "t", id: "gone"), pin: pin.id) } == false)

        // Its file lost: verify names it, repair drops the view (the photo page downloads it again).
        try FileManager.default.removeItem(atPath: store.blobs.path(of: larger.sha256))
        let report = try store.verify()
        #expect(report.problems.map(\.kind) == [.missingBlob] && report.problems[0].what.contains("\(pin.id) t:1 b"), "\(report.problems)")
        let repaired = try store.repair()
        #expect(repaired.actions.contains { $0.contains("larger size of photo t:1") }, "\(repaired.actions)")
        #expect(try store.album(pin.id).photos[0].views == [])
        #expect(try store.album(pin.id).photos[0].state == .stored)
        #expect(try store.verify().ok)

        // Kept again, then the photo goes: both its files go with it.
        let again = try storeBytes(store, "a larger size")
        #expect(try store.transaction { try $0.addView(view, key: key, pin: pin.id) })
        #expect(try store.transaction { try $0.removePhotos([key], fromPin: pin.id) } == 2)
        #expect(!store.blobs.contains(again.sha256))
        #expect(try store.blobs.allHashes().isEmpty)
    }
}
