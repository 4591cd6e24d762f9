import Foundation
import GeotaggedPhotos
import Logging
import Testing
import TestSupport
@testable import Directory
@testable import TouristCore

/// A directory provider's photo ids: paths relative to the folder that holds the file, labelled by
/// that folder's name only when there are several folders, and ids of earlier forms renamed.
@Suite struct DirectoryPhotoIDTests {
    @Test func oneFolderGivesThePathInsideIt() {
        let ids = DirectoryPhotoIDs(roots: ["/home/me/Pictures/"])
        #expect(ids.id(forPath: "/home/me/Pictures/trip/DSCN0042.jpg") == "trip/DSCN0042.jpg")
        #expect(ids.id(forPath: "/home/me/Pictures/DSCN0042.jpg") == "DSCN0042.jpg")
        #expect(ids.id(forPath: "/home/me/Pictures2/DSCN0042.jpg") == nil, "a folder whose name only starts the same holds nothing")
        #expect(ids.id(forPath: "/elsewhere/DSCN0042.jpg") == nil)
        #expect(ids.path(forID: "trip/DSCN0042.jpg") == "/home/me/Pictures/trip/DSCN0042.jpg")
    }

    @Test func severalFoldersAreLabelledByTheirNames() {
        let ids = DirectoryPhotoIDs(roots: ["/home/me/Pictures", "/media/card/DCIM"])
        #expect(ids.id(forPath: "/home/me/Pictures/trip/DSCN0042.jpg") == "Pictures/trip/DSCN0042.jpg")
        #expect(ids.id(forPath: "/media/card/DCIM/100NIKON/DSCN0001.jpg") == "DCIM/100NIKON/DSCN0001.jpg")
        #expect(ids.path(forID: "DCIM/100NIKON/DSCN0001.jpg") == "/media/card/DCIM/100NIKON/DSCN0001.jpg")
        #expect(ids.path(forID: "Elsewhere/DSCN0001.jpg") == nil)
    }

    /// Two cards both named DCIM: their parents tell them apart, and only theirs.
    @Test func foldersOfOneNameAreToldApartByTheirParents() {
        let ids = DirectoryPhotoIDs(roots: ["/media/card-a/DCIM", "/media/card-b/DCIM", "/home/me/Pictures"])
        #expect(ids.labels == ["card-a/DCIM", "card-b/DCIM", "Pictures"])
        #expect(ids.id(forPath: "/media/card-a/DCIM/100CANON/IMG_0001.JPG") == "card-a/DCIM/100CANON/IMG_0001.JPG")
        #expect(ids.id(forPath: "/media/card-b/DCIM/100CANON/IMG_0001.JPG") == "card-b/DCIM/100CANON/IMG_0001.JPG")
    }

    /// No label may start another: `a` and `a/b` would give `a/b/x.jpg` to two files.
    @Test func noLabelStartsAnother() {
        let roots = ["/p/a", "/q/a/b", "/r/b"]
        let ids = DirectoryPhotoIDs(roots: roots)
        let files = ["/p/a/b/x.jpg", "/q/a/b/x.jpg", "/r/b/x.jpg", "/p/a/x.jpg"]
        let made = files.compactMap(ids.id(forPath:))
        #expect(made.count == files.count && Set(made).count == files.count, "\(made)")
        for (file, id) in zip(files, made) {
            #expect(ids.path(forID: id) == file, "\(id)")
        }
    }

    /// A file in a folder inside another configured folder belongs to the deepest one.
    @Test func nestedFoldersGiveTheFileToTheDeepest() {
        let ids = DirectoryPhotoIDs(roots: ["/home/me/Pictures", "/home/me/Pictures/trip"])
        #expect(ids.id(forPath: "/home/me/Pictures/trip/x.jpg") == "trip/x.jpg")
        #expect(ids.id(forPath: "/home/me/Pictures/other/x.jpg") == "Pictures/other/x.jpg")
        #expect(ids.path(forID: "trip/x.jpg") == "/home/me/Pictures/trip/x.jpg")
        #expect(ids.path(forID: "Pictures/trip/x.jpg") == nil, "that file's id is trip/x.jpg")
    }

    /// Absolute paths (tourist before ids were relative) become relative ids; an id of another
    /// list of folders becomes its file's id under this one; current ids and files outside the
    /// folders are left alone.
    @Test func idsOfEarlierFormsAreRenamed() throws {
        let factory = DirectoryProviderFactory()
        func options(_ roots: [String]) -> ProviderOptions {
            ProviderOptions(file: "config.json", path: "providers[0]", values: ["path": .array(roots.map(JSONValue.string))])
        }
        let legacy = try factory.photoIDUpgrade(options: options(["/home/me/Pictures"]), previousScheme: nil)
        #expect(legacy.scheme == "/home/me/Pictures")
        #expect(legacy.currentID("/home/me/Pictures/trip/DSCN0042.jpg") == "trip/DSCN0042.jpg")
        #expect(legacy.currentID("trip/DSCN0042.jpg") == nil)
        #expect(legacy.currentID("/somewhere/else.jpg") == nil)

        let widened = try factory.photoIDUpgrade(
            options: options(["/home/me/Pictures", "/media/card/DCIM"]), previousScheme: legacy.scheme)
        #expect(widened.currentID("trip/DSCN0042.jpg") == "Pictures/trip/DSCN0042.jpg")
        #expect(widened.currentID("/media/card/DCIM/x.jpg") == "DCIM/x.jpg")
    }

    /// Search results carry relative ids; `photo(id:)` finds a photo by one; the camera comes
    /// from EXIF Make and Model, and survives the scan index.
    @Test func searchesGiveRelativeIdsAndTheCamera() async throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.child("photos/trip"), withIntermediateDirectories: true)
        var photo = GeotaggedPhoto(latitude: 48.8584, longitude: 2.2945, takenAt: "2024:05:01 17:00:00")
        (photo.make, photo.model) = ("NIKON CORPORATION", "NIKON D750")
        try photo.write(.jpeg, to: folder.child("photos/trip/DSCN0042.jpg"))
        for indexed in [false, true] {
            let provider = DirectoryProvider(
                name: "pictures", tree: DirectoryTree(roots: [folder.child("photos")]), indexPath: folder.child("state/scan-index"),
                logger: Logger(label: "test")
            )
            let found = try await provider.search(
                GeoQuery(center: try GeoPoint(latitude: 48.8584, longitude: 2.2945), radiusKm: 1, limit: 5))
            let candidate = try #require(found.candidates.first)
            #expect(candidate.key.description == "pictures:trip/DSCN0042.jpg", "read from the index: \(indexed)")
            #expect(candidate.title == "DSCN0042.jpg")
            #expect(candidate.camera == "NIKON D750", "read from the index: \(indexed)")
            #expect(candidate.sources[.original] == .file(folder.child("photos/trip/DSCN0042.jpg")))
            #expect(try await provider.photo(id: "trip/DSCN0042.jpg").key == candidate.key)
        }
    }

    @Test func cameraNamesReadAsPeopleSayThem() {
        #expect(ExifTags.camera(make: "Canon", model: "Canon EOS R5") == "Canon EOS R5")
        #expect(ExifTags.camera(make: "FUJIFILM", model: "X-T4") == "FUJIFILM X-T4")
        #expect(ExifTags.camera(make: "Apple", model: nil) == "Apple")
        #expect(ExifTags.camera(make: nil, model: "iPhone 12") == "iPhone 12")
        #expect(ExifTags.camera(make: nil, model: nil) == nil)
    }
}
