import Foundation
import Logging
import TouristCore

/// Photos from Flickr (or a Flickr-compatible service at `endpoint`), found with
/// `flickr.photos.search` around a point.
///
/// What it knows about Flickr: geo searches need a "limiting agent" (without one only the last 12
/// hours' uploads come back), so `min_upload_date` is always sent; the radius is at most 32 km; a
/// page holds at most 250 photos and only the first 4,000 results can be reached (later pages
/// repeat earlier ones), so no page past those is asked for (`FlickrPaging`); results are not
/// sorted by distance, so each page is sorted here; a size missing from `url_<size>` means Flickr
/// does not have it; sizes from `h` up have their own secret, so their URLs come from
/// `flickr.photos.getSizes`, never from the search's secret. A time window's taken range is sent
/// as `min_taken_date`/`max_taken_date` (the camera's clock, both included); its months Flickr
/// cannot ask for, so a page leaves out photos taken in other months (and those with no date), and
/// the router pages on.
///
/// It never retries or rate-limits: the router keeps the `requestsPerHour` budget (3600 by
/// default, Flickr's per-key limit) and the retry policy around every search and lookup.
public final class FlickrProvider: PhotoProvider, PhotoLookup, HealthProbePoint, RequestPreflight, WindowFilling {
    /// Settings from the config, validated by `FlickrProviderFactory`.
    struct Settings: Sendable {
        var perPage = FlickrPaging.maxPerPage
        /// Flickr's safe_search: 1 safe, 2 moderate, 3 restricted.
        var safeSearch = 1
        var minUploadDate = "2004-01-01"
        /// The size albums keep; search results carry its URL.
        var albumSize = PhotoSize.small240
        var maxPhotoBytes = 52_428_800
    }

    /// Flickr answers geo queries within 32 km at most.
    public static let maxRadiusKm = 32.0
    /// The largest box tourist asks Flickr's `bbox` search for, in km²: a box much larger than a
    /// city gets Flickr's answers of a whole region, ranked without regard to the route.
    public static let maxBoxAreaKm2 = 1000.0

    public let name: String
    /// The Eiffel Tower: Flickr has photos there.
    public let probePoint: GeoPoint
    let api: FlickrAPI
    let settings: Settings
    let candidates: FlickrCandidates

    init(name: String, api: FlickrAPI, settings: Settings) throws {
        self.name = name
        self.api = api
        self.settings = settings
        candidates = FlickrCandidates(providerName: name, albumSize: settings.albumSize, logger: api.logger)
        probePoint = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
    }

    /// Without an API key no call can be made: fails as `unauthorized`, naming where to set one.
    public func preflight() throws {
        guard !api.apiKey.isEmpty else { throw FlickrAPI.missingKey }
    }

    /// One page of photos within `query.radiusKm` (at most 32 km) of `query.center`, nearest first
    /// within the page, without `query.exclude`, without photos taken outside `query.window`, and
    /// without repeats on the page.
    public func search(_ query: GeoQuery) async throws -> SearchPage {
        let paging = FlickrPaging(limit: query.limit, configuredPerPage: settings.perPage)
        guard query.limit >= 1, paging.canRequest(page: query.page) else {
            return SearchPage(candidates: [], nextPage: nil, pageCount: paging.lastReachablePage)
        }
        let response = try await api.call(
            "flickr.photos.search", searchParameters(query, perPage: paging.perPage), as: FlickrSearchResponse.self)
        let listed = response.photos.photo
        let outcome = paging.outcome(page: query.page, reportedPages: response.photos.pages?.int, listed: listed.count)
        // A page past Flickr's last repeats its last page; those photos are passed on as Flickr
        // gives them (the router drops repeats), but no next page is named.
        let found = candidates.page(listed, for: query)
        return SearchPage(candidates: found, nextPage: outcome.nextPage, total: response.photos.total?.int, pageCount: outcome.pageCount)
    }

    /// Flickr fills its pages for a taken range, which it asks for; months it cannot ask for, so
    /// a page shrinks as the other months are left out.
    public func fillsPages(for window: TimeWindow) -> Bool { window.months == nil }

