import Foundation
import Testing
@testable import Flickr
import TestSupport
import TouristCore

/// Flickr's answers read from JSON literals, with no network: loose number types, JSONP,
/// `stat: fail` codes, sizes, licenses, dates, locations.
@Suite struct FlickrDecodingTests {
    static let key = "unit-key-31c4"
    let decoder = FlickrResponseDecoder(apiKey: key, providerName: "flickr")
    let log = LogRecorder()

    func candidates(albumSize: PhotoSize = .small240) -> FlickrCandidates {
        FlickrCandidates(providerName: "flickr", albumSize: albumSize, logger: log.logger())
    }

    func search(_ json: String) throws -> FlickrSearchResponse {
        try decoder.decode(Data(json.utf8), method: "flickr.photos.search", as: FlickrSearchResponse.self)
    }

    /// A search answer holding `photos` (JSON objects).
    func page(_ photos: String...) -> String {
        #"{"photos":{"page":1,"pages":1,"perpage":250,"total":\#(photos.count),"photo":[\#(photos.joined(separator: ","))]},"stat":"ok"}"#
    }

    /// The error `body` stands for, as a ProviderError.
    func failure(_ body: String, method: String = "flickr.photos.search") -> ProviderError? {
        do {
            _ = try decoder.decode(Data(body.utf8), method: method, as: FlickrSearchResponse.self)
            return nil
        } catch {
            return error as? ProviderError
        }
    }

