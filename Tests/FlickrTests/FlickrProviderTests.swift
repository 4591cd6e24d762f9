import FlickrStub
import Foundation
import Logging
import ProviderConformance
import Testing
import TestSupport
@testable import Flickr
@testable import TouristCore

/// The Flickr provider through the real libcurl client against a fake Flickr on 127.0.0.1.
@Suite struct FlickrProviderTests {
    static let key = "test-key-7f3a9c"
    let folder = TemporaryDirectory()
    let eiffel = try! GeoPoint(latitude: 48.8584, longitude: 2.2945)
    let http = try! HTTPClient(configuration: .init(connectTimeout: 2, totalTimeout: 5, stallTimeout: 2))

    func makeFake(_ count: Int = 30, sizes: [String] = ["m", "z", "b", "h"]) throws -> (FakeFlickr, [FakePhoto]) {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: count, radiusKm: 2, sizes: sizes, bytes: 3000)
        return (try FakeFlickr(apiKey: Self.key, photos: photos), photos)
    }

    func provider(_ fake: FakeFlickr, options extra: String = "", key: String? = key, environment: [String: String] = [:], state: String? = nil, albumSize: PhotoSize = .small240) throws -> FlickrProvider {
        let keyOption = key.map { #""apiKey": "\#($0)", "# } ?? ""
        let json = #"{"providers": [{"name": "flickr", "type": "flickr", \#(keyOption)"endpoint": "\#(fake.endpoint)"\#(extra)}]}"#
        let factory = FlickrProviderFactory()
        let config = try ConfigLoader(registry: ProviderRegistry([factory]), environment: environment, workingDirectory: "/")
            .parse(Array(json.utf8), path: "/test.json")
        let context = ProviderContext(
            configDirectory: "/", environment: environment, logger: Logger(label: "test"), http: http,
            stateDirectory: state ?? folder.child("state/flickr"), albumSize: albumSize
        )
        return try #require(try factory.makeProvider(name: "flickr", options: config.providers[0].options, context: context) as? FlickrProvider)
    }

    func expectProviderError(_ kind: String, retryable: Bool, _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async -> ProviderError? {
        do {
            try await body()
            Issue.record("expected a \(kind) error", sourceLocation: sourceLocation)
        } catch let error as ProviderError {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(error.isRetryable == retryable, "\(error)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("expected a ProviderError, got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test func passesTheConformanceSuite() async throws {
        let (fake, _) = try makeFake()
        let violations = await ProviderConformance.check(
            try provider(fake), near: eiffel, radiusKm: 3, minimumPhotos: 30, emptyPoint: try GeoPoint(latitude: -40, longitude: -60), pageSize: 7
        )
        #expect(violations.isEmpty, "\(violations)")
        #expect(fake.searchesWithoutMinUploadDate == 0, "a geo search without a limiting agent only sees the last 12 hours")
    }

    @Test func sendsWhatFlickrNeedsAndKeepsWhatItSays() async throws {
        let (fake, photos) = try makeFake(5)
        let page = try await provider(fake).search(GeoQuery(center: eiffel, radiusKm: 80, limit: 10))
        let query = try #require(fake.rawQueries.first)
        for part in ["method=flickr.photos.search", "radius=32", "radius_units=km", "has_geo=1", "media=photos", "content_type=1",
                     "safe_search=1", "min_upload_date=2004-01-01", "per_page=10", "page=1", "format=json", "nojsoncallback=1"] {
            #expect(query.contains(part), "\(part) missing from \(query)")
        }
        #expect(fake.radiiRequested == [32], "Flickr's geo radius is capped at 32 km")
        let extras = query.components(separatedBy: "extras=").last?.components(separatedBy: "&").first?.removingPercentEncoding ?? ""
        #expect(Set(extras.split(separator: ",")) == ["url_m", "url_z", "url_b", "geo", "date_taken", "owner_name", "license"])
        #expect(page.candidates.count == 5)
        let first = try #require(page.candidates.first { $0.key.id == photos[0].id })
        #expect(first.title == "Photo 0")
        #expect(first.owner == "Owner 0")
        #expect(first.license == "All Rights Reserved" && first.licenseID == "0")
        #expect(first.pageURL?.absoluteString == "https://www.flickr.com/photos/\(photos[0].owner)/\(photos[0].id)")
        #expect(first.takenAt == ISO8601DateFormatter().date(from: "2023-01-01T12:00:00Z"))
        #expect(abs((first.location?.latitude ?? 0) - photos[0].latitude) < 1e-9)
        #expect(first.sources[.small240] == .url(URL(string: fake.imageURL(photos[0], size: "m"))!))
        let distances = page.candidates.map { $0.location!.distanceKm(to: eiffel) }
        #expect(distances == distances.sorted(), "each page is sorted nearest first")
    }

    @Test func neverAsksForAPagePastTheFirst4000Results() async throws {
        let (fake, _) = try makeFake(300)
        fake.setModes { $0.claimedTotal = 9000 }
        let flickr = try provider(fake)
        let first = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 250))
        #expect(first.pageCount == 16, "4000 reachable results at 250 per page")
        #expect(first.total == 9000)
        let last = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 250, page: 16))
        #expect(last.nextPage == nil)
        let beyond = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 250, page: 17))
        #expect(beyond.candidates.isEmpty && beyond.nextPage == nil)
        #expect(fake.pagesRequested == [1, 16], "page 17 must not be requested")
    }

    @Test func routerDropsAPhotoRepeatedOnTheNextPage() async throws {
        let (fake, _) = try makeFake(12)
        fake.setModes { $0.duplicateAcrossPages = true }
        let entry = TouristConfig.ProviderEntry(
            name: "flickr", type: "flickr", enabled: true, timeoutSeconds: nil, concurrency: nil, coverage: nil,
            options: ProviderOptions(file: "t", path: "providers[0]", values: [:]), written: .null
        )
        let router = Router(providers: [ConfiguredProvider(entry: entry, provider: try provider(fake, options: #", "perPage": 5"#))])
        let found = await router.search(center: eiffel, radiusKm: 5, count: 12, exclude: [])
        // Pages 2 and 3 each repeat photo 1 in place of one of their own: 10 distinct photos.
        #expect(found.candidates.count == 10)
        #expect(Set(found.candidates.map(\.key)).count == 10, "a photo Flickr repeats on a later page appears once")
        #expect(fake.pagesRequested == [1, 2, 3], "no page past the last one Flickr reported")
    }

    @Test func understandsNumbersAsStringsAndTheJSONPWrapper() async throws {
        let (fake, _) = try makeFake(8)
        fake.setModes {
            $0.numbersAsStrings = true
            $0.jsonp = true
        }
        let page = try await provider(fake).search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        #expect(page.candidates.count == 5)
        #expect(page.total == 8 && page.pageCount == 2 && page.nextPage == 2)
        #expect(page.candidates.allSatisfy { $0.location != nil && $0.licenseID != nil })
    }

    @Test func aMissingSizeFallsBackToASmallerOneOrSkipsThePhoto() async throws {
        let (fake, photos) = try makeFake(3, sizes: ["m", "z", "b"])
        fake.setModes { $0.missingSizes = [photos[0].id: ["z"], photos[1].id: ["z", "m"]] }
        // Albums of z: photo 0 has no z but an m; photo 1 has only b, larger than z.
        let page = try await provider(fake, albumSize: .medium640).search(GeoQuery(center: eiffel, radiusKm: 5, limit: 10))
        #expect(Set(page.candidates.map(\.key.id)) == [photos[0].id, photos[2].id])
        let fallback = try #require(page.candidates.first { $0.key.id == photos[0].id })
        #expect(fallback.source(nearest: .medium640)?.size == .small240)
        #expect(fake.rawQueries.first?.contains("url_z") == true)
    }

    @Test func fileURLsAndRedirectsToFilesAreRefusedUnread() async throws {
        let (fake, photos) = try makeFake(4)
        fake.setModes { $0.fileURLPhotos = [photos[0].id] }
        fake.failNextImageRequests(photo: photos[1].id, [.redirect("file:///etc/passwd")])
        let flickr = try provider(fake)
        let page = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 10))
        // Its url_m dropped unread, photo 0 has no size up to the album's m left: it is skipped.
        #expect(!page.candidates.contains { $0.key.id == photos[0].id })
        #expect(page.candidates.count == 3)
        let redirected = try #require(page.candidates.first { $0.key.id == photos[1].id })
        let sink = RecordingSink()
        _ = await expectProviderError("invalid response", retryable: false) { try await flickr.fetch(redirected, size: .small240, into: sink) }
        #expect(sink.bytes.isEmpty)
    }

    @Test func classifiesFlickrErrorsWithoutShowingTheKey() async throws {
        let (fake, _) = try makeFake(3)
        let flickr = try provider(fake)
        let query = GeoQuery(center: eiffel, radiusKm: 5, limit: 5)
        fake.failNextAPICalls([.statFail(code: 100, message: "Invalid API Key (Key has invalid format)")])
        let refused = await expectProviderError("unauthorized", retryable: false) { _ = try await flickr.search(query) }
        #expect(refused?.message.contains("FLICKR_API_KEY") == true)
        for code in [105, 0, 201] {
            fake.failNextAPICalls([.statFail(code: code, message: "Service currently unavailable")])
            _ = await expectProviderError("unavailable", retryable: true) { _ = try await flickr.search(query) }
        }
        fake.failNextAPICalls([.statFail(code: 112, message: "Method not found")])
        let other = await expectProviderError("invalid response", retryable: false) { _ = try await flickr.search(query) }
        #expect(other?.message.contains("Flickr error 112: Method not found") == true)
        fake.failNextAPICalls([.status(500), .status(429, retryAfter: 9), .html])
        _ = await expectProviderError("unavailable", retryable: true) { _ = try await flickr.search(query) }
        let slow = await expectProviderError("rate-limited", retryable: true) { _ = try await flickr.search(query) }
        #expect(slow?.retryAfter == 9)
        _ = await expectProviderError("unavailable", retryable: true) { _ = try await flickr.search(query) }
        let wrongKey = try provider(fake, key: "wrong-key-555")
        let wrong = await expectProviderError("unauthorized", retryable: false) { _ = try await wrongKey.search(query) }
        for error in [refused, other, slow, wrong].compactMap({ $0 }) {
            #expect(!error.description.contains(Self.key) && !error.description.contains("wrong-key-555"), "\(error)")
        }
        #expect(fake.rawQueries.allSatisfy { $0.contains("api_key=") }, "the key travels in the request, and only there")
    }

    @Test func withoutAKeyNothingIsSent() async throws {
        let (fake, _) = try makeFake(3)
        let keyless = try provider(fake, key: nil)
        let error = await expectProviderError("unauthorized", retryable: false) {
            _ = try await keyless.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        }
        #expect(error?.message.contains("FLICKR_API_KEY") == true)
        #expect(fake.rawQueries.isEmpty)
        let fromEnvironment = try provider(fake, key: nil, environment: ["FLICKR_API_KEY": Self.key])
        #expect(try await fromEnvironment.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5)).candidates.count == 3)
    }

    @Test func largeSizesComeFromGetSizesWithTheirOwnSecret() async throws {
        let (fake, photos) = try makeFake(2)
        let flickr = try provider(fake)
        let page = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        let candidate = try #require(page.candidates.first { $0.key.id == photos[0].id })
        #expect(candidate.sources[.large1600] == nil, "the search lists no h")
        let sink = RecordingSink()
        try await flickr.fetch(candidate, size: .large1600, into: sink)
        #expect(sink.bytes == photos[0].sizes["h"])
        #expect(fake.apiCalls("flickr.photos.getSizes") == 1)
        let looked = try await flickr.photo(id: photos[1].id)
        #expect(looked.sources[.large1600] == .url(URL(string: fake.imageURL(photos[1], size: "h"))!))
        #expect(fake.imageURL(photos[1], size: "h").contains(photos[1].originalSecret))
        _ = await expectProviderError("not found", retryable: false) { _ = try await flickr.photo(id: "999") }
    }

    @Test func theHourlyBudgetHoldsAcrossInstancesWithoutReachingFlickr() async throws {
        let (fake, _) = try makeFake(3)
        let state = folder.child("shared-state")
        let query = GeoQuery(center: eiffel, radiusKm: 5, limit: 5)
        let first = try provider(fake, options: #", "requestsPerHour": 3"#, state: state)
        _ = try await first.search(query)
        _ = try await first.search(query)
        let second = try provider(fake, options: #", "requestsPerHour": 3"#, state: state)
        _ = try await second.search(query)
        let limited = await expectProviderError("rate-limited", retryable: true) { _ = try await second.search(query) }
        #expect((limited?.retryAfter ?? 0) > 3500)
        #expect(fake.apiCalls("flickr.photos.search") == 3)
        for file in try FileManager.default.contentsOfDirectory(atPath: state) {
            #expect(!(try String(contentsOfFile: state + "/" + file, encoding: .utf8)).contains(Self.key))
        }
    }

    @Test func badOptionsAreConfigErrors() throws {
        let (fake, _) = try makeFake(1)
        #expect(throws: ConfigError.self) { _ = try provider(fake, options: #", "safeSearch": "strict""#) }
        #expect(throws: ConfigError.self) { _ = try provider(fake, options: #", "minUploadDate": "yesterday""#) }
        #expect(throws: ConfigError.self) { _ = try provider(fake, options: #", "perPage": 500"#) }
    }
}
