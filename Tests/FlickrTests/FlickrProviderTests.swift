import FlickrStub
import Foundation
import Logging
import ProviderExpectations
import Testing
import TestSupport
@testable import Flickr
@testable import TouristCore

/// The Flickr provider through the real libcurl client against a fake Flickr on 127.0.0.1.
@Suite struct FlickrProviderTests {
    static let key = "test-key-7f3a9c"
    let folder = TemporaryDirectory()
    let eiffel: GeoPoint
    let http: HTTPClient
    let log = LogRecorder()

    init() throws {
        eiffel = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
        http = HTTPClient(configuration: .patient)
    }

    func makeFake(_ count: Int = 30, sizes: [String] = ["m", "z", "b", "h"]) throws -> (FakeFlickr, [FakePhoto]) {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: count, radiusKm: 2, sizes: sizes, bytes: 3000)
        return (try FakeFlickr(apiKey: Self.key, photos: photos), photos)
    }

    /// The config entry and the provider a config with `extra` options builds.
    func configured(
        _ fake: FakeFlickr, options extra: String = "", key: String? = key, environment: [String: String] = [:], state: String? = nil,
        albumSize: PhotoSize = .small240
    ) throws -> ConfiguredProvider {
        let keyOption = key.map { #""apiKey": "\#($0)", "# } ?? ""
        let json = #"{"providers": [{"name": "flickr", "type": "flickr", \#(keyOption)"endpoint": "\#(fake.endpoint)"\#(extra)}]}"#
        let factory = FlickrProviderFactory()
        let config = try ConfigLoader(registry: ProviderRegistry([factory]), environment: environment, workingDirectory: "/")
            .parse(Array(json.utf8), path: "/test.json")
        let context = ProviderContext(
            configDirectory: "/", environment: environment, logger: log.logger(), http: http,
            stateDirectory: state ?? folder.child("state/flickr"), albumSize: albumSize
        )
        let provider = try factory.makeProvider(name: "flickr", options: config.providers[0].options, context: context)
        return ConfiguredProvider(entry: config.providers[0], provider: provider, stateDirectory: context.stateDirectory)
    }

    func provider(
        _ fake: FakeFlickr, options extra: String = "", key: String? = key, environment: [String: String] = [:], state: String? = nil,
        albumSize: PhotoSize = .small240
    ) throws -> FlickrProvider {
        let built = try configured(fake, options: extra, key: key, environment: environment, state: state, albumSize: albumSize).provider
        return try #require(built as? FlickrProvider)
    }

    /// Every file under `path`, read as text.
    func contents(under path: String) throws -> [String] {
        let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return files.compactMap { try? String(contentsOfFile: path + "/" + $0, encoding: .utf8) }
    }

    @Test func passesTheConformanceSuite() async throws {
        let (fake, _) = try makeFake()
        defer { fake.stop() }
        let violations = await ProviderConformance.check(
            try provider(fake), near: eiffel, radiusKm: 3, minimumPhotos: 30, emptyPoint: try GeoPoint(latitude: -40, longitude: -60),
            pageSize: 7
        )
        #expect(violations.isEmpty, "\(violations)")
        #expect(fake.searchesWithoutMinUploadDate == 0, "a geo search without a limiting agent only sees the last 12 hours")
    }

    @Test func sendsWhatFlickrNeedsAndKeepsWhatItSays() async throws {
        let (fake, photos) = try makeFake(5)
        defer { fake.stop() }
        let page = try await provider(fake).search(GeoQuery(center: eiffel, radiusKm: 80, limit: 10))
        let query = try #require(fake.rawQueries.first)
        for part in [
            "method=flickr.photos.search", "api_key=\(Self.key)", "lat=48.8584", "lon=2.2945", "radius=32", "radius_units=km",
            "has_geo=1", "media=photos", "content_type=1", "safe_search=1", "min_upload_date=2004-01-01", "per_page=10", "page=1",
            "format=json", "nojsoncallback=1",
        ] {
            #expect(query.split(separator: "&").contains { $0 == part }, "\(part) missing from \(query)")
        }
        #expect(fake.radiiRequested == [32], "Flickr's geo radius is capped at 32 km")
        let extras = query.components(separatedBy: "extras=").last?.components(separatedBy: "&").first?.removingPercentEncoding ?? ""
        #expect(Set(extras.split(separator: ",")) == ["url_s", "url_z", "url_l", "geo", "date_taken", "owner_name", "license"])
        #expect(page.candidates.count == 5)
        let first = try #require(page.candidates.first { $0.key.id == photos[0].id })
        #expect(first.title == "Photo 0")
        #expect(first.owner == "Owner 0")
        #expect(first.license == "All Rights Reserved" && first.licenseID == "0")
        #expect(first.pageURL?.absoluteString == "https://www.flickr.com/photos/\(photos[0].owner)/\(photos[0].id)")
        #expect(first.takenAt == ISO8601DateFormatter().date(from: "2023-01-01T12:00:00Z"))
        #expect(abs((first.location?.latitude ?? 0) - photos[0].latitude) < 1e-9)
        #expect(first.sources[.small240] == .url(try #require(URL(string: fake.imageURL(photos[0], size: "m")))))
        let distances = page.candidates.compactMap { $0.location?.distanceKm(to: eiffel) }
        #expect(distances.count == 5 && distances == distances.sorted(), "each page is sorted nearest first")
    }

    @Test func theOptionsReachTheRequest() async throws {
        let (fake, _) = try makeFake(3)
        defer { fake.stop() }
        let flickr = try provider(
            fake, options: #", "safeSearch": "restricted", "minUploadDate": "2015-06-30", "perPage": 2"#, albumSize: .large1600)
        _ = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 0.5, limit: 10, page: 2))
        let query = try #require(fake.rawQueries.first)
        for part in ["safe_search=3", "min_upload_date=2015-06-30", "per_page=2", "page=2", "radius=0.5"] {
            #expect(query.split(separator: "&").contains { $0 == part }, "\(part) missing from \(query)")
        }
        let extras = query.components(separatedBy: "extras=").last?.components(separatedBy: "&").first?.removingPercentEncoding ?? ""
        #expect(extras.hasPrefix("url_h,url_s,url_z,url_l,"), "the album's size first, no size twice: \(extras)")
    }

    @Test func neverAsksForAPagePastTheFirst4000Results() async throws {
        let (fake, _) = try makeFake(300)
        defer { fake.stop() }
        fake.setModes { $0.claimedTotal = 9000 }
        let flickr = try provider(fake)
        let first = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 250))
        #expect(first.pageCount == 16, "4000 reachable results at 250 per page")
        #expect(first.total == 9000 && first.nextPage == 2)
        let last = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 250, page: 16))
        #expect(last.nextPage == nil)
        let beyond = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 250, page: 17))
        #expect(beyond.candidates.isEmpty && beyond.nextPage == nil)
        #expect(fake.pagesRequested == [1, 16], "page 17 must not be requested")
    }

    @Test func aPagePastFlickrsLastNamesNoNextPage() async throws {
        let (fake, _) = try makeFake(12)
        defer { fake.stop() }
        let flickr = try provider(fake)
        let second = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 10, page: 2))
        #expect(second.candidates.count == 2 && second.nextPage == nil && second.pageCount == 2)
        // Flickr repeats its last page past the end; the router drops the repeats.
        let third = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 10, page: 3))
        #expect(third.candidates.map(\.key) == second.candidates.map(\.key) && third.nextPage == nil)
    }

    @Test func theRouterDropsAPhotoRepeatedOnTheNextPage() async throws {
        let (fake, _) = try makeFake(12)
        defer { fake.stop() }
        fake.setModes { $0.duplicateAcrossPages = true }
        let router = Router(providers: [try configured(fake, options: #", "perPage": 5"#)])
        let found = await router.search(center: eiffel, radiusKm: 5, count: 12, exclude: [])
        // Pages 2 and 3 each repeat photo 1 in place of one of their own: 10 distinct photos.
        #expect(found.candidates.count == 10)
        #expect(Set(found.candidates.map(\.key)).count == 10, "a photo Flickr repeats on a later page appears once")
        #expect(fake.pagesRequested == [1, 2, 3], "no page past the last one Flickr reported")
    }

    @Test func skipsExcludedAndFarPhotos() async throws {
        let (fake, photos) = try makeFake(10)
        defer { fake.stop() }
        let flickr = try provider(fake)
        let excluded = PhotoKey(provider: "flickr", id: photos[3].id)
        let page = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 1, limit: 10, exclude: [excluded]))
        #expect(!page.candidates.contains { $0.key == excluded })
        #expect(page.candidates.allSatisfy { ($0.location?.distanceKm(to: eiffel) ?? 0) <= 1 })
        let near = photos.filter { FakeFlickrDistance.km(eiffel, $0) <= 1 }.map(\.id)
        #expect(Set(page.candidates.map(\.key.id)) == Set(near).subtracting([photos[3].id]))
    }

    @Test func understandsNumbersAsStringsAndTheJSONPWrapper() async throws {
        let (fake, photos) = try makeFake(8)
        defer { fake.stop() }
        fake.setModes {
            $0.numbersAsStrings = true
            $0.jsonp = true
        }
        let flickr = try provider(fake)
        let page = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        #expect(page.candidates.count == 5)
        #expect(page.total == 8 && page.pageCount == 2 && page.nextPage == 2)
        #expect(page.candidates.allSatisfy { $0.location != nil && $0.licenseID != nil })
        let looked = try await flickr.photo(id: photos[0].id)
        #expect(looked.sources.count == 4)
    }

    @Test func aMissingSizeFallsBackToASmallerOneOrSkipsThePhoto() async throws {
        let (fake, photos) = try makeFake(3, sizes: ["m", "z", "b"])
        defer { fake.stop() }
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
        defer { fake.stop() }
        fake.setModes { $0.fileURLPhotos = [photos[0].id] }
        fake.failNextImageRequests(photo: photos[1].id, [.redirect("file:///etc/passwd")])
        let flickr = try provider(fake)
        let page = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 10))
        // Its m URL (Flickr's url_s) dropped unread, photo 0 has no size up to the album's m left: it is skipped.
        #expect(!page.candidates.contains { $0.key.id == photos[0].id })
        #expect(page.candidates.count == 3)
        #expect(log.messages.contains { $0.contains("file:///etc/passwd") }, "the dropped URL is logged at debug")
        let redirected = try #require(page.candidates.first { $0.key.id == photos[1].id })
        let sink = RecordingSink()
        _ = await expectProviderError("invalid response", retryable: false) {
            try await flickr.fetch(redirected, size: .small240, into: sink)
        }
        #expect(sink.bytes.isEmpty)

        // With albums of z, photo 0 stays, without its file URL.
        let larger = try await provider(fake, albumSize: .medium640).search(GeoQuery(center: eiffel, radiusKm: 5, limit: 10))
        let kept = try #require(larger.candidates.first { $0.key.id == photos[0].id })
        #expect(kept.sources[.small240] == nil && kept.sources[.medium640] != nil)

        // A candidate naming a file (from a tampered index, say) is refused before anything is read.
        let requestsBefore = fake.totalImageRequests
        for source in [PhotoSource.url(try #require(URL(string: "file:///etc/passwd"))), .file("/etc/passwd")] {
            var forged = kept
            forged.sources[.small240] = source
            let forgedSink = RecordingSink()
            _ = await expectProviderError("invalid response", retryable: false) {
                try await flickr.fetch(forged, size: .small240, into: forgedSink)
            }
            #expect(forgedSink.bytes.isEmpty)
        }
        #expect(fake.totalImageRequests == requestsBefore && fake.apiCalls("flickr.photos.getSizes") == 0)
    }

    @Test func classifiesFlickrErrorsWithoutShowingTheKey() async throws {
        let (fake, _) = try makeFake(3)
        defer { fake.stop() }
        let flickr = try provider(fake)
        let query = GeoQuery(center: eiffel, radiusKm: 5, limit: 5)
        fake.failNextAPICalls([.statFail(code: 100, message: "Invalid API Key (Key has invalid format)")])
        let refused = await expectProviderError("unauthorized", retryable: false) { _ = try await flickr.search(query) }
        #expect(refused?.message.contains("FLICKR_API_KEY") == true)
        var transient: [ProviderError] = []
        for code in [105, 0, 201] {
            fake.failNextAPICalls([.statFail(code: code, message: "Service currently unavailable")])
            if let error = await expectProviderError("unavailable", retryable: true, { _ = try await flickr.search(query) }) {
                transient.append(error)
            }
        }
        fake.failNextAPICalls([.statFail(code: 112, message: "Method not found \(Self.key)")])
        let other = await expectProviderError("invalid response", retryable: false) { _ = try await flickr.search(query) }
        #expect(other?.message.contains("Flickr error 112: Method not found") == true)
        fake.failNextAPICalls([.status(500), .status(429, retryAfter: 9), .html])
        let down = await expectProviderError("unavailable", retryable: true) { _ = try await flickr.search(query) }
        let slow = await expectProviderError("rate-limited", retryable: true) { _ = try await flickr.search(query) }
        #expect(slow?.retryAfter == 9)
        let html = await expectProviderError("unavailable", retryable: true) { _ = try await flickr.search(query) }
        #expect(html?.message.hasPrefix("Flickr answered with something that is not JSON") == true)
        let wrongKey = try provider(fake, key: "wrong-key-555")
        let wrong = await expectProviderError("unauthorized", retryable: false) { _ = try await wrongKey.search(query) }
        #expect(fake.apiCalls("flickr.photos.search") == 9, "one request per call: the provider never retries")
        for error in [refused, other, down, slow, html, wrong].compactMap({ $0 }) + transient {
            #expect(!error.description.contains(Self.key) && !error.description.contains("wrong-key-555"), "\(error)")
        }
        #expect(fake.rawQueries.allSatisfy { $0.contains("api_key=") }, "the key travels in the request, and only there")
        #expect(
            !log.messages.isEmpty && !log.messages.contains { $0.contains(Self.key) || $0.contains("wrong-key-555") }, "\(log.messages)")
    }

    @Test func withoutAKeyNothingIsSent() async throws {
        let (fake, photos) = try makeFake(3)
        defer { fake.stop() }
        let keyless = try provider(fake, key: nil)
        let error = await expectProviderError("unauthorized", retryable: false) {
            _ = try await keyless.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        }
        #expect(error == FlickrAPI.missingKey)
        #expect(error?.message.contains("FLICKR_API_KEY") == true)
        _ = await expectProviderError("unauthorized", retryable: false) { _ = try await keyless.photo(id: photos[0].id) }
        let unlisted = PhotoCandidate(key: PhotoKey(provider: "flickr", id: photos[0].id), title: "", sources: [:])
        _ = await expectProviderError("unauthorized", retryable: false) {
            try await keyless.fetch(unlisted, size: .large1600, into: RecordingSink())
        }
        _ = await expectProviderError("unauthorized", retryable: false) {
            _ = try await provider(fake, key: "  ").search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        }
        #expect(fake.rawQueries.isEmpty)
        let fromEnvironment = try provider(fake, key: nil, environment: ["FLICKR_API_KEY": Self.key])
        #expect(try await fromEnvironment.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5)).candidates.count == 3)
    }

    @Test func largeSizesComeFromGetSizesWithTheirOwnSecret() async throws {
        let (fake, photos) = try makeFake(2)
        defer { fake.stop() }
        let flickr = try provider(fake)
        let page = try await flickr.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        let candidate = try #require(page.candidates.first { $0.key.id == photos[0].id })
        #expect(candidate.sources[.large1600] == nil, "the search lists no h")
        let sink = RecordingSink()
        try await flickr.fetch(candidate, size: .large1600, into: sink)
        #expect(sink.bytes == photos[0].sizes["h"])
        #expect(fake.apiCalls("flickr.photos.getSizes") == 1)
        let listed = RecordingSink()
        try await flickr.fetch(candidate, size: .small240, into: listed)
        #expect(listed.bytes == photos[0].sizes["m"])
        #expect(fake.apiCalls("flickr.photos.getSizes") == 1, "a listed size needs no getSizes")

        let looked = try await flickr.photo(id: photos[1].id)
        #expect(looked.key == PhotoKey(provider: "flickr", id: photos[1].id) && looked.title == photos[1].id)
        #expect(Set(looked.sources.keys) == [.small240, .medium640, .large1024, .large1600])
        #expect(looked.sources[.large1600] == .url(try #require(URL(string: fake.imageURL(photos[1], size: "h")))))
        #expect(fake.imageURL(photos[1], size: "h").contains(photos[1].originalSecret))
        #expect(looked.pageURL?.absoluteString == "https://www.flickr.com/photos/\(photos[1].owner)/\(photos[1].id)")

        _ = await expectProviderError("not found", retryable: false) { _ = try await flickr.photo(id: "999") }
        let gone = PhotoCandidate(key: PhotoKey(provider: "flickr", id: "999"), title: "", sources: [:])
        _ = await expectProviderError("not found", retryable: false) {
            try await flickr.fetch(gone, size: .large1600, into: RecordingSink())
        }
        var noK = candidate
        noK.sources = [:]
        _ = await expectProviderError("not found", retryable: false) {
            try await flickr.fetch(noK, size: .large2048, into: RecordingSink())
        }
        var foreign = candidate
        foreign.key = PhotoKey(provider: "demo", id: photos[0].id)
        let calls = fake.apiCalls("flickr.photos.getSizes")
        _ = await expectProviderError("not found", retryable: false) {
            try await flickr.fetch(foreign, size: .small240, into: RecordingSink())
        }
        #expect(fake.apiCalls("flickr.photos.getSizes") == calls)
    }

    /// The router's budget (`ConfiguredProvider`) around the real Flickr provider: searches and
    /// lookups spend it, downloads do not, and two providers on one state folder share it.
    @Test func theHourlyBudgetHoldsAcrossInstancesWithoutReachingFlickr() async throws {
        let (fake, _) = try makeFake(3)
        defer { fake.stop() }
        let state = folder.child("shared-state")
        let query = GeoQuery(center: eiffel, radiusKm: 5, limit: 5)
        let once = RetryPolicy(retries: 0)
        let first = try configured(fake, options: #", "requestsPerHour": 3"#, state: state)
        let (page, firstSearch) = try await ClockReading.around { try await first.search(query, retryPolicy: once) }
        _ = try await first.search(query, retryPolicy: once)
        let second = try configured(fake, options: #", "requestsPerHour": 3"#, state: state)
        _ = try await second.search(query, retryPolicy: once)
        // Image downloads do not spend the API budget.
        let photo = try #require(page.candidates.first)
        let sink = RecordingSink()
        try await second.fetch(photo, size: .small240, into: sink)
        #expect(!sink.bytes.isEmpty)
        let (limited, refusedSearch) = await ClockReading.around {
            await expectProviderError("rate-limited", retryable: true) { _ = try await second.search(query, retryPolicy: once) }
        }
        // The wait is until the first search leaves the hour, counted from the refused one (the
        // log keeps milliseconds): whatever the time the searches took, it lies within these bounds.
        let between = firstSearch.seconds(until: refusedSearch)
        let wait = try #require(limited?.retryAfter)
        #expect(
            wait >= 3600 - between.upperBound - 0.001 && wait <= 3600 - between.lowerBound + 0.001,
            "\(wait) s; \(between) s between the searches")
        _ = await expectProviderError("rate-limited", retryable: true) { _ = try await first.photo(id: photo.key.id, retryPolicy: once) }
        #expect(fake.apiCalls("flickr.photos.search") == 3 && fake.apiCalls("flickr.photos.getSizes") == 0)
        let written = try contents(under: folder.path)
        #expect(!written.isEmpty)
        #expect(!written.contains { $0.contains(Self.key) }, "the key is never written to the state directory")
        #expect(!(limited?.description.contains(Self.key) ?? true))
    }

    @Test func badOptionsAreConfigErrors() throws {
        let (fake, _) = try makeFake(1)
        defer { fake.stop() }
        for bad in [
            #", "safeSearch": "strict""#, #", "minUploadDate": "yesterday""#, #", "minUploadDate": "2004-13-01""#,
            #", "minUploadDate": "2004-1-01""#, #", "perPage": 500"#, #", "requestsPerHour": 0"#,
        ] {
            #expect(throws: ConfigError.self, "\(bad)") { _ = try provider(fake, options: bad) }
        }
        do {
            _ = try provider(fake, options: #", "safeSearch": "strict""#)
        } catch let error as ConfigError {
            #expect("\(error)".contains("safe, moderate or restricted"), "\(error)")
        }
        let json = #"{"providers": [{"name": "flickr", "type": "flickr", "endpoint": "ftp://example.com/rest/"}]}"#
        let factory = FlickrProviderFactory()
        let config = try ConfigLoader(registry: ProviderRegistry([factory]), environment: [:], workingDirectory: "/").parse(
            Array(json.utf8), path: "/t.json")
        let context = ProviderContext(configDirectory: "/", environment: [:], logger: log.logger(), http: http)
        #expect(throws: ConfigError.self) {
            _ = try factory.makeProvider(name: "flickr", options: config.providers[0].options, context: context)
        }
    }

    @Test func describesItsOptionsAsData() {
        let factory = FlickrProviderFactory()
        #expect(factory.type == "flickr" && !factory.summary.isEmpty)
        #expect(factory.options.map(\.name) == ["apiKey", "endpoint", "perPage", "safeSearch", "minUploadDate"])
        #expect(factory.defaultRequestsPerHour == 3600, "Flickr's per-key limit, kept by the router")
        #expect(factory.options.filter(\.isSecret).map(\.name) == ["apiKey"])
        #expect(factory.options.first { $0.name == "perPage" }?.kind == .integer(1...250))
    }

    @Test func requestURLsArePercentEncodedAndKeepTheEndpointsQuery() throws {
        let api = FlickrAPI(
            endpoint: try #require(URL(string: "https://flickr.example/rest/?tenant=a%26b")), apiKey: "k+y&=", http: http,
            providerName: "flickr", logger: log.logger()
        )
        let url = try api.requestURL("flickr.photos.search", [("extras", "url_m,geo"), ("text", "a b+c")])
        #expect(
            url.absoluteString
                == "https://flickr.example/rest/?tenant=a%26b&method=flickr.photos.search&api_key=k%2By%26%3D&extras=url_m%2Cgeo&text=a%20b%2Bc&format=json&nojsoncallback=1"
        )
        #expect(!HTTPClient.redacted(url).contains("k%2By"))
    }

    @Test func coordinatesAreWrittenPlainly() {
        #expect(FlickrProvider.plain(48.8584) == "48.8584")
        #expect(FlickrProvider.plain(-33.85680012345) == "-33.8568")
        #expect(FlickrProvider.plain(1e-9) == "0" && FlickrProvider.plain(-1e-9) == "0")
        #expect(FlickrProvider.plain(32) == "32" && FlickrProvider.plain(0.5) == "0.5")
    }
}

/// Distances as the fake measures them, for choosing which of its photos a radius holds.
enum FakeFlickrDistance {
    static func km(_ center: GeoPoint, _ photo: FakePhoto) -> Double {
        guard let point = try? GeoPoint(latitude: photo.latitude, longitude: photo.longitude) else { return .infinity }
        return center.distanceKm(to: point)
    }
}
