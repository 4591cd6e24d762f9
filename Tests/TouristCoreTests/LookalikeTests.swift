import Foundation
import Logging
import TestSupport
import Testing

@testable import Fixture
@testable import TouristCore

/// The same photo, found: photos drawn here (`SyntheticScene`), copied at other sizes and encodings
/// with tourist's own encoder, served by real fixture providers and fetched into a real store. A
/// copy is set aside with its reason, whichever provider it comes from; a removed photo does not
/// come back re-encoded; a burst keeps one shot; two photos of one building are both kept.
@Suite(.enabled(if: (try? ImageDecoder()) != nil, "libvips is not installed"))
struct LookalikeTests {
    let folder = TemporaryDirectory()
    let center = try! GeoPoint(latitude: 10, longitude: 20)

    /// The building from the usual spot, a shot of its burst (the camera moved, the light changed),
    /// the same building from another spot, and a different building.
    static let building = SyntheticScene()
    static let burstShot = SyntheticScene(sky: (95, 145, 225), light: 1.06, shift: 0.01)
    static let otherSpot = SyntheticScene.otherSpot
    static let tower = SyntheticScene(left: 0.62, top: 0.05, width: 0.25, height: 0.9, sky: (160, 160, 170))

    /// `scene` drawn at 1200 x 900, decoded back fitted within `side` and encoded as `encoding`.
    func copy(of scene: SyntheticScene, side: Int, as encoding: DecodedImage.Encoding, quality: Int = 80) throws -> [UInt8] {
        let original = folder.child("original-\(UUID().uuidString).tif")
        try Data(scene.tiff(width: 1200, height: 900)).write(to: URL(fileURLWithPath: original))
        let (_, image) = try ImageDecoder().decode(file: original, fittingWithin: side)
        return try image.encoded(as: encoding, quality: quality)
    }

    /// A fixture provider named `name` serving `photos` (id, bytes) 0.1 km apart northward, in order.
    func provider(_ name: String, _ photos: [(id: String, bytes: [UInt8])], offsetKm: Double = 0) throws -> ConfiguredProvider {
        let set = folder.child(name)
        try FileManager.default.createDirectory(atPath: set + "/img", withIntermediateDirectories: true)
        var entries: [FixtureSetWriter.Photo] = []
        for (index, photo) in photos.enumerated() {
            try Data(photo.bytes).write(to: URL(fileURLWithPath: "\(set)/img/\(photo.id)"))
            let north = (offsetKm + 0.1 * Double(index + 1)) / 111.195
            entries.append(
                .init(id: photo.id, latitude: center.latitude + north, longitude: center.longitude, files: ["m": "img/\(photo.id)"]))
        }
        try FixtureSetWriter.writeManifest(entries, in: set)
        let entry = TouristConfig.ProviderEntry(
            name: name, type: "fixture", enabled: true, timeoutSeconds: nil, concurrency: nil, coverage: nil,
            options: ProviderOptions(file: "test", path: "providers[0]", values: [:]), written: .null
        )
        return ConfiguredProvider(entry: entry, provider: try FixtureProvider(name: name, folder: set, latencyMs: 0, failEvery: 0))
    }

    func fetch(
        _ store: Store, pin: String, from providers: [ConfiguredProvider], count: Int? = nil,
        lookalikes: TouristConfig.Lookalikes = .init()
    ) async throws -> Album {
        let fetcher = AlbumFetcher(
            store: store, router: Router(providers: providers, strategy: .merge), downloads: TouristConfig.Downloads(), size: .small240,
            retryPolicy: RetryPolicy(retries: 0), logger: Logger(label: "test"), lookalikes: lookalikes
        )
        return try await fetcher.fetch(pin: pin, count: count).album
    }

    func newPin(_ store: Store, target: Int) throws -> String {
        try store.transaction { try $0.addPin(name: "here", location: center, radiusKm: 5, target: target).pin.id }
    }

    @Test func copiesAndCropsLookAlikeAndTwoPhotosOfOneBuildingDoNot() throws {
        let decoder = try ImageDecoder()
        func hash(_ bytes: [UInt8]) throws -> PerceptualHash {
            let path = folder.child("hashed-\(UUID().uuidString)")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return try #require(try PhotoExamination.examine(file: path, decoder: decoder).look())
        }
        let original = try hash(copy(of: Self.building, side: 1200, as: .jpeg, quality: 92))
        let limit = TouristConfig.Lookalikes().maxDistance
        for (copy, what) in [
            (try copy(of: Self.building, side: 500, as: .webp, quality: 60), "smaller, as WebP"),
            (try copy(of: Self.building, side: 1000, as: .jpeg, quality: 30), "recompressed"),
            (try copy(of: Self.burstShot, side: 800, as: .jpeg), "the burst's next shot"),
        ] {
            #expect(try hash(copy).distance(to: original) <= limit, "\(what)")
        }
        for (other, what) in [(Self.otherSpot, "the same building from another spot"), (Self.tower, "another building")] {
            #expect(try hash(copy(of: other, side: 800, as: .jpeg)).distance(to: original) > limit, "\(what)")
        }
        #expect(PerceptualHash(original.description) == original, "an album keeps the hash as text and reads it back")
        #expect(PerceptualHash("12ab") == nil && PerceptualHash(String(repeating: "g", count: 16)) == nil)
    }

