import Fixture
import Foundation
import Logging
import Testing
import TestSupport
@testable import TouristCore

/// How photos are named: by their number in the album or their id (`Library.photoKeys`), renamed
/// in the store when a provider's ids change form (`Library.upgradePhotoIDs`), and exported as
/// `NN TITLE.EXT` (`ExportFileName`).
@Suite struct PhotoReferenceTests {
    let folder = TemporaryDirectory("tourist-photo-references")
    static let center = try! GeoPoint(latitude: 45, longitude: 7)

    /// The fixture provider, whose ids this version writes `renamed-ID` when the store's are older
    /// (its scheme is `scheme`).
    struct RenamingFixtureFactory: ProviderFactory, PhotoIDUpgrading {
        let fixture = FixtureProviderFactory()
        var scheme = "renamed"
        var type: String { fixture.type }
        var summary: String { fixture.summary }
        var options: [ProviderOption] { fixture.options }

        func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
            try fixture.makeProvider(name: name, options: options, context: context)
        }

        func photoIDUpgrade(options: ProviderOptions, previousScheme: String?) throws -> PhotoIDUpgrade {
            PhotoIDUpgrade(scheme: scheme) { id in id.hasPrefix("renamed-") ? nil : "renamed-" + id }
        }
    }

    func library(_ factory: any ProviderFactory = FixtureProviderFactory()) throws -> Library {
        let set = folder.child("set")
        if !FileManager.default.fileExists(atPath: set) {
            try FixtureSetWriter.write(in: set, latitude: Self.center.latitude, longitude: Self.center.longitude, count: 8)
        }
        let text =
            #"{"album": {"photos": 4}, "downloads": {"retries": 0}, "providers": [{"name": "demo", "type": "fixture", "path": "\#(set)"}]}"#
        let loader = ConfigLoader(registry: ProviderRegistry([factory]), environment: ["HOME": folder.path], workingDirectory: folder.path)
        let config = try loader.parse(Array(text.utf8), path: try folder.write("config.json", text))
        let setup = ProviderSetup(
            config: config, loader: loader, logger: Logger(label: "photo-reference-tests"), http: HTTPClient(),
            retryPolicy: RetryPolicy(retries: 0))
        return Library(store: try Store(path: folder.child("store")), providers: setup, gazetteer: .bundled)
    }

    /// A pin at `center` with a fetched album of 4 photos; its id and the album's keys.
    func filledPin(_ library: Library) async throws -> (id: String, keys: [PhotoKey]) {
        let pin = try library.addPin(name: "Here", at: Self.center, radiusKm: 5).pin
        let album = try await library.fetch(pin: pin.id).album
        return (pin.id, album.photos.map(\.key))
    }

    @Test func photosAreNamedByTheirNumberOrTheirId() async throws {
        let library = try library()
        let (pin, keys) = try await filledPin(library)
        #expect(keys.count == 4)
        #expect(try library.photoKeys(["3", keys[0].description, "03"], inPin: pin) == [keys[2], keys[0]], "each photo once")
        for outside in ["0", "5", "99999999999999999999"] {
            #expect(
                throws: LibraryError(
                    .usage, "there is no photo \(outside) in the album of \"Here\": it has 4 photos, numbered 1 to 4",
                    remedy: Remedy(.showAlbum(pin: pin)))
            ) {
                try library.photoKeys(["1", outside], inPin: pin)
            }
        }
        #expect(throws: LibraryError.self) { try library.photoKeys(["p-001"], inPin: pin) }
    }

    /// Every place a photo's id is kept changes together: the album's photos, what it has shown
    /// and removed, and the blob references, so `store verify` stays clean and removing a renamed
    /// photo still deletes its file; the renaming runs once per scheme.
    @Test func idsThatChangedFormAreRenamedEverywhereOnce() async throws {
        let (pin, keys) = try await filledPin(try library())
        _ = try library().removePhotos([keys[3]], fromPin: pin)
        // The first photo keeps a second size (a view), whose blob is referenced under its id too.
        let larger = try #require(PhotoSize(rawValue: "z"))
        #expect(try await library().photoCopy(keys[0], size: larger, pin: pin)?.view.size == larger)
        let before = try library().album(pin)
        #expect(before.photos[0].views?.count == 1)

        var factory = RenamingFixtureFactory()
        let renaming = try library(factory)
        #expect(renaming.upgradePhotoIDs() == 3)
        #expect(renaming.upgradePhotoIDs() == 0, "once for a scheme")
        let after = try renaming.album(pin)
        #expect(after.photos.map(\.key.id) == before.photos.map { "renamed-" + $0.key.id })
        #expect(after.photos.map(\.sha256) == before.photos.map(\.sha256))
        #expect(after.removed == [PhotoKey(provider: "demo", id: "renamed-" + keys[3].id)])
        #expect(after.shown == Set(keys.map { PhotoKey(provider: "demo", id: "renamed-" + $0.id) }))
        let report = try renaming.store.verify()
        #expect(report.ok && report.extraReferences == 0, "\(report.problems)")
        #expect(after.photos[0].views == before.photos[0].views)
        #expect(try renaming.removePhotos([after.photos[0].key], fromPin: pin) == 2, "its files (both sizes) went with it")

        factory.scheme = "renamed again"
        #expect(try library(factory).upgradePhotoIDs() == 0, "a new scheme looks again; these ids are current")
    }

    /// A set-aside photo names the photo it looks like or repeats (`lookalike.of`, `identicalTo`,
    /// `setAside.of` in `album --json`): renamed with it, as a removed one's look is.
    @Test func setAsidePhotosFollowThePhotosTheyLookLikeWhenRenamed() async throws {
        let (pin, keys) = try await filledPin(try library())
        let removed = try #require(try library().album(pin).photos.last)
        _ = try library().removePhotos([keys[3]], fromPin: pin)
        try library().store.transaction { transaction in
            var album = try transaction.album(pin)
            func setAside(_ id: String, _ mark: (inout AlbumPhoto) -> Void) {
                var candidate = removed.candidate
                candidate.key = PhotoKey(provider: "mirror", id: id)
                var photo = AlbumPhoto(candidate: candidate, size: removed.size)
                photo.state = .rejected
                mark(&photo)
                album.photos.append(photo)
            }
            setAside("alike") { $0.lookalike = Lookalike(of: keys[0], removed: false, distance: 3) }
            setAside("identical") { $0.identicalTo = keys[1] }
            setAside("alike-removed") { $0.lookalike = Lookalike(of: keys[3], removed: true, distance: 2) }
            try transaction.save(album)
        }

        let renaming = try library(RenamingFixtureFactory())
        #expect(renaming.upgradePhotoIDs() == 3)
        let after = try renaming.album(pin)
        func renamed(_ key: PhotoKey) -> PhotoKey { PhotoKey(provider: key.provider, id: "renamed-" + key.id) }
        let setAside = after.photos.filter { $0.key.provider == "mirror" }
        #expect(setAside.map(\.key.id) == ["alike", "identical", "alike-removed"], "another provider's ids stay")
        #expect(setAside.map(\.lookalike?.of) == [renamed(keys[0]), nil, renamed(keys[3])])
        #expect(setAside.map(\.identicalTo) == [nil, renamed(keys[1]), nil])
        let json = setAside.map { PhotoJSON(photo: $0, store: renaming.store).stored?.setAside }
        #expect(json.map(\.?.kind) == ["lookalike", "identical", "removed-lookalike"])
        #expect(json.map(\.?.of) == [renamed(keys[0]), renamed(keys[1]), renamed(keys[3])].map(\.description))
        #expect(after.removed == [renamed(keys[3])])
    }

    @Test func exportNamesHoldTheNumberAndTheTitleOnce() {
        #expect(ExportFileName.base(number: 1, digits: 2, title: "DSCN0042.JPG") == "01 DSCN0042")
        #expect(ExportFileName.base(number: 12, digits: 3, title: "Sunset.heic") == "012 Sunset")
        #expect(ExportFileName.base(number: 3, digits: 2, title: "notes.v2") == "03 notes.v2", "not an image extension")
        #expect(ExportFileName.base(number: 4, digits: 2, title: "trip/day: 1") == "04 trip_day_ 1")
        #expect(ExportFileName.base(number: 5, digits: 2, title: "") == "05 _")
    }
}