    /// The parameters of `flickr.photos.search` for `query` (the key, method and format are added
    /// by `FlickrAPI`).
    func searchParameters(_ query: GeoQuery, perPage: Int) -> [(String, String)] {
        let sizes = [settings.albumSize, .small240, .medium640, .large1024].reduce(into: [PhotoSize]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        let extras = sizes.map(FlickrSizes.extra) + ["geo", "date_taken", "owner_name", "license"]
        return area(of: query) + [
            ("has_geo", "1"), ("media", "photos"), ("content_type", "1"), ("safe_search", String(settings.safeSearch)),
            // The limiting agent: without it Flickr returns only the last 12 hours' uploads.
            ("min_upload_date", settings.minUploadDate),
            ("extras", extras.joined(separator: ",")),
            ("per_page", String(perPage)), ("page", String(query.page)),
        ] + Self.takenDates(query.window?.taken)
    }

    /// `min_taken_date` and `max_taken_date` for a taken range (MySQL datetimes, both included:
    /// the range's first second and its last), each only when that end is given.
    static func takenDates(_ range: TakenRange?) -> [(String, String)] {
        var dates: [(String, String)] = []
        if let earliest = range?.earliest { dates.append(("min_taken_date", mysqlDateTime(earliest))) }
        if let after = range?.after { dates.append(("max_taken_date", mysqlDateTime(after.addingTimeInterval(-1)))) }
        return dates
    }

    /// "2015-12-31 23:59:59": a date as Flickr reads taken dates (the camera's clock, kept as UTC).
    static func mysqlDateTime(_ date: Date) -> String {
        let fields = TimeWindow.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", fields.year ?? 0, fields.month ?? 1, fields.day ?? 1, fields.hour ?? 0,
            fields.minute ?? 0, fields.second ?? 0)
    }

    /// Where `query` looks, as Flickr says it: its box (`bbox=minLon,minLat,maxLon,maxLat`), else its circle.
    private func area(of query: GeoQuery) -> [(String, String)] {
        if let box = query.box {
            let corners = [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude]
            return [("bbox", corners.map(Self.plain).joined(separator: ","))]
        }
        return [
            ("lat", Self.plain(query.center.latitude)), ("lon", Self.plain(query.center.longitude)),
            ("radius", Self.plain(min(max(query.radiusKm, 0), Self.maxRadiusKm))), ("radius_units", "km"),
        ]
    }

    /// Streams `size` of `photo` into `sink`: from the URL the search listed, else from the URL
    /// `flickr.photos.getSizes` gives (large sizes have their own secret). Only http and https.
    /// That getSizes call happens inside a download, which the router does not count against
    /// `requestsPerHour`; tourist's own callers (albums, `photo get`) always ask for a listed size.
    public func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        guard photo.key.provider == name else {
            throw ProviderError.notFound("\(photo.key) is not a photo of provider \(name)")
        }
        let url: URL
        switch photo.sources[size] {
        case .url(let listed)?:
            url = listed
        case .file?, .provider?:
            throw ProviderError.invalidResponse(
                "\(photo.key) lists no URL for size \(size.rawValue); Flickr photos are read over http or https only")
        case nil:
            guard let looked = try await sizes(of: photo.key.id).urls[size] else {
                throw ProviderError.notFound("Flickr has no size \(size.rawValue) of photo \(photo.key.id)")
            }
            url = looked
        }
        guard FlickrCandidates.isWeb(url) else {
            throw ProviderError.invalidResponse(
                "refused to read \(HTTPClient.redacted(url)) for \(photo.key): only http and https URLs are read")
        }
        api.logger.debug("\(name): downloading \(photo.key) size \(size.rawValue) from \(HTTPClient.redacted(url))")
        _ = try await ProviderError.overHTTP { try await api.http.download(url, into: sink, maxBytes: settings.maxPhotoBytes) }
    }

    /// Photo `id` with every size Flickr lists for it (`flickr.photos.getSizes`), titled by its id.
    public func photo(id: String) async throws -> PhotoCandidate {
        guard !id.isEmpty else { throw ProviderError.notFound("a Flickr photo id cannot be empty") }
        let found = try await sizes(of: id)
        guard !found.urls.isEmpty else { throw ProviderError.notFound("Flickr lists no size of photo \(id)") }
        return PhotoCandidate(
            key: PhotoKey(provider: name, id: id), title: id, sources: found.urls.mapValues { .url($0) },
            pageURL: found.owner.flatMap { FlickrCandidates.pageURL(owner: $0, photo: id) }
        )
    }

    /// Every size of a photo with its own URL (and secret), from flickr.photos.getSizes, and the
    /// owner when the answer names it.
    func sizes(of id: String) async throws -> (urls: [PhotoSize: URL], owner: String?) {
        try await api.call("flickr.photos.getSizes", [("photo_id", id)], as: FlickrSizesResponse.self).listed(
            photo: id, candidates: candidates)
    }

    /// A coordinate or radius as Flickr reads it: plain decimal (up to 6 places), no exponent.
    static func plain(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