    @Test func theSamePictureFromTwoProvidersIsKeptOnceWithItsReason() async throws {
        let store = try Store(path: folder.child("store"))
        let pin = try newPin(store, target: 3)
        let flickr = try provider(
            "flickr", [("a.jpg", copy(of: Self.building, side: 640, as: .jpeg)), ("b.jpg", copy(of: Self.otherSpot, side: 640, as: .jpeg))])
        let commons = try provider(
            "commons",
            [
                ("a.webp", copy(of: Self.building, side: 400, as: .webp, quality: 60)),
                ("c.jpg", copy(of: Self.tower, side: 400, as: .jpeg)),
            ], offsetKm: 0.01)
        let album = try await fetch(store, pin: pin, from: [flickr, commons])
        let stored = album.photos.filter { $0.state == .stored }.map(\.key.description)
        #expect(
            Set(stored)
                == Set(["flickr:b.jpg", "commons:c.jpg"]).union(stored.filter { $0.hasPrefix("flickr:a") || $0.hasPrefix("commons:a") }))
        #expect(stored.count == 3, "the building from two spots and the tower are three photos: \(stored)")
        let copies = album.photos.filter { $0.key.id.hasPrefix("a.") }
        let kept = try #require(copies.first { $0.state == .stored }), setAside = try #require(copies.first { $0.state == .rejected })
        let number = try #require(album.photos.firstIndex { $0.key == kept.key }) + 1
        #expect(setAside.error == "looks like #\(number), from \(kept.key.provider)")
        #expect(setAside.lookalike?.of == kept.key && setAside.lookalike?.removed == false)
        #expect(kept.perceptualHash != nil)
        #expect(!store.blobs.contains(try #require(setAside.sha256 ?? Optional("none"))) || setAside.sha256 == nil)
        #expect(try store.verify().ok, "the copy set aside left no blob behind")
    }

    @Test func aRemovedPhotoDoesNotComeBackReEncodedFromAnotherProvider() async throws {
        let store = try Store(path: folder.child("store"))
        let pin = try newPin(store, target: 2)
        let flickr = try provider(
            "flickr", [("a.jpg", copy(of: Self.building, side: 640, as: .jpeg)), ("b.jpg", copy(of: Self.otherSpot, side: 640, as: .jpeg))])
        let first = try await fetch(store, pin: pin, from: [flickr])
        #expect(first.photos.map(\.state) == [.stored, .stored])
        try store.transaction { try $0.removePhotos([PhotoKey(provider: "flickr", id: "a.jpg")], fromPin: pin) }
        let commons = try provider(
            "commons",
            [("a.webp", copy(of: Self.building, side: 320, as: .webp, quality: 50)), ("c.jpg", copy(of: Self.tower, side: 400, as: .jpeg))])
        // The album asks for one more photo than it held: the search brings the copy and another.
        let album = try await fetch(store, pin: pin, from: [commons], count: 3)
        let copy = try #require(album.photos.first { $0.key.description == "commons:a.webp" })
        #expect(copy.state == .rejected)
        #expect(copy.error == "looks like flickr:a.jpg, removed from this album")
        #expect(
            copy.lookalike
                == Lookalike(of: PhotoKey(provider: "flickr", id: "a.jpg"), removed: true, distance: copy.lookalike?.distance ?? -1))
        #expect(
            album.photos.filter { $0.state == .stored }.map(\.key.description).sorted() == ["commons:c.jpg", "flickr:b.jpg"],
            "\(album.photos.map { "\($0.key) \($0.state) \($0.error ?? "")" })")
        let json = try MachineJSON.encoder().encode(AlbumJSON(album, store: store))
        let photos = try #require((try JSONSerialization.jsonObject(with: json) as? [String: Any])?["photos"] as? [[String: Any]])
        let setAside = try #require(photos.first { $0["id"] as? String == "commons:a.webp" }?["setAside"] as? [String: Any])
        #expect(setAside["kind"] as? String == "removed-lookalike" && setAside["of"] as? String == "flickr:a.jpg")
    }

    @Test func aBurstKeepsOneShot() async throws {
        let store = try Store(path: folder.child("store"))
        let pin = try newPin(store, target: 2)
        let camera = try provider(
            "camera",
            [
                ("shot-1.jpg", copy(of: Self.building, side: 800, as: .jpeg)),
                ("shot-2.jpg", copy(of: Self.burstShot, side: 800, as: .jpeg)),
                ("later.jpg", copy(of: Self.tower, side: 800, as: .jpeg)),
            ])
        let album = try await fetch(store, pin: pin, from: [camera])
        let shots = album.photos.filter { $0.key.id.hasPrefix("shot-") }
        #expect(shots.map(\.state).sorted { $0.rawValue < $1.rawValue } == [.rejected, .stored], "one shot of the burst is kept")
        #expect(album.photos.first { $0.key.id == "later.jpg" }?.state == .stored)
    }

    @Test func turnedOffBothCopiesAreKept() async throws {
        let store = try Store(path: folder.child("store"))
        let pin = try newPin(store, target: 2)
        let flickr = try provider("flickr", [("a.jpg", copy(of: Self.building, side: 640, as: .jpeg))])
        let commons = try provider("commons", [("a.webp", copy(of: Self.building, side: 400, as: .webp, quality: 60))], offsetKm: 0.01)
        let album = try await fetch(store, pin: pin, from: [flickr, commons], lookalikes: TouristConfig.Lookalikes(enabled: false))
        #expect(album.photos.map(\.state) == [.stored, .stored])
        #expect(album.photos.allSatisfy { $0.perceptualHash == nil }, "off, no photo is decoded for its looks")
    }
}
