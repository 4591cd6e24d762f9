import Foundation
import GeotaggedPhotos
import Testing
import TestSupport

/// Your own photos through the built binary (issue 33, case 3): ids relative to the folder, a store
/// an older tourist wrote with absolute-path ids renamed without losing a photo, `photo rm PIN 3`
/// by the number `album` shows, and export names without a path or a repeated extension.
@Suite struct OwnPhotoEndToEndTests {
    let harness: Harness
    let photos: String
    let config: String

    /// Six photos north of the Eiffel Tower, 50 m apart, in `photos/trip`.
    init() throws {
        harness = try Harness()
        (photos, config) = try harness.ownPhotos(in: "trip")
        for index in 0..<6 {
            var photo = GeotaggedPhoto(
                latitude: 48.8584 + Double(index) * 0.00045, longitude: 2.2945, takenAt: "2024:06:01 17:0\(index):00")
            (photo.make, photo.model) = ("NIKON CORPORATION", "NIKON D750")
            try photo.write(.jpeg, to: "\(photos)/trip/DSCN00\(40 + index).jpg")
        }
    }

    @discardableResult
    func tourist(_ arguments: String..., expecting status: Int32 = 0) async throws -> TouristBinary.Result {
        try await harness.run(arguments + ["--config", config], expecting: status)
    }

    func json(_ arguments: String..., expecting status: Int32 = 0) async throws -> [String: Any] {
        let result = try await harness.run(arguments + ["--config", config, "--json"], expecting: status)
        return try #require(try result.json() as? [String: Any], "stdout is not one JSON object: \(result.stdout)")
    }

    /// A pin whose album holds the `count` photos nearest the tower; its id.
    func pinWithAlbum(count: Int) async throws -> String {
        let pin = try #require(try await json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--radius", "1")["id"] as? String)
        #expect(try await json("fetch", pin, "--count", String(count)).photos.count == count)
        return pin
    }

    func ids(_ pin: String) async throws -> [String] {
        try await json("album", pin).photos.compactMap { $0["id"] as? String }
    }

    @Test func idsArePathsInsideTheFolder() async throws {
        let pin = try await pinWithAlbum(count: 2)
        #expect(try await ids(pin) == ["pictures:trip/DSCN0040.jpg", "pictures:trip/DSCN0041.jpg"])
        let photo = try #require(try await json("album", pin).photos.first)
        #expect(photo["camera"] as? String == "NIKON D750")
        #expect(photo["file"] as? String == "\(photos)/trip/DSCN0040.jpg")
        let saved = try await json(
            "photo", "get", "pictures:trip/DSCN0041.jpg", "--size", "o", "--output", harness.folder.child("copy.jpg"))
        #expect(try sha256sum(saved["path"] as? String ?? "") == (try sha256sum("\(photos)/trip/DSCN0041.jpg")))
    }

    /// A store as tourist wrote it before ids were relative: the album's photos, what the pin has
    /// shown and what was removed, and `index/refs`, all with absolute paths, and no record of a
    /// renaming. The first command renames them all; nothing is lost, `store verify` is clean, the
    /// removed photo stays away, and the photos are removed and fetched by their new ids.
    @Test func aStoreWithAbsolutePathIdsIsRenamedWithoutLosingAPhoto() async throws {
        let pin = try await pinWithAlbum(count: 3)
        try await tourist("photo", "rm", pin, "2")
        let kept = try await json("album", pin).photos
        try makeLegacy()
        let album = try String(contentsOfFile: harness.store + "/index/albums/\(pin).json", encoding: .utf8)
        #expect(
            album.contains("pictures:\(photos)/trip/DSCN0041.jpg") && !album.contains("pictures:trip/"),
            "the store is as an older tourist wrote it")

        let listed = try await harness.run(["album", pin, "--json", "--config", config])
        #expect(listed.stderr.contains("pictures: 2 photos in albums renamed to the ids this version gives them"), "\(listed.stderr)")
        let renamed = try #require(try listed.json() as? [String: Any]).photos
        #expect(renamed.compactMap { $0["id"] as? String } == ["pictures:trip/DSCN0040.jpg", "pictures:trip/DSCN0042.jpg"])
        #expect(renamed.map { $0["sha256"] as? String } == kept.map { $0["sha256"] as? String }, "the same photos, stored")
        #expect(renamed.allSatisfy { $0["state"] as? String == "stored" })
        let verified = try await json("store", "verify")
        #expect(verified["ok"] as? Bool == true && verified["extraReferences"] as? Int == 0, "\(verified)")
        let again = try await harness.run(["album", pin, "--config", config])
        #expect(!again.stderr.contains("renamed"), "renamed once: \(again.stderr)")

