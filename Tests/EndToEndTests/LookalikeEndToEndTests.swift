import CommonsStub
import FlickrStub
import Foundation
import SyntheticImages
import Testing
import TestSupport
import TouristCore

/// The same photo, found, through the built binary: a fake Flickr and a fake Commons on 127.0.0.1
/// serve one picture at two sizes and encodings beside distinct ones. The album keeps it once and
/// says why the other copy was set aside; a copy of a removed photo does not come back; with
/// `album.lookalikes` off both are kept.
@Suite struct LookalikeEndToEndTests {
    static let key = "lookalike-e2e-key"
    static let here = (latitude: 48.8584, longitude: 2.2945)
    /// The Commons file whose picture Flickr serves too.
    static let sharedPageID = 1000

    /// Three Flickr photos, the first of them Commons file 1000's picture at 1,024 px, re-encoded by
    /// libvips (a JPEG with its own quantisation, unlike the fake's hand-made one).
    static func flickrPhotos(in folder: TemporaryDirectory) throws -> [FakePhoto] {
        var photos = FakePhoto.around(
            latitude: here.latitude, longitude: here.longitude, count: 3, radiusKm: 0.3, sizes: ["m", "z"], bytes: 3000)
        let drawn = try #require(SyntheticJPEG.make(seed: "file \(sharedPageID)", width: 1024, height: 683))
        let path = try folder.write("shared.jpg", Data(drawn))
        let decoded = try ImageDecoder().decode(file: path, fittingWithin: 1024)
        photos[0].sizes["z"] = try decoded.image.encoded(as: .jpeg, quality: 80)
        return photos
    }

    /// Four Commons files near the pin; the first (page 1000) is served at 640 px (192 × 128 px of the same picture).
    static let commonsFiles = FakeCommonsFile.around(
        latitude: here.latitude, longitude: here.longitude, count: 4, spacingMetres: 40, firstPageID: sharedPageID)

    struct Setting {
        let harness: Harness
        let flickr: FakeFlickr
        let commons: FakeCommons

