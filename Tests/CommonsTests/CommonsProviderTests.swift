import CommonsStub
import Foundation
import Logging
import ProviderExpectations
import Testing
import TestSupport
@testable import Commons
@testable import TouristCore

/// The Commons provider through the real libcurl client against a fake Commons on 127.0.0.1 that
/// answers with the real API's shapes and quirks.
@Suite struct CommonsProviderTests {
    let folder = TemporaryDirectory()
    let eiffel: GeoPoint
    let http: HTTPClient

    init() throws {
        eiffel = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
        http = HTTPClient(configuration: .patient)
    }

    /// `count` photos around the Eiffel Tower, 40 m apart, plus the odd files Commons also holds.
    static func files(_ count: Int = 30) -> [FakeCommonsFile] {
        var files = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: count, spacingMetres: 40)
        // Between the photos: a video, a PDF, an SVG and a page whose file is gone.
        for (index, mime) in ["video/webm", "application/pdf", "image/svg+xml"].enumerated() {
            var odd = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 1, spacingMetres: 40, firstPageID: 90 + index)[0]
            odd.title = "File:Odd \(index).\(mime.hasSuffix("webm") ? "webm" : mime.hasSuffix("pdf") ? "pdf" : "svg")"
            odd.mime = mime
            files.append(odd)
        }
        var gone = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 1, spacingMetres: 40, firstPageID: 99)[0]
        gone.title = "File:Gone.jpg"
        gone.missing = true
        files.append(gone)
        return files
    }

    /// The provider at `endpoint` (the fake's by default), with the router's `retryPolicy` (none by
    /// default) and logging to `logger` (nowhere by default).
    func configured(
        _ fake: FakeCommons? = nil, endpoint: String? = nil, options extra: String = "", albumSize: PhotoSize = .small240,
        retryPolicy: RetryPolicy = RetryPolicy(retries: 0),
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws -> ConfiguredProvider {
        let endpoint = try #require(endpoint ?? fake?.endpoint)
        let json =
            #"{"providers": [{"name": "commons", "type": "commons", "endpoint": "\#(endpoint)", "contact": "tests@example.org"\#(extra)}]}"#
        let factory = CommonsProviderFactory()
        let config = try ConfigLoader(registry: ProviderRegistry([factory]), environment: [:], workingDirectory: "/").parse(
            Array(json.utf8), path: "/test.json")
        let context = ProviderContext(
            configDirectory: "/", environment: [:], logger: logger, http: http,
            stateDirectory: folder.child("state/commons"), albumSize: albumSize, retryPolicy: retryPolicy
        )
        let provider = try factory.makeProvider(name: "commons", options: config.providers[0].options, context: context)
        return ConfiguredProvider(entry: config.providers[0], provider: provider, stateDirectory: context.stateDirectory)
    }

    func provider(_ fake: FakeCommons, options extra: String = "", albumSize: PhotoSize = .small240) throws -> CommonsProvider {
        try #require(try configured(fake, options: extra, albumSize: albumSize).provider as? CommonsProvider)
    }

    final class Collect: BlobSink {
        var bytes: [UInt8] = []
        func write(_ buffer: UnsafeRawBufferPointer) throws { bytes += buffer }
    }

    @Test func passesTheConformanceSuite() async throws {
        let fake = try FakeCommons(files: Self.files(40))
        defer { fake.stop() }
        let violations = await ProviderConformance.check(
            try provider(fake), near: eiffel, radiusKm: 3, minimumPhotos: 40, emptyPoint: try GeoPoint(latitude: -40, longitude: -60),
            pageSize: 7
        )
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func oneRequestFillsA21PhotoAlbumWithWhatCommonsSays() async throws {
        var files = Self.files(30)
        files[0].artistHTML = "<a href=\"//commons.wikimedia.org/wiki/User:Ann\" title=\"User:Ann\">Ann &amp; Bob</a>"
        files[0].objectName = "Eiffel <i>Tower</i> at dusk"
        files[0].licenseShortName = "CC BY-SA 4.0"
        files[0].licenseURL = "http://creativecommons.org/licenses/by-sa/4.0"
        files[0].attributionRequired = true
        files[0].dateTimeOriginal = "2019:06:01 18:30:00"
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let page = try await provider(fake).search(GeoQuery(center: eiffel, radiusKm: 5, limit: 21))
        #expect(fake.apiRequests.count == 1, "the 50 nearest files and their thumbnails come in one request")
        let request = try #require(fake.apiRequests.first)
        for (name, value) in [
            ("action", "query"), ("format", "json"), ("formatversion", "2"), ("maxlag", "5"), ("generator", "geosearch"),
            ("ggsnamespace", "6"), ("ggsradius", "5000"), ("ggslimit", "50"), ("ggsprimary", "all"), ("ggscoord", "48.8584|2.2945"),
            ("iiurlwidth", "250"), ("coprimary", "all"), ("codistancefrompoint", "48.8584|2.2945"),
        ] {
            #expect(request.query[name] == value, "\(name)")
        }
        #expect(request.headers["user-agent"] == "tourist/\(TouristVersion.current) (tests@example.org)")
        // Photos only, nearest first (the generator answers in page-id order).
        #expect(page.candidates.count == 21)
        #expect(page.candidates.allSatisfy { Int($0.key.id).map { $0 < 90 || $0 > 99 } ?? false }, "no video, PDF, SVG or missing file")
        let distances = page.candidates.compactMap { $0.location?.distanceKm(to: eiffel) }
        #expect(distances == distances.sorted() && distances.count == 21)
        #expect(page.nextPage == 2)
        let first = try #require(page.candidates.first { $0.key.id == String(files[0].pageID) })
        #expect(first.title == "Eiffel Tower at dusk")
        #expect(first.owner == "Ann & Bob")
        #expect(first.license == "CC BY-SA 4.0")
        #expect(first.licenseURL?.absoluteString == "http://creativecommons.org/licenses/by-sa/4.0")
        #expect(first.attribution == "Ann & Bob, CC BY-SA 4.0 <http://creativecommons.org/licenses/by-sa/4.0>, via Wikimedia Commons")
        #expect(first.takenAt?.formatted(.iso8601) == "2019-06-01T18:30:00Z")
        #expect(first.pageURL?.absoluteString.hasPrefix("https://commons.wikimedia.org/wiki/File:") == true)
        #expect(first.sources[.small240] == .url(try #require(URL(string: fake.thumbnailURL(files[0], width: 250)))))
        #expect(first.sources[.original] == .url(try #require(URL(string: fake.originalURL(files[0])))))
    }

    @Test func aHundredPhotosTakeTwoRequests() async throws {
        let fake = try FakeCommons(files: FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 140, spacingMetres: 10))
        defer { fake.stop() }
        let page = try await provider(fake).search(GeoQuery(center: eiffel, radiusKm: 5, limit: 100))
        #expect(page.candidates.count == 100)
        #expect(fake.apiRequests.count == 2, "image info with a thumbnail width covers 50 files a request")
        #expect(fake.apiRequests.last?.query["iicontinue"] != nil)
        #expect(Set(page.candidates.map(\.key.id)).count == 100)
    }

    @Test func pagesWalkTheRankingWithoutGapsOrRepeats() async throws {
        let files = Self.files(70)
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let commons = try provider(fake)
        var seen: [String] = []
        var page: Int? = 1
        while let current = page {
            let result = try await commons.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 21, page: current))
            seen += result.candidates.map(\.key.id)
            page = result.nextPage
            #expect(current < 10)
        }
        #expect(seen.count == 70 && Set(seen).count == 70, "every photo once")
    }

    @Test func aWideCircleIsSearchedInTenKilometreTiles() async throws {
        var files = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 5, spacingMetres: 100)
        // Four photos 25 km away, one on each side: out of reach of one 10 km search.
        for (index, bearing) in [0.0, 90, 180, 270].enumerated() {
            let point = eiffel.moved(km: 25, bearing: bearing)
            var far = FakeCommonsFile.around(
                latitude: point.latitude, longitude: point.longitude, count: 1, spacingMetres: 1, firstPageID: 5000 + index)[0]
            far.title = "File:Far \(index).jpg"
            files.append(far)
        }
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let page = try await provider(fake).search(GeoQuery(center: eiffel, radiusKm: 30, limit: 21))
        #expect(Set(page.candidates.map(\.key.id)) == Set(files.map { String($0.pageID) }))
        let radii = fake.apiRequests.compactMap { $0.query["ggsradius"].flatMap(Int.init) }
        #expect(radii.allSatisfy { (10...10_000).contains($0) }, "\(radii)")
        #expect(Set(fake.apiRequests.compactMap { $0.query["ggscoord"] }).count > 4)
        #expect(page.nextPage == nil)
    }

    @Test func aPlaceWithMoreThan500FilesIsRefinedUntilEveryPhotoIsReached() async throws {
        let files = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 650, spacingMetres: 1.5)
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let commons = try provider(fake)
        var seen = Set<String>()
        for current in 1...7 {
            let result = try await commons.search(GeoQuery(center: eiffel, radiusKm: 1, limit: 100, page: current))
            let ids = result.candidates.map(\.key.id)
            #expect(seen.isDisjoint(with: ids), "page \(current) repeats a photo")
            seen.formUnion(ids)
            if current < 7 { #expect(result.nextPage == current + 1) }
        }
        #expect(seen.count == 650)
    }

    @Test func maxlagAndTooManyRequestsAreRateLimitsWithTheirWait() async throws {
        let fake = try FakeCommons(files: Self.files(5))
        defer { fake.stop() }
        let commons = try provider(fake)
        fake.failNextAPICalls([.maxlag(seconds: 7)])
        let lagging = await expectProviderError("rate-limited", retryable: true) {
            _ = try await commons.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        }
        #expect(lagging?.retryAfter == 5, "Retry-After is the maxlag sent (5), not the lag (7)")
        #expect(lagging?.message.contains("Commons is busy (maxlag") == true, "\(String(describing: lagging))")
        fake.failNextAPICalls([.tooManyRequests(retryAfter: 3)])
        let limited = await expectProviderError("rate-limited", retryable: true) {
            _ = try await commons.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        }
        #expect(limited?.retryAfter == 3)
        let page = try await commons.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 5))
        #expect(page.candidates.count == 5)
    }

    @Test func brokenAnswersAreOneLineErrorsNamingCommons() async throws {
        let fake = try FakeCommons(files: Self.files(5))
        defer { fake.stop() }
        let commons = try provider(fake)
        let query = GeoQuery(center: eiffel, radiusKm: 5, limit: 5)
        fake.failNextAPICalls([.html])
        let html = await expectProviderError("unavailable", retryable: true) { _ = try await commons.search(query) }
        #expect(html?.message.hasPrefix("Commons answered with an HTML page") == true)
        fake.failNextAPICalls([.cutJSON])
        let cut = await expectProviderError("invalid response", retryable: false) { _ = try await commons.search(query) }
        #expect(cut?.message.hasPrefix("Commons answered with JSON that is cut short") == true)
        fake.failNextAPICalls([.error(code: "mystery-code", info: "Something\nodd happened.")])
        let unknown = await expectProviderError("invalid response", retryable: false) { _ = try await commons.search(query) }
        #expect(unknown?.message == "Commons refused the request with error \"mystery-code\": Something odd happened.")
        fake.failNextAPICalls([.status(502)])
        await expectProviderError("unavailable", retryable: true) { _ = try await commons.search(query) }
    }

    @Test func radiusAndWidthsStayWithinWhatCommonsAccepts() async throws {
        let fake = try FakeCommons(files: Self.files(5))
        defer { fake.stop() }
        let tiny = try await provider(fake).search(GeoQuery(center: eiffel, radiusKm: 0.001, limit: 5))
        #expect(fake.apiRequests.first?.query["ggsradius"] == "10")
        #expect(tiny.candidates.allSatisfy { ($0.location?.distanceKm(to: eiffel) ?? 1) <= 0.001 })
        _ = try await provider(fake, albumSize: .medium640).search(GeoQuery(center: eiffel, radiusKm: 1, limit: 5))
        #expect(fake.apiRequests.last?.query["iiurlwidth"] == "960")
        _ = try await provider(fake, options: #", "thumbnailWidth": 120"#).search(GeoQuery(center: eiffel, radiusKm: 1, limit: 5))
        #expect(fake.apiRequests.last?.query["iiurlwidth"] == "120")
        #expect(throws: ConfigError.self) { try configured(fake, options: #", "thumbnailWidth": 300"#) }
        #expect(throws: ConfigError.self) { try configured(fake, options: #", "contact": "nobody"#) }
        #expect(throws: ConfigError.self) { try configured(fake, options: #", "endpoint": "ftp://example.org/api.php"#) }
    }

    /// `config check` and `config init` write the width the provider uses when none is set: the one
    /// for `album.size`, as a search asks for it.
    @Test func theWrittenThumbnailWidthFollowsTheAlbumSize() throws {
        let factory = CommonsProviderFactory()
        let width = try #require(factory.options.first { $0.name == "thumbnailWidth" })
        #expect(factory.writableDefault(of: width, albumSize: .small240) == .number(250))
        #expect(factory.writableDefault(of: width, albumSize: .medium640) == .number(960))
        #expect(factory.writableDefault(of: width, albumSize: .original) == .number(3840))
        let endpoint = try #require(factory.options.first { $0.name == "endpoint" })
        #expect(factory.writableDefault(of: endpoint, albumSize: .small240) == .string("https://commons.wikimedia.org/w/api.php"))
    }

    @Test func fetchReadsThumbnailsAndChecksOriginals() async throws {
        let files = Self.files(3)
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let commons = try provider(fake)
        let photo = try #require(try await commons.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 1)).candidates.first)
        let file = try #require(files.first { String($0.pageID) == photo.key.id })
        let thumb = Collect()
        try await commons.fetch(photo, size: .small240, into: thumb)
        #expect(thumb.bytes == file.thumbnailBytes(width: 250))
        #expect(fake.imageRequests.last?.headers["user-agent"]?.contains("tests@example.org") == true)
        let original = Collect()
        try await commons.fetch(photo, size: .original, into: original)
        #expect(original.bytes == file.original)
        // Another size: its thumbnail URL comes from the API, at a standard width.
        let larger = Collect()
        try await commons.fetch(photo, size: .medium640, into: larger)
        #expect(larger.bytes == file.thumbnailBytes(width: 960))
        #expect(fake.apiRequests.last?.query["iiurlwidth"] == "960")

        fake.setModes { $0.sha1Mismatch = [file.pageID] }
        let listed = try #require(try await commons.search(GeoQuery(center: eiffel, radiusKm: 5, limit: 1)).candidates.first)
        let mismatch = await expectProviderError("invalid response", retryable: false) {
            try await commons.fetch(listed, size: .original, into: Collect())
        }
        #expect(
            mismatch?.message.hasPrefix("Commons: the original of \(file.title) does not match the SHA-1") == true,
            "\(String(describing: mismatch))")
        fake.failNextImageRequests(pageID: file.pageID, [.status(404)])
        await expectProviderError("not found", retryable: false) { try await commons.fetch(listed, size: .small240, into: Collect()) }
    }

    @Test func lookUpByPageIDOrTitle() async throws {
        let files = Self.files(3)
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let commons = try provider(fake)
        let byID = try await commons.photo(id: String(files[1].pageID))
        #expect(byID.key == PhotoKey(provider: "commons", id: String(files[1].pageID)))
        #expect(byID.sources[.original] != nil && byID.sources[.medium640] == .provider)
        let byTitle = try await commons.photo(id: String(files[1].title.dropFirst("File:".count)))
        #expect(byTitle.key == byID.key)
        await expectProviderError("not found", retryable: false) { _ = try await commons.photo(id: "123456789") }
        await expectProviderError("not found", retryable: false) { _ = try await commons.photo(id: "File:Nothing here.jpg") }
        let video = await expectProviderError("not found", retryable: false) { _ = try await commons.photo(id: "90") }
        #expect(video?.message == "Commons' File:Odd 0.webm is a video/webm file, not a photo")
    }
}