        // The removed photo (DSCN0041) never comes back; the others fill the album.
        let filled = try await json("fetch", pin, "--count", "5").photos.compactMap { $0["id"] as? String }
        #expect(filled.count == 5 && !filled.contains("pictures:trip/DSCN0041.jpg"), "\(filled)")
        // Removing by the new id releases the photo's file.
        let before = harness.photoFiles().count
        try await tourist("photo", "rm", pin, "pictures:trip/DSCN0040.jpg")
        #expect(harness.photoFiles().count == before - 1, "the file went with the photo: its reference was renamed too")
        #expect(try await json("store", "verify")["ok"] as? Bool == true)
    }

    /// Rewrites the store's ids of provider `pictures` as absolute paths and forgets the renaming,
    /// as the store was before this version.
    func makeLegacy() throws {
        let legacy = { (id: String) in id.replacingOccurrences(of: "pictures:trip/", with: "pictures:\(photos)/trip/") }
        let files = FileManager.default
        let albums = harness.store + "/index/albums"
        for name in try files.contentsOfDirectory(atPath: albums) where name.hasSuffix(".json") {
            let path = "\(albums)/\(name)"
            var album = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            var photos = try #require(album["photos"] as? [[String: Any]])
            for index in photos.indices {
                var candidate = try #require(photos[index]["candidate"] as? [String: Any])
                candidate["key"] = legacy(try #require(candidate["key"] as? String))
                candidate["camera"] = nil  // an older tourist read no camera
                photos[index]["candidate"] = candidate
            }
            album["photos"] = photos
            for set in ["shown", "removed"] { album[set] = (album[set] as? [String] ?? []).map(legacy) }
            album["removedLooks"] = nil  // an older tourist kept no removed photo's look
            try JSONSerialization.data(withJSONObject: album, options: [.sortedKeys, .withoutEscapingSlashes]).write(
                to: URL(fileURLWithPath: path))
        }
        let refs = harness.store + "/index/refs"
        for shard in try files.contentsOfDirectory(atPath: refs) {
            for name in try files.contentsOfDirectory(atPath: "\(refs)/\(shard)") {
                let path = "\(refs)/\(shard)/\(name)"
                try legacy(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
        try files.removeItem(atPath: harness.store + "/state/pictures/photo-ids")
    }

    /// `photo rm PIN 3` removes the third photo `album` lists, for the directory provider and for
    /// the demo set; a number outside the album is a usage error that removes nothing.
    @Test func photosAreRemovedByTheirNumber() async throws {
        let pin = try await pinWithAlbum(count: 4)
        let listed = try await tourist("album", pin).stdout
        #expect(listed.contains("3  pictures:trip/DSCN0042.jpg"), "\(listed)")
        let removed = try await json("photo", "rm", pin, "3", "1")
        #expect(removed["removed"] as? [String] == ["pictures:trip/DSCN0042.jpg", "pictures:trip/DSCN0040.jpg"])
        #expect(removed["pin"] as? String == pin && removed["deletedFiles"] is Int, "\(removed)")
        #expect(try await ids(pin) == ["pictures:trip/DSCN0041.jpg", "pictures:trip/DSCN0043.jpg"])

        let outside = try await tourist("photo", "rm", pin, "1", "3", expecting: 64)
        #expect(
            outside.stderr
                == "tourist: there is no photo 3 in the album of \"Eiffel\": it has 2 photos, numbered 1 to 2. Run `tourist album \(pin)` to see its photos\n",
            "\(outside.stderr)")
        let neither = try await tourist("photo", "rm", pin, "DSCN0041.jpg", expecting: 64)
        #expect(neither.stderr.contains("\"DSCN0041.jpg\" is neither a photo's number nor its id"), "\(neither.stderr)")
        #expect(try await ids(pin).count == 2, "nothing was removed")

        // The demo set, by number too.
        let demo = try #require(try await harness.json("pin", "add", "40.6892", "-74.0445", "--name", "Liberty")["id"] as? String)
        let demoIDs = try await harness.json("fetch", demo, "--count", "3").photos.compactMap { $0["id"] as? String }
        try #require(demoIDs.count == 3, "\(demoIDs)")
        #expect(try await harness.json("photo", "rm", demo, "2")["removed"] as? [String] == [demoIDs[1]])
        let demoAlbum = try await harness.json("album", demo).photos
        #expect(demoAlbum.compactMap { $0["id"] as? String } == [demoIDs[0], demoIDs[2]])
        #expect(demoAlbum.allSatisfy { $0["file"] is NSNull }, "the demo set's photos name owners: they are not your own")
    }

    /// `export` names a photo `NN TITLE.EXT`: the file's name once, without its folder, and no
    /// second extension.
    @Test func exportedFilesAreNamedByNumberAndFileName() async throws {
        let pin = try await pinWithAlbum(count: 2)
        let out = harness.folder.child("export")
        let files = try #require(try await json("export", pin, out)["files"] as? [String])
        #expect(files == ["\(out)/01 DSCN0040.jpg", "\(out)/02 DSCN0041.jpg"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
                "01 DSCN0040.jpg", "01 DSCN0040.json", "02 DSCN0041.jpg", "02 DSCN0041.json",
            ])
        #expect(try sha256sum("\(out)/01 DSCN0040.jpg") == (try sha256sum("\(photos)/trip/DSCN0040.jpg")))
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/01 DSCN0040.json"))) as? [String: Any])
        #expect((sidecar["photo"] as? [String: Any])?["id"] as? String == "pictures:trip/DSCN0040.jpg")
    }
}