    @Test func numbersMayBeStringsMixedWithinOneAnswerAndEmptyStringsAreAbsent() throws {
        let response = try search(
            #"""
            {"photos":{"page":"2","pages":17,"perpage":"250","total":"4012","photo":[
              {"id":"53624890009","owner":"12345678@N00","secret":"abc","server":"65535","farm":"66","title":"Tower",
               "ispublic":1,"license":"4","datetaken":"2023-05-01 12:34:56","datetakengranularity":"0","datetakenunknown":0,
               "ownername":"Ann","latitude":"48.8584","longitude":2.2945,"accuracy":"16","context":0,
               "url_s":"https://live.staticflickr.com/65535/53624890009_abc_m.jpg","height_s":"180","width_s":240},
              {"id":53624890010,"owner":"9@N01","title":"","license":"","latitude":"","longitude":"","accuracy":"",
               "url_s":"https://live.staticflickr.com/65535/53624890010_def_m.jpg","height_s":"","width_s":""}
            ]},"stat":"ok"}
            """#)
        #expect(response.photos.page?.int == 2 && response.photos.pages?.int == 17)
        #expect(response.photos.perpage?.int == 250 && response.photos.total?.int == 4012)
        let first = response.photos.photo[0], second = response.photos.photo[1]
        #expect(first.latitude == 48.8584 && first.longitude == 2.2945 && first.license == 4)
        #expect(second.id == "53624890010", "a numeric id is read as text")
        #expect(second.latitude == nil && second.longitude == nil && second.license == nil, "\"\" is no number")
        let made = try #require(candidates().candidate(second))
        #expect(made.location == nil && made.license == nil && made.licenseID == nil)
        #expect(made.title == "Untitled")
    }

    @Test func aPhotoThatCannotBeReadIsSkippedNotThePage() throws {
        let response = try search(
            page(
                #"{"owner":"1@N00","title":"no id","url_s":"https://example.com/a_m.jpg"}"#,
                #"{"id":"7","title":"fine","url_s":"https://example.com/b_m.jpg"}"#,
                #"{"id":{"nested":true},"title":"odd id"}"#
            ))
        #expect(response.photos.photo.map(\.id) == ["7"])
    }

    @Test(arguments: [
        "jsonFlickrApi({\"photos\":{\"page\":1,\"pages\":1,\"perpage\":5,\"total\":0,\"photo\":[]},\"stat\":\"ok\"})",
        "  jsonFlickrApi({\"photos\":{\"page\":1,\"pages\":1,\"perpage\":5,\"total\":0,\"photo\":[]},\"stat\":\"ok\"});\n",
        "{\"photos\":{\"page\":1,\"pages\":1,\"perpage\":5,\"total\":0,\"photo\":[]},\"stat\":\"ok\"}",
    ])
    func theJSONPWrapperIsUnderstood(_ body: String) throws {
        #expect(try search(body).photos.total?.int == 0)
    }

    @Test func aFailureInsideTheJSONPWrapperIsStillAFailure() {
        let error = failure(#"jsonFlickrApi({"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"})"#)
        #expect(error?.isUnauthorized == true, "\(String(describing: error))")
    }

    @Test(
        arguments: [
            (100, "unauthorized", false), (105, "unavailable", true), (0, "unavailable", true), (201, "unavailable", true),
            (106, "unavailable", true), (10, "unavailable", true), (112, "invalid response", false), (3, "invalid response", false),
        ] as [(Int, String, Bool)])
    func statFailCodesAreClassified(_ code: Int, _ kind: String, _ retryable: Bool) throws {
        for rendered in ["\(code)", "\"\(code)\""] {
            let error = try #require(failure(#"{"stat":"fail","code":\#(rendered),"message":"Something about \#(Self.key)"}"#))
            #expect(error.kind == kind, "\(error)")
            #expect(error.isRetryable == retryable, "\(error)")
            #expect(!error.description.contains(Self.key), "the key is scrubbed from Flickr's text: \(error)")
        }
    }

    @Test func theBadKeyMessageSaysWhatToSet() throws {
        let error = try #require(failure(#"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#))
        #expect(error.message.contains("FLICKR_API_KEY") && error.message.contains("\"apiKey\""), "\(error)")
    }

    @Test func anotherCodeKeepsFlickrsNumberAndMessage() throws {
        let error = try #require(failure(#"{"stat":"fail","code":112,"message":"Method \"x\" not found"}"#))
        #expect(error.message.hasPrefix("Flickr error 112: Method \"x\" not found"), "\(error)")
    }

    @Test func aMissingPhotoIsNotFoundOnlyForGetSizes() throws {
        let body = #"{"stat":"fail","code":1,"message":"Photo not found"}"#
        #expect(failure(body, method: "flickr.photos.getSizes")?.isNotFound == true)
        #expect(failure(body, method: "flickr.photos.search")?.kind == "invalid response", "search's code 1 is \"too many tags\"")
    }

    @Test(arguments: [
        "<!DOCTYPE html><html><body><h1>Flickr is having a massage</h1></body></html>", "", "   ", "Service Unavailable",
        "jsonFlickrApi(<html>)",
    ])
    func aBodyThatIsNotJSONIsRetryable(_ body: String) throws {
        let error = try #require(failure(body))
        #expect(error.kind == "unavailable" && error.isRetryable, "\(error)")
        #expect(error.message.hasPrefix("Flickr answered with something that is not JSON"), "\(error)")
    }

    @Test(arguments: [#"{"photos":{"page":1}}"#, #"{"stat":"ok"}"#, #"{"stat":"ok","photos":[1,2]}"#])
    func jsonThatIsNotFlickrsIsAnInvalidResponse(_ body: String) throws {
        let error = try #require(failure(body))
        #expect(error.kind == "invalid response" && !error.isRetryable, "\(error)")
    }

    @Test func aMissingAlbumSizeFallsBackToASmallerListedOne() throws {
        let response = try search(
            page(
                #"{"id":"1","url_s":"https://example.com/1_m.jpg","url_l":"https://example.com/1_b.jpg"}"#,
                #"{"id":"2","url_l":"https://example.com/2_b.jpg"}"#
            ))
        let maker = candidates(albumSize: .medium640)
        let first = try #require(maker.candidate(response.photos.photo[0]))
        #expect(first.source(nearest: .medium640)?.size == .small240)
        #expect(maker.candidate(response.photos.photo[1]) == nil, "no size up to z: of no use to a z album")
        #expect(log.messages.contains { $0.contains("skipping photo 2") })
    }

    @Test func everyWebURLSizeIsASourceAndFileURLsAreDroppedUnread() throws {
        let response = try search(
            page(
                #"""
                {"id":"5","url_s":"file:///etc/passwd","url_q":"http://example.com/5_q.jpg","url_m":"https://example.com/5.jpg",
                 "url_z":"ftp://example.com/5_z.jpg","url_c":"https:///nohost.jpg","url_b":"https://example.com/5_b.jpg",
                 "url_k":"","url_l":"https://example.com/5_b.jpg","url_sq":"https://example.com/5_s.jpg"}
                """#))
        let made = try #require(candidates().candidate(response.photos.photo[0]))
        // url_sq is s, url_l is b; url_m (500 px) and url_b are not tourist sizes; url_s (m) is a file.
        #expect(Set(made.sources.keys) == [.square75, .square150, .large1024])
        #expect(made.sources.values.allSatisfy { if case .url(let url) = $0 { url.scheme?.hasPrefix("http") == true } else { false } })
        #expect(log.messages.contains { $0.contains("file:///etc/passwd") }, "the dropped URL is logged at debug")
    }

    @Test func onlyAFileURLAtTheAlbumSizeLeavesNothingToKeep() throws {
        let response = try search(page(#"{"id":"6","url_s":"file:///etc/passwd","url_z":"https://example.com/6_z.jpg"}"#))
        #expect(candidates(albumSize: .small240).candidate(response.photos.photo[0]) == nil)
        let larger = try #require(candidates(albumSize: .medium640).candidate(response.photos.photo[0]))
        #expect(Set(larger.sources.keys) == [.medium640])
    }

    @Test(
        arguments: [
            (0, "All Rights Reserved"), (1, "CC BY-NC-SA 2.0"), (2, "CC BY-NC 2.0"), (3, "CC BY-NC-ND 2.0"), (4, "CC BY 2.0"),
            (5, "CC BY-SA 2.0"), (6, "CC BY-ND 2.0"), (7, "No known copyright restrictions"), (8, "United States Government Work"),
            (9, "CC0 1.0"), (10, "Public Domain Mark 1.0"), (11, "CC BY 4.0"), (12, "CC BY-SA 4.0"), (13, "CC BY-ND 4.0"),
            (14, "CC BY-NC 4.0"), (15, "CC BY-NC-SA 4.0"), (16, "CC BY-NC-ND 4.0"), (99, "Flickr license 99"),
        ] as [(Int, String)])
    func licensesAreNamedAndNumbered(_ number: Int, _ name: String) throws {
        let response = try search(page(#"{"id":"8","license":"\#(number)","url_s":"https://example.com/8_m.jpg"}"#))
        let made = try #require(candidates().candidate(response.photos.photo[0]))
        #expect(made.license == name && made.licenseID == String(number))
    }

    @Test func describesThePhotoFromItsExtras() throws {
        let response = try search(
            page(
                #"""
                {"id":"53624890009","owner":"12345678@N00","title":"  Eiffel at night ","ownername":"Ann","license":4,
                 "datetaken":"2023-05-01 12:34:56","datetakenunknown":"0","latitude":48.8584,"longitude":"2.2945",
                 "url_s":"https://live.staticflickr.com/65535/53624890009_abc_m.jpg"}
                """#))
        let made = try #require(candidates().candidate(response.photos.photo[0]))
        #expect(made.key == PhotoKey(provider: "flickr", id: "53624890009"))
        #expect(made.title == "Eiffel at night" && made.owner == "Ann")
        #expect(made.takenAt == Date(timeIntervalSince1970: 1_682_944_496), "read as UTC")
        #expect(made.location == (try GeoPoint(latitude: 48.8584, longitude: 2.2945)))
        #expect(made.pageURL?.absoluteString == "https://www.flickr.com/photos/12345678@N00/53624890009")
        #expect(made.sources[.small240] == .url(URL(string: "https://live.staticflickr.com/65535/53624890009_abc_m.jpg")!))
    }

    @Test(
        arguments: [
            ("2023-05-01 12:34:56", 1_682_944_496.0), ("1999-12-31 23:59:59", 946_684_799.0), ("0000-00-00 00:00:00", nil),
            ("2023-02-30 10:00:00", nil), ("2023-05-01T12:34:56", nil), ("2023-05-01", nil), ("yesterday", nil), ("", nil),
            ("2023-05-01 25:00:00", nil), ("2023-5-1 1:2:3", nil),
        ] as [(String, Double?)])
    func datesTakenAreReadAsUTC(_ text: String, _ seconds: Double?) {
        #expect(FlickrCandidates.parseDateTaken(text) == seconds.map { Date(timeIntervalSince1970: $0) })
    }

    @Test func anUnknownDateTakenIsNoDate() throws {
        let response = try search(
            page(#"{"id":"9","datetaken":"2023-05-01 12:34:56","datetakenunknown":"1","url_s":"https://example.com/9_m.jpg"}"#))
        #expect(try #require(candidates().candidate(response.photos.photo[0])).takenAt == nil)
    }

    @Test(arguments: [(#""0""#, "0"), ("0", "0.0"), ("91", "2"), (#""north""#, "2"), ("null", "2"), ("48.1", "200")] as [(String, String)])
    func unusableLocationsAreNone(_ latitude: String, _ longitude: String) throws {
        let response = try search(
            page(#"{"id":"10","latitude":\#(latitude),"longitude":\#(longitude),"url_s":"https://example.com/10_m.jpg"}"#))
        #expect(try #require(candidates().candidate(response.photos.photo[0])).location == nil)
    }

    @Test func aPageIsDedupedFilteredAndSortedNearestFirst() throws {
        // Flickr's order: far, unlocated, near, a repeat, excluded, outside the radius, middle.
        func photo(_ id: String, _ latitude: Double?) -> String {
            let geo = latitude.map { #","latitude":"\#($0)","longitude":"2.2945""# } ?? ""
            return #"{"id":"\#(id)"\#(geo),"url_s":"https://example.com/\#(id)_m.jpg"}"#
        }
        let response = try search(
            page(
                photo("far", 48.8584 + 2.5 / 111.2), photo("nowhere", nil), photo("near", 48.8584 + 0.1 / 111.2), photo("near", 48.0),
                photo("seen", 48.8584), photo("outside", 48.8584 + 3.5 / 111.2), photo("middle", 48.8584 - 1 / 111.2)
            ))
        let query = GeoQuery(
            center: try GeoPoint(latitude: 48.8584, longitude: 2.2945), radiusKm: 3, limit: 10,
            exclude: [PhotoKey(provider: "flickr", id: "seen")]
        )
        #expect(candidates().page(response.photos.photo, for: query).map(\.key.id) == ["near", "middle", "far", "nowhere"])
        var small = query
        small.limit = 2
        #expect(candidates().page(response.photos.photo, for: small).map(\.key.id) == ["near", "middle"])
    }

    @Test func theOwnerNSIDStandsInForAMissingName() throws {
        let response = try search(page(#"{"id":"11","owner":"5@N02","ownername":"","url_s":"https://example.com/11_m.jpg"}"#))
        #expect(try #require(candidates().candidate(response.photos.photo[0])).owner == "5@N02")
    }

    @Test func getSizesLabelsMapToSizesAndNameTheOwner() throws {
        let body = #"""
            {"sizes":{"canblog":0,"size":[
              {"label":"Square","width":75,"height":"75","source":"https://live.staticflickr.com/1/2_a_s.jpg","url":"https://www.flickr.com/photos/someone/2/sizes/sq/","media":"photo"},
              {"label":"Medium","width":"500","source":"https://live.staticflickr.com/1/2_a.jpg","url":"https://www.flickr.com/photos/someone/2/sizes/m/"},
              {"label":"Large 1600","width":1600,"source":"https://live.staticflickr.com/1/2_orig_h.jpg"},
              {"label":"Original","source":"https://live.staticflickr.com/1/2_orig_o.jpg"},
              {"label":"Video Player","source":"https://www.flickr.com/apps/video/stewart.swf"},
              {"nonsense":true}
            ]},"stat":"ok"}
            """#
        let response = try decoder.decode(Data(body.utf8), method: "flickr.photos.getSizes", as: FlickrSizesResponse.self)
        let sizes = response.sizes.size.compactMap { entry in FlickrSizes.byLabel[entry.label].map { ($0, entry.source) } }
        #expect(Dictionary(uniqueKeysWithValues: sizes).keys.sorted() == [.square75, .large1600, .original])
        #expect(FlickrSizes.owner(inSizePage: response.sizes.size[0].url, photo: "2") == "someone")
        #expect(FlickrSizes.owner(inSizePage: response.sizes.size[0].url, photo: "3") == nil)
        #expect(FlickrSizes.owner(inSizePage: "https://evil.example/photos/x/2/", photo: "2") == nil)
    }
}

/// Flickr's paging limits as plain values.
@Suite struct FlickrPagingTests {
    @Test func onlyTheFirst4000ResultsCanBeReached() {
        let paging = FlickrPaging(limit: 250, configuredPerPage: 250)
        #expect(paging.lastReachablePage == 16)
        #expect(paging.canRequest(page: 16) && !paging.canRequest(page: 17) && !paging.canRequest(page: 0))
        #expect(FlickrPaging(limit: 7, configuredPerPage: 250).lastReachablePage == 572)
        #expect(FlickrPaging(limit: 1000, configuredPerPage: 100).perPage == 100)
        #expect(FlickrPaging(limit: 1000, configuredPerPage: 1000).perPage == 250)
        #expect(FlickrPaging(limit: 0, configuredPerPage: 250).perPage == 1)
    }

    @Test func theNextPageIsWithinWhatFlickrHasAndCanReach() {
        let paging = FlickrPaging(limit: 250, configuredPerPage: 250)
        #expect(paging.outcome(page: 1, reportedPages: 36, listed: 250) == .init(pageCount: 16, nextPage: 2))
        #expect(paging.outcome(page: 16, reportedPages: 36, listed: 250) == .init(pageCount: 16, nextPage: nil))
        #expect(paging.outcome(page: 2, reportedPages: 3, listed: 250).nextPage == 3)
        #expect(paging.outcome(page: 3, reportedPages: 3, listed: 12).nextPage == nil)
        #expect(paging.outcome(page: 1, reportedPages: 5, listed: 0).nextPage == nil, "an empty page ends the search")
        #expect(paging.outcome(page: 1, reportedPages: 0, listed: 0) == .init(pageCount: 0, nextPage: nil))
    }

    @Test func aPagePastFlickrsLastNamesNoNextPage() {
        let paging = FlickrPaging(limit: 10, configuredPerPage: 250)
        #expect(paging.outcome(page: 4, reportedPages: 3, listed: 10) == .init(pageCount: 3, nextPage: nil))
    }

    @Test func withoutAPageCountAFullPageSuggestsMore() {
        let paging = FlickrPaging(limit: 250, configuredPerPage: 250)
        #expect(paging.outcome(page: 1, reportedPages: nil, listed: 250) == .init(pageCount: nil, nextPage: 2))
        #expect(paging.outcome(page: 1, reportedPages: nil, listed: 249).nextPage == nil)
        #expect(paging.outcome(page: 16, reportedPages: nil, listed: 250).nextPage == nil)
    }
}
