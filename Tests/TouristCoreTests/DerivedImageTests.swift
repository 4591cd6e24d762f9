import Foundation
import SyntheticImages
import Testing
import TestSupport
@testable import TouristCore

/// Derived images (a thumbnail and a preview per photo) through the real store, in a folder and in
/// memory: made from a stored original, recorded and referenced like the photo's own blob, counted
/// by `store stats`, never damage when lost (verify says they are remade, repair remakes them),
/// kept by gc, copied by `store copy`, and gone with their photo.
@Suite struct DerivedImageTests {
    let folder = TemporaryDirectory()

    /// A 3:2 photo, 1200 × 800 px: a real JPEG.
    static let photoBytes = SyntheticJPEG.make(seed: "derived", width: 1200, height: 800) ?? []
    static let key = PhotoKey(provider: "t", id: "1")

    func folderStore(_ name: String = "store") throws -> Store { try Store(path: folder.child(name)) }

    func memoryStore() throws -> Store {
        try Store(backend: MemoryBackend(), staging: TemporaryArea(root: folder.child("staging")), stateDirectory: folder.child("state"))
    }

    /// Pin "Paris" holding `bytes` as its one stored photo, without derived images, as albums
    /// written before they existed hold their photos.
    static func storedPhoto(in store: Store, bytes: [UInt8] = photoBytes) throws -> String {
        let writer = try store.blobs.makeWriter(maxBytes: 1 << 24)
        try bytes.withUnsafeBytes { try writer.write($0) }
        let blob = try store.blobs.commit(writer)
        let pin = try S3StoreTests.addPin(store, "Paris").id
        try S3StoreTests.attach(store, blob, to: pin, id: key.id)
        return pin
    }

    func photo(_ store: Store, pin: String) throws -> AlbumPhoto {
        try #require(try store.album(pin).photos.first)
    }

    @Test func onePhotoIsDecodedOnceIntoAThumbnailAndAPreview() throws {
        let path = folder.child("photo.jpg")
        try Data(Self.photoBytes).write(to: URL(fileURLWithPath: path))
        let examination = try PhotoExamination.examine(file: path, decoder: try ImageDecoder())
        #expect(examination.header.width == 1200 && examination.header.height == 800 && examination.header.mimeType == "image/jpeg")
        let thumbnail = try #require(examination.images.first { $0.recipe.kind == .thumbnail })
        let preview = try #require(examination.images.first { $0.recipe.kind == .preview })
        // The shorter side fills a 200 px tile at 2x; the preview is never larger than the photo.
        #expect((thumbnail.width, thumbnail.height) == (600, 400))
        #expect((examination.thumbnail.width, examination.thumbnail.height) == (600, 400))
        #expect((preview.width, preview.height) == (1200, 800))
        #expect(ImageFormat.mimeType(of: Array(thumbnail.bytes.prefix(32))) == "image/webp" && thumbnail.bytes.count < 150_000)
        #expect(ImageFormat.mimeType(of: Array(preview.bytes.prefix(32))) == "image/jpeg")
    }

    @Test func bytesThatAreNoImageAreAPhotoProblem() throws {
        let path = folder.child("fake.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 500)).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try PhotoExamination.examine(file: path, decoder: try ImageDecoder())
        } throws: { error in
            (error as? ImageError)?.isPhotoProblem == true
        }
    }

    @Test(arguments: ["folder", "memory"])
    func anOlderPhotoGetsItsImagesOnFirstUseRecordedAndReferenced(backend: String) throws {
        let store = try backend == "folder" ? folderStore() : memoryStore()
        let pin = try Self.storedPhoto(in: store)
        #expect(try photo(store, pin: pin).derived == nil)
        let made = try #require(try store.makeDerivedImages(of: Self.key, pin: pin, decoder: try ImageDecoder()))
        #expect(made.width == 1200 && made.height == 800 && made.mimeType == "image/jpeg")
        #expect(made.derived?.map(\.recipe) == ImageRecipe.current.map(\.id))
        #expect(try photo(store, pin: pin) == made)
        for image in made.derived ?? [] {
            #expect(store.blobs.contains(image.sha256))
            #expect(try StoreTransaction(store: store).references(of: image.sha256) == ["\(pin) t:1 \(image.recipe)"])
        }
        // Made once: asking again changes nothing.
        #expect(try store.makeDerivedImages(of: Self.key, pin: pin, decoder: try ImageDecoder()) == made)
        let report = try store.verify()
        #expect(report.ok && report.orphans.isEmpty && report.derivedToRemake == 0 && report.extraReferences == 0)
        let stats = try store.statistics()
        #expect(stats.blobs == 3 && stats.derived == 2 && stats.derivedBytes == (made.derived ?? []).map(\.bytes).reduce(0, +))
        #expect(stats.referencedBytes == Self.photoBytes.count)
    }