/// The quirks of the API the provider must get right: namespaces, primary coordinates, coordinate
/// continuation, and the User-Agent policy with and without a contact.
@Suite struct CommonsQuirkTests {
    let eiffel: GeoPoint
    let http = HTTPClient(configuration: .patient)

    init() throws {
        eiffel = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
    }

    func provider(_ fake: FakeCommons, contact: String? = "tests@example.org") throws -> CommonsProvider {
        let option = contact.map { #", "contact": "\#($0)""# } ?? ""
        let json = #"{"providers": [{"name": "commons", "type": "commons", "endpoint": "\#(fake.endpoint)"\#(option)}]}"#
        let factory = CommonsProviderFactory()
        let config = try ConfigLoader(registry: ProviderRegistry([factory]), environment: [:], workingDirectory: "/").parse(
            Array(json.utf8), path: "/test.json")
        let context = ProviderContext(
            configDirectory: "/", environment: [:], logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), http: http)
        #expect(config.providers[0].concurrency == 3, "Wikimedia asks for at most 3 requests at once")
        return try #require(
            try factory.makeProvider(name: "commons", options: config.providers[0].options, context: context) as? CommonsProvider)
    }

    @Test func articlesAndObjectLocationsAreTellApart() async throws {
        var files = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 6, spacingMetres: 50)
        // Located only by the position of what it shows: a non-primary coordinate.
        files[5].primaryCoordinate = false
        // An article right at the pin: GeoData finds it unless asked for files (namespace 6).
        let article = FakeCommonsFile(pageID: 1, title: "File:Eiffel Tower", latitude: 48.8584, longitude: 2.2945)
        let fake = try FakeCommons(files: files, articles: [article])
        defer { fake.stop() }
        let page = try await provider(fake).search(GeoQuery(center: eiffel, radiusKm: 1, limit: 10))
        #expect(Set(page.candidates.map(\.key.id)) == Set(files.map { String($0.pageID) }))
        #expect(page.nextPage == nil && page.pageCount == 1)
    }

    @Test func coordinatesPastTheLimitComeThroughTheirContinuation() async throws {
        // 300 photos with a second (object) coordinate each: 600 coordinates, over colimit's 500.
        var files = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 300, spacingMetres: 2)
        for index in files.indices { files[index].secondaryCoordinate = (files[index].latitude + 0.00001, files[index].longitude) }
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let commons = try provider(fake)
        let second = try await commons.search(GeoQuery(center: eiffel, radiusKm: 1, limit: 100, page: 2))
        #expect(fake.apiRequests.contains { $0.query["cocontinue"] != nil }, "the ranking's coordinates continue")
        #expect(second.candidates.count == 100)
        let first = try await commons.search(GeoQuery(center: eiffel, radiusKm: 1, limit: 100, page: 1))
        #expect(Set(first.candidates.map(\.key.id)).isDisjoint(with: second.candidates.map(\.key.id)))
        let farthestFirst = first.candidates.compactMap { $0.location?.distanceKm(to: eiffel) }.max() ?? 1
        let nearestSecond = second.candidates.compactMap { $0.location?.distanceKm(to: eiffel) }.min() ?? 0
        #expect(farthestFirst <= nearestSecond + 0.0001, "page 2 starts where page 1 ends")
        #expect(second.candidates.allSatisfy { $0.location != nil && $0.sources[.small240] != nil })
    }

    /// No contact is invented: without the user's own, the User-Agent names tourist alone; with
    /// it, the contact too.
    @Test func theUserAgentCarriesTheUsersContactOrNone() async throws {
        let fake = try FakeCommons(files: FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 3, spacingMetres: 50))
        defer { fake.stop() }
        let page = try await provider(fake, contact: nil).search(GeoQuery(center: eiffel, radiusKm: 1, limit: 3))
        #expect(page.candidates.count == 3)
        let agent = try #require(fake.apiRequests.first?.headers["user-agent"])
        #expect(agent == "tourist/\(TouristVersion.current)")
        _ = try await provider(fake, contact: "me@mail.invalid").search(GeoQuery(center: eiffel, radiusKm: 1, limit: 3))
        #expect(fake.apiRequests.last?.headers["user-agent"] == "tourist/\(TouristVersion.current) (me@mail.invalid)")
        // A generic agent is refused, as Wikimedia refuses it: the rule the fake enforces is real.
        let url = try #require(URL(string: fake.endpoint + "?action=query&format=json"))
        let refused = await expectHTTPError("not found", retryable: false) {
            _ = try await http.data(HTTPRequest(url: url, userAgent: "curl/8.5.0"))
        }
        #expect(refused?.message.contains("HTTP 403") == true)
    }
}
