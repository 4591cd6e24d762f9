import FlickrStub
import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// The built binary against a fake Flickr on 127.0.0.1: albums, faults, retries, exit codes, and
/// the API key kept out of everything but the requests.
@Suite struct FlickrEndToEndTests {
    static let key = "e2e-flickr-key-4b1d"

    func setUp(
        photos count: Int = 40, sizes: [String] = ["m", "z", "b"], delay: Duration = .zero, config extra: String = "", key: String? = key,
        before: @escaping @Sendable (LoopbackRequest) -> Void = { _ in }
    ) throws -> (Harness, FakeFlickr, [FakePhoto], String) {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: count, radiusKm: 2, sizes: sizes, bytes: 3000)
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos, delay: delay, before: before)
        let harness = try Harness(extraEnvironment: key.map { ["FLICKR_API_KEY": $0] } ?? [:])
        let config = try harness.folder.write(
            "flickr.json", #"{\#(extra) "providers": [{"name": "flickr", "type": "flickr", "endpoint": "\#(fake.endpoint)"}]}"#)
        return (harness, fake, photos, config)
    }

    /// Every file under `folder`, read whole.
    func everyFile(under folder: String) -> [(String, Data)] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [(String, Data)] = []
        while let name = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder + "/" + name) { files.append((name, data)) }
        }
        return files
    }

    @Test func fetchStoresThePhotosWithTheirMetadataAndTheKeyNowhere() async throws {
        // The first two downloads are held until both are in flight: overlap seen, not hoped for.
        let twoDownloads = Rendezvous(count: 2)
        let (harness, fake, photos, config) = try setUp(delay: .milliseconds(30), config: #""downloads": {"concurrency": 3},"#) { request in
            if request.path.hasSuffix(".jpg") { twoDownloads.arrive() }
        }
        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower", "--config", config)["id"] as? String)
        let fetched = try await harness.tourist.run(["fetch", pin, "--config", config, "--json", "--verbose"], in: harness.folder.path)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let album = try #require(try fetched.json() as? [String: Any])
        #expect(album.photos.count == 21)
        let byID = Dictionary(uniqueKeysWithValues: photos.map { ("flickr:\($0.id)", $0) })
        for photo in album.photos {
            let source = try #require(byID[photo["id"] as? String ?? ""])
            let path = try #require(photo["path"] as? String)
            #expect(try sha256sum(path) == photo["sha256"] as? String)
            #expect(FileManager.default.contents(atPath: path) == Data(source.sizes["m"] ?? []))
            #expect(photo["title"] as? String == source.title)
            #expect(photo["owner"] as? String == source.ownerName)
            #expect(photo["licenseID"] as? String == String(source.license))
            #expect(photo["license"] as? String != nil)
            #expect(photo["pageURL"] as? String == "https://www.flickr.com/photos/\(source.owner)/\(source.id)")
            #expect(photo["takenAt"] as? String != nil && photo["latitude"] as? Double != nil)
        }
        #expect(fake.peakConcurrentRequests <= 3, "downloads.concurrency 3 was exceeded: \(fake.peakConcurrentRequests)")
        #expect(fake.peakConcurrentRequests >= 2, "downloads did not overlap")
        #expect(fake.searchesWithoutMinUploadDate == 0)
        let shown = try await harness.run("album", pin, "--config", config)
        let checked = try await harness.run("config", "check", "--config", config, "--verbose")
        for output in [fetched.stdout, fetched.stderr, shown.stdout, shown.stderr, checked.stdout, checked.stderr] {
            #expect(!output.contains(Self.key), "the API key was printed")
        }
        #expect(fetched.stderr.contains("flickr.photos.search"), "--verbose names the API calls (without their query)")
        for (name, data) in everyFile(under: harness.store) {
            #expect(data.range(of: Data(Self.key.utf8)) == nil, "the API key is in the store's \(name)")
        }
        #expect(fake.rawQueries.allSatisfy { $0.contains("api_key=\(Self.key)") })
    }

    @Test func transientFailuresAreRetriedUnusablePhotosReplacedAndTheRestResumed() async throws {
        let (harness, fake, photos, config) = try setUp(
            photos: 30, config: #""album": {"photos": 10}, "downloads": {"concurrency": 4, "retries": 2, "timeoutSeconds": 30},"#
        )
        fake.failNextImageRequests(photo: photos[0].id, [.status(500), .status(503)])
        fake.failNextImageRequests(photo: photos[1].id, [.reset])
        fake.failNextImageRequests(photo: photos[2].id, [.truncated])
        fake.failNextImageRequests(photo: photos[3].id, [.status(429, retryAfter: 1)])
        fake.failNextImageRequests(photo: photos[4].id, [.html])
        fake.failNextImageRequests(photo: photos[5].id, [.status(404)])
        fake.failNextImageRequests(photo: photos[6].id, Array(repeating: .status(500), count: 5))
        // Stalled for 10 minutes: only the 15 s stall limit (of the 30 s time-out) ends it (the retry then gets the photo).
        fake.failNextImageRequests(photo: photos[7].id, [.stall(seconds: 600)])
        fake.failNextImageRequests(photo: photos[8].id, [.redirect("file:///etc/passwd")])
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)

        let first = try await harness.run("fetch", pin, "--config", config, expecting: 75)
        #expect(
            first.stderr.contains("could not be downloaded; run it again to retry them"), "the message says how to resume: \(first.stderr)")
        #expect(first.stderr.contains("set aside and replaced"), "\(first.stderr)")
        var album = try await harness.json("album", pin, "--config", config)
        func states() -> [String: String] {
            Dictionary(uniqueKeysWithValues: album.photos.map { ($0["id"] as? String ?? "", $0["state"] as? String ?? "") })
        }
        let id = { (index: Int) in "flickr:\(photos[index].id)" }
        #expect(states()[id(4)] == "rejected" && states()[id(5)] == "rejected" && states()[id(8)] == "rejected")
        #expect(states()[id(6)] == "failed")
        #expect(states().values.filter { $0 == "stored" }.count == 9, "\(states())")
        #expect(
            [id(9), id(10), id(11), id(12)].allSatisfy { states()[$0] == "stored" },
            "three replacements came from the next page: \(states())")
        let counts = (0...8).map { fake.imageRequests(photo: photos[$0].id) }
        #expect(counts == [3, 2, 2, 2, 1, 1, 3, 2, 1], "requests per photo (retries of transient failures only): \(counts)")
        for path in harness.blobFiles() {
            let data = try #require(FileManager.default.contents(atPath: path))
            // The photos (JPEGs) and their thumbnails (WebP) and previews (JPEG).
            #expect(data.starts(with: [0xFF, 0xD8, 0xFF]) || data.starts(with: Array("RIFF".utf8)), "a stored blob is no image: \(path)")
        }

        let second = try await harness.run("fetch", pin, "--config", config)
        #expect(second.stderr.isEmpty || !second.stderr.contains("failed"), "\(second.stderr)")
        album = try await harness.json("album", pin, "--config", config)
        #expect(states().values.filter { $0 == "stored" }.count == 10)
        #expect(fake.imageRequests(photo: photos[6].id) == 6, "the second fetch asks again for the failed photo only")
        #expect((0...5).map { fake.imageRequests(photo: photos[$0].id) } == [3, 2, 2, 2, 1, 1])
        let verified = try await harness.json("store", "verify")
        #expect(verified["ok"] as? Bool == true)
    }

    @Test func keyAndRateProblemsGiveTheDocumentedExitCodes() async throws {
        let (harness, fake, _, config) = try setUp(photos: 5, key: "not-the-key")
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let refused = try await harness.run("fetch", pin, "--config", config, expecting: 77)
        #expect(refused.stderr.contains("FLICKR_API_KEY") && !refused.stderr.contains("not-the-key"), "\(refused.stderr)")
        #expect(fake.apiCalls("flickr.photos.search") == 1, "a refused key is not retried")

        let keyless = try Harness()
        let noKey = try await keyless.run("search", "48.8584", "2.2945", "--config", config, expecting: 77)
        #expect(noKey.stderr.contains("no Flickr API key"), "\(noKey.stderr)")
        #expect(fake.apiCalls("flickr.photos.search") == 1, "without a key nothing is sent")

        let keyed = try Harness(extraEnvironment: ["FLICKR_API_KEY": Self.key])
        fake.failNextAPICalls([.status(429, retryAfter: 3600)])
        let asked = fake.apiCalls("flickr.photos.search")
        let slowDown = try await keyed.run("search", "48.8584", "2.2945", "--config", config, expecting: 75)
        // Not asked again after a wait: a Retry-After of an hour is the next run's business.
        #expect(fake.apiCalls("flickr.photos.search") == asked + 1, "a Retry-After of an hour is not waited for and retried")
        #expect(slowDown.stderr.contains("asked to slow down"), "\(slowDown.stderr)")

        fake.failNextAPICalls([.statFail(code: 105, message: "Service currently unavailable"), .status(502)])
        let retried = try await keyed.json("search", "48.8584", "2.2945", "--config", config)
        #expect(retried.photos.count == 5, "105 and 502 are transient: retried")

        // A fresh store: the searches above count against this hour's budget of the store's "flickr".
        let fresh = try Harness(extraEnvironment: ["FLICKR_API_KEY": Self.key])
        let budget = try fresh.folder.write(
            "budget.json", #"{"providers": [{"name": "flickr", "type": "flickr", "endpoint": "\#(fake.endpoint)", "requestsPerHour": 2}]}"#)
        let before = fake.apiCalls("flickr.photos.search")
        try await fresh.run("search", "48.8584", "2.2945", "--config", budget)
        try await fresh.run("search", "48.8584", "2.2945", "--config", budget)
        let spent = try await fresh.run("search", "48.8584", "2.2945", "--config", budget, expecting: 75)
        #expect(spent.stderr.contains("requestsPerHour"), "\(spent.stderr)")
        #expect(fake.apiCalls("flickr.photos.search") - before == 2, "the third run in the hour sent nothing")
    }

    @Test func newCollectionReadsAnUnseenPageAndPhotoGetUsesGetSizes() async throws {
        let (harness, fake, photos, config) = try setUp(photos: 60, sizes: ["m", "z", "b", "h"], config: #""album": {"photos": 10},"#)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let first = try await harness.json("fetch", pin, "--config", config)
        #expect(fake.pagesRequested == [1])
        let fresh = try await harness.json("new-collection", pin, "--config", config)
        let pages = fake.pagesRequested
        #expect(pages.count == 2 && (2...6).contains(pages[1]), "new-collection starts at a random page the pin has not read: \(pages)")
        let before = Set(first.photos.compactMap { $0["id"] as? String })
        let after = Set(fresh.photos.compactMap { $0["id"] as? String })
        #expect(after.count == 10 && before.isDisjoint(with: after))

        let output = harness.folder.child("large.jpg")
        try await harness.run("photo", "get", "flickr:\(photos[3].id)", "--size", "h", "-o", output, "--config", config)
        #expect(FileManager.default.contents(atPath: output) == Data(photos[3].sizes["h"] ?? []))
        #expect(fake.apiCalls("flickr.photos.getSizes") == 1)
    }
}