    @Test func aLostOrDamagedDerivedImageIsNoDamageAndRepairMakesItAgain() throws {
        let store = try folderStore()
        let pin = try Self.storedPhoto(in: store)
        let made = try #require(try store.makeDerivedImages(of: Self.key, pin: pin, decoder: try ImageDecoder()))
        let thumbnail = try #require(made.derivedImage(.thumbnail)), preview = try #require(made.derivedImage(.preview))
        try store.blobs.remove(thumbnail.sha256)
        let damaged = store.blobs.location(of: preview.sha256)
        chmod(damaged, 0o644)
        try Data("not the preview".utf8).write(to: URL(fileURLWithPath: damaged))
        let found = try store.verify()
        #expect(found.ok && found.problems.isEmpty && found.corrupt.isEmpty && found.missing.isEmpty)
        #expect(found.derivedToRemake == 2)

        let repaired = try store.repair()
        #expect(repaired.actions.contains("made the thumbnail and preview of 1 photo that had none, or had lost them"))
        #expect(repaired.lost.isEmpty && repaired.pinsToFetch.isEmpty)
        let again = try photo(store, pin: pin)
        #expect(again.state == .stored && again.derived?.count == 2)
        for image in again.derived ?? [] { #expect(store.blobs.rehash(image.sha256) == image.sha256) }
        let after = try store.verify()
        #expect(after.ok && after.derivedToRemake == 0 && after.extraReferences == 0)
    }

    @Test func repairMakesTheImagesOfAlbumsWrittenBeforeThem() throws {
        let store = try folderStore()
        let pin = try Self.storedPhoto(in: store)
        let repaired = try store.repair()
        #expect(repaired.actions == ["made the thumbnail and preview of 1 photo that had none, or had lost them"])
        #expect(try photo(store, pin: pin).hasCurrentDerivedImages)
        #expect(try store.verify().ok)
    }

    @Test func garbageCollectionKeepsThemAndTheyGoWithTheirPhoto() throws {
        let store = try folderStore()
        let pin = try Self.storedPhoto(in: store)
        let made = try #require(try store.makeDerivedImages(of: Self.key, pin: pin, decoder: try ImageDecoder()))
        let collected = try store.collectGarbage(gracePeriod: 0)
        #expect(collected.blobsRemoved == 0)
        for image in made.derived ?? [] { #expect(store.blobs.contains(image.sha256)) }
        // The photo's file is counted; its thumbnail and preview go with it.
        let deleted = try store.transaction { try $0.removePhotos([Self.key], fromPin: pin) }
        #expect(deleted == 1)
        #expect(try store.blobs.allHashes().isEmpty)
        #expect(try store.verify().ok)
    }

    @Test func aStoreCopyCopiesThemWithTheirUses() throws {
        let source = try folderStore("source")
        let pin = try Self.storedPhoto(in: source)
        let made = try #require(try source.makeDerivedImages(of: Self.key, pin: pin, decoder: try ImageDecoder()))
        let destination = try folderStore("destination")
        let report = try source.copy(to: destination)
        #expect(report.blobsCopied == 3 && report.references == 3)
        for image in made.derived ?? [] {
            #expect(destination.blobs.rehash(image.sha256) == image.sha256)
            #expect(try StoreTransaction(store: destination).references(of: image.sha256) == ["\(pin) t:1 \(image.recipe)"])
        }
        #expect(try destination.album(pin).photos.first?.derived == made.derived)
        #expect(try destination.verify().ok)
    }

    @Test func aNewRecipeMakesNewImagesAndTheOldOnesGo() throws {
        let store = try folderStore()
        let pin = try Self.storedPhoto(in: store)
        // An image of an older recipe, stored and referenced as a fetch would have.
        let writer = try store.blobs.makeWriter(maxBytes: 1 << 20)
        try writer.write(Data("an older thumbnail".utf8))
        let old = try store.blobs.commit(writer)
        try store.transaction { transaction in
            var album = try transaction.album(pin)
            album.photos[0].derived = [
                DerivedImage(
                    kind: .thumbnail, recipe: "thumbnail-300-jpeg-q80-v0", sha256: old.sha256, bytes: old.bytes, width: 450, height: 300,
                    mimeType: "image/jpeg")
            ]
            try transaction.addReferences([(old.sha256, PhotoView.referenceLine(pin: pin, key: Self.key, use: "thumbnail-300-jpeg-q80-v0"))]
            )
            try transaction.save(album)
        }
        #expect(try photo(store, pin: pin).derivedImage(.thumbnail) == nil)
        let made = try #require(try store.makeDerivedImages(of: Self.key, pin: pin, decoder: try ImageDecoder()))
        #expect(made.derived?.map(\.recipe) == ImageRecipe.current.map(\.id))
        #expect(!store.blobs.contains(old.sha256))
        #expect(try store.verify().ok)
    }

    @Test func aStoredPhotoThatCannotBeDecodedSaysWhyAndIsNotDecodedAgain() async throws {
        let store = try folderStore()
        let pin = try Self.storedPhoto(in: store, bytes: [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 500))
        let recorded = try #require(try store.makeDerivedImages(of: Self.key, pin: pin, decoder: try ImageDecoder()))
        #expect(recorded.derived == nil && recorded.imageError?.isEmpty == false && recorded.state == .stored)
        #expect(recorded.hasCurrentDerivedImages)
        #expect(try store.verify().ok)
    }
}