        /// A config of `providers` (`flickr`, `commons`) merged, `photos` to an album, and `lookalikes`.
        func config(_ providers: [String], photos: Int, lookalikes: Bool = true) throws -> String {
            let entries = providers.map { name in
                name == "flickr"
                    ? #"{"name": "flickr", "type": "flickr", "endpoint": "\#(flickr.endpoint)"}"#
                    : #"{"name": "commons", "type": "commons", "endpoint": "\#(commons.endpoint)", "contact": "e2e@example.org"}"#
            }
            return try harness.folder.write(
                "\(providers.joined(separator: "-"))-\(lookalikes).json",
                #"""
                {"album": {"photos": \#(photos), "size": "z", "lookalikes": {"enabled": \#(lookalikes)}},
                 "routing": {"strategy": "merge"}, "providers": [\#(entries.joined(separator: ", "))]}
                """#)
        }
    }

    func setUp() throws -> Setting {
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": Self.key])
        let flickr = try FakeFlickr(apiKey: Self.key, photos: try Self.flickrPhotos(in: harness.folder))
        let commons = try FakeCommons(files: Self.commonsFiles)
        return Setting(harness: harness, flickr: flickr, commons: commons)
    }

    static let flickrCopy = "flickr:" + FakePhoto.around(latitude: here.latitude, longitude: here.longitude, count: 1)[0].id
    static let commonsCopy = "commons:\(sharedPageID)"

    func addPin(_ setting: Setting, config: String) async throws -> String {
        try #require(
            try await setting.harness.json("pin", "add", "\(Self.here.latitude)", "\(Self.here.longitude)", "--config", config)["id"]
                as? String)
    }

    @Test func oneFetchFromFlickrAndCommonsKeepsTheSamePictureOnce() async throws {
        let setting = try setUp()
        defer { (setting.flickr.stop(), setting.commons.stop()) }
        let config = try setting.config(["flickr", "commons"], photos: 6)
        let pin = try await addPin(setting, config: config)
        let album = try await setting.harness.json("fetch", pin, "--config", config)
        let ids = album.photos.compactMap { $0["id"] as? String }
        let copies = album.photos.filter { [Self.flickrCopy, Self.commonsCopy].contains($0["id"] as? String) }
        try #require(copies.count == 2, "both providers offered their copy: \(ids)")
        let kept = try #require(copies.first { $0["state"] as? String == "stored" }, "\(copies)")
        let setAside = try #require(copies.first { $0["state"] as? String == "rejected" }, "\(copies)")
        let keptID = try #require(kept["id"] as? String), keptProvider = try #require(kept["provider"] as? String)
        let number = try #require(ids.firstIndex(of: keptID)) + 1
        #expect(setAside["error"] as? String == "looks like #\(number), from \(keptProvider)", "\(setAside)")
        let why = try #require(setAside["setAside"] as? [String: Any])
        #expect(why["kind"] as? String == "lookalike" && why["of"] as? String == keptID, "\(why)")
        // The distinct pictures are all kept: 3 + 4 offered, one set aside.
        #expect(album.photos.filter { $0["state"] as? String == "stored" }.count == 6, "\(album.photos)")
        #expect(album.photos.filter { $0["state"] as? String == "rejected" }.count == 1, "\(album.photos)")

        let text = try await setting.harness.run("album", pin, "--config", config)
        let line = try #require(
            text.stdout.split(separator: "\n").first { $0.contains(setAside["id"] as? String ?? "-") }, "\(text.stdout)")
        #expect(line.contains("rejected") && line.contains("looks like #\(number), from \(keptProvider)"), "\(line)")
        #expect(text.stdout.contains("NOTE"), "\(text.stdout)")
    }

    @Test func aCopyOfARemovedPhotoFromTheOtherProviderDoesNotComeBackInANewCollection() async throws {
        let setting = try setUp()
        defer { (setting.flickr.stop(), setting.commons.stop()) }
        let flickrOnly = try setting.config(["flickr"], photos: 3)
        let pin = try await addPin(setting, config: flickrOnly)
        let first = try await setting.harness.json("fetch", pin, "--config", flickrOnly)
        #expect(first.photos.filter { $0["state"] as? String == "stored" }.count == 3, "\(first.photos)")
        try await setting.harness.run("photo", "rm", pin, Self.flickrCopy, "--config", flickrOnly)

        let commonsOnly = try setting.config(["commons"], photos: 3)
        let album = try await setting.harness.json("new-collection", pin, "--config", commonsOnly)
        let copy = try #require(album.photos.first { $0["id"] as? String == Self.commonsCopy }, "\(album.photos)")
        #expect(copy["state"] as? String == "rejected", "\(copy)")
        #expect(copy["error"] as? String == "looks like \(Self.flickrCopy), removed from this album", "\(copy)")
        let why = try #require(copy["setAside"] as? [String: Any])
        #expect(why["kind"] as? String == "removed-lookalike" && why["of"] as? String == Self.flickrCopy, "\(why)")
        // The other Commons files fill the new collection.
        let stored = album.photos.filter { $0["state"] as? String == "stored" }.compactMap { $0["id"] as? String }
        #expect(stored == ["commons:1001", "commons:1002", "commons:1003"], "\(album.photos)")
        #expect(!album.photos.contains { $0["id"] as? String == Self.flickrCopy }, "a removed photo never comes back")
    }

    @Test func withLookalikesOffBothCopiesAreKept() async throws {
        let setting = try setUp()
        defer { (setting.flickr.stop(), setting.commons.stop()) }
        let config = try setting.config(["flickr", "commons"], photos: 7, lookalikes: false)
        let pin = try await addPin(setting, config: config)
        let album = try await setting.harness.json("fetch", pin, "--config", config)
        for id in [Self.flickrCopy, Self.commonsCopy] {
            let copy = try #require(album.photos.first { $0["id"] as? String == id }, "\(album.photos)")
            #expect(copy["state"] as? String == "stored" && copy["setAside"] == nil, "\(copy)")
        }
        #expect(album.photos.allSatisfy { $0["state"] as? String == "stored" }, "\(album.photos)")
    }
}

/// A burst in a folder of your own photos (`Harness.ownBurst`): the album keeps one shot of it,
/// and says of the others which photo they look like.
@Suite struct OwnBurstEndToEndTests {
    @Test func aBurstOfNearIdenticalShotsKeepsOne() async throws {
        let harness = try Harness()
        let (_, config) = try harness.ownBurst()
        let place = Harness.burstPlace
        let pin = try #require(
            try await harness.json("pin", "add", "\(place.latitude)", "\(place.longitude)", "--config", config)["id"] as? String)
        let album = try await harness.json("fetch", pin, "--config", config)
        let stored = album.photos.filter { $0["state"] as? String == "stored" }
        let rejected = album.photos.filter { $0["state"] as? String == "rejected" }
        #expect(stored.count == 3 && rejected.count == 2, "\(album.photos)")
        let titles = stored.compactMap { $0["title"] as? String }
        #expect(titles.filter { $0.hasPrefix("IMG_100") }.count == 1 && titles.filter { $0.hasPrefix("IMG_20") }.count == 2, "\(titles)")
        let kept = try #require(stored.first { ($0["title"] as? String)?.hasPrefix("IMG_100") == true })
        let keptID = try #require(kept["id"] as? String)
        let number = try #require(album.photos.firstIndex { $0["id"] as? String == keptID }) + 1
        for shot in rejected {
            #expect((shot["title"] as? String)?.hasPrefix("IMG_100") == true, "\(shot)")
            #expect(shot["error"] as? String == "looks like #\(number), from pictures", "\(shot)")
            let why = try #require(shot["setAside"] as? [String: Any], "\(shot)")
            #expect(why["kind"] as? String == "lookalike" && why["of"] as? String == keptID, "\(why)")
        }
    }
}
