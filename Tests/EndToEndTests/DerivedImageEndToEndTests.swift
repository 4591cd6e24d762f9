import FlickrStub
import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// The built binary fetching real JPEGs from a fake Flickr on 127.0.0.1: each photo's size and
/// format read from the image, its thumbnail and preview made once and stored, a photo that cannot
/// be decoded rejected and replaced, and the store's commands knowing the derived images.
@Suite struct DerivedImageEndToEndTests {
    static let key = "derived-e2e-key"

    func setUp(photos: [FakePhoto]) throws -> (Harness, FakeFlickr, String) {
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos)
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": Self.key])
        let config = try harness.folder.write(
            "flickr.json",
            #"{"album": {"photos": 6, "size": "z"}, "providers": [{"name": "flickr", "type": "flickr", "endpoint": "\#(fake.endpoint)"}]}"#)
        return (harness, fake, config)
    }

    @Test func aFetchReadsEachPhotosSizeAndStoresItsThumbnailAndPreview() async throws {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 10, radiusKm: 2, sizes: ["m", "z"], bytes: 3000)
        let (harness, fake, config) = try setUp(photos: photos)
        defer { withExtendedLifetime(fake) {} }
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let album = try await harness.json("fetch", pin, "--config", config)
        try #require(album.photos.count == 6)
        var derivedFiles: Set<String> = []
        for photo in album.photos {
            // Size z of the fake is its picture at twice the 96 × 64 of size m.
            #expect(photo["width"] as? Int == 192 && photo["height"] as? Int == 128 && photo["mime"] as? String == "image/jpeg", "\(photo)")
            let thumbnail = try #require(photo["thumbnail"] as? [String: Any], "\(photo)")
            let preview = try #require(photo["preview"] as? [String: Any], "\(photo)")
            #expect(thumbnail["mime"] as? String == "image/webp" && preview["mime"] as? String == "image/jpeg")
            // Never larger than the photo.
            #expect(thumbnail["width"] as? Int == 192 && preview["height"] as? Int == 128)
            for image in [thumbnail, preview] {
                let path = try #require(image["path"] as? String)
                let data = try #require(FileManager.default.contents(atPath: path))
                #expect(data.count == image["bytes"] as? Int && data.count < 150_000)
                #expect(try sha256sum(path) == image["sha256"] as? String)
                derivedFiles.insert(path)
            }
        }
        #expect(derivedFiles.count == 12)
        #expect(harness.blobFiles() == derivedFiles.union(album.photos.compactMap { $0["path"] as? String }))

        let stats = try await harness.json("store", "stats")
        #expect(stats["derived"] as? Int == 12 && stats["blobs"] as? Int == 18)
        let verified = try await harness.json("store", "verify")
        #expect(verified["ok"] as? Bool == true && verified["derivedToRemake"] as? Int == 0)

        // A lost thumbnail is no damage: verify says it will be made again, repair makes it.
        let lost = try #require(album.photos[0]["thumbnail"] as? [String: Any])
        try FileManager.default.removeItem(atPath: try #require(lost["path"] as? String))
        let found = try await harness.json("store", "verify")
        #expect(found["ok"] as? Bool == true && found["derivedToRemake"] as? Int == 1, "\(found)")
        let text = try await harness.run("store", "verify")
        #expect(text.stdout.contains("1 thumbnail or preview missing or damaged (no damage"), "\(text.stdout)")
        let repaired = try await harness.json("store", "repair")
        #expect(
            (repaired["actions"] as? [String] ?? []).contains("made the thumbnail and preview of 1 photo that had none, or had lost them"))
        #expect(FileManager.default.fileExists(atPath: try #require(lost["path"] as? String)))
        #expect(try await harness.json("store", "verify")["derivedToRemake"] as? Int == 0)

        // They go with their photo.
        let id = try #require(album.photos[1]["id"] as? String)
        try await harness.run("photo", "rm", pin, id, "--config", config)
        for kind in ["thumbnail", "preview"] {
            let image = try #require(album.photos[1][kind] as? [String: Any])
            #expect(!FileManager.default.fileExists(atPath: try #require(image["path"] as? String)))
        }
    }

    @Test func aPhotoThatCannotBeDecodedIsRejectedWithWhyAndAnotherTakesItsPlace() async throws {
        var photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 10, radiusKm: 2, sizes: ["m", "z"], bytes: 3000)
        // A JPEG signature and nothing a decoder can read.
        photos[0].sizes["z"] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x41, count: 2000)
        let (harness, fake, config) = try setUp(photos: photos)
        defer { withExtendedLifetime(fake) {} }
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let album = try await harness.json("fetch", pin, "--config", config)
        let broken = try #require(album.photos.first { $0["id"] as? String == "flickr:\(photos[0].id)" })
        #expect(broken["state"] as? String == "rejected", "\(broken)")
        #expect((broken["error"] as? String ?? "").contains("image"), "\(broken)")
        #expect(album.photos.filter { $0["state"] as? String == "stored" }.count == 6)
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }
}
