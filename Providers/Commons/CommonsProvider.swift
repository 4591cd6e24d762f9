import Crypto
import Foundation
import Logging
import TouristCore

/// Photos from Wikimedia Commons (or a MediaWiki with GeoData at `endpoint`), found with
/// `generator=geosearch` around a point; no API key.
///
/// What it knows about Commons: geosearch needs `ggsnamespace=6` to find files rather than
/// articles, takes a radius of 10 to 10,000 m (larger circles are tiled, `CommonsTiling`), gives at
/// most 500 files with no continuation and not in distance order (distances come from
/// `prop=coordinates`, and pages are sorted here); image info with a thumbnail width covers 50 files
/// per request, the rest come through `continue`; thumbnails exist only at standard widths
/// (`CommonsSizes`) and their URLs are used as the API gives them, never built; metadata is HTML
/// (`CommonsText`); videos, PDFs, SVGs and missing files are skipped; errors come as HTTP 200 with an
/// `error` object (`CommonsResponseDecoder`). Every request carries `maxlag=5` and the User-Agent
/// Wikimedia's policy asks for, naming a contact.
///
/// Pages: page 1 is one geosearch with image info for the nearest `limit` files (rounded up to 50,
/// what one request can describe): one request for an album of up to 50 photos. Page N lists photos
/// N·limit−limit+1 to N·limit of the circle's photo ranking (`CommonsRanking`), then describes them
/// 50 at a time.
///
/// With a time window, the ranking's geosearches ask each file's dates too (`DateTimeOriginal` and
/// the upload time, which image info without a thumbnail gives for 500 files a request) and rank
/// only the files taken inside, so pages are full and only those are described: a window of one
/// month costs one more request than the same album without one, not twelve times as many.
///
/// It does not rate-limit: the router keeps `concurrency` (3 by default, what Wikimedia asks of API
/// clients) around every request, downloads included, and retries failed pages. A `maxlag` or 429
/// answer to one of a page's requests repeats that request alone after the wait it names
/// (`CommonsAPI`), so the page keeps what its other requests found.
public final class CommonsProvider: PhotoProvider, PhotoLookup, HealthProbePoint, WindowFilling {
    /// Settings from the config, validated by `CommonsProviderFactory`.
    struct Settings: Sendable {
        /// The size albums keep, fetched at `thumbnailWidth`.
        var albumSize = PhotoSize.small240
        /// The standard width album photos are fetched at.
        var thumbnailWidth = 250
        var maxPhotoBytes = 52_428_800
    }

    /// Files one request describes with a thumbnail URL.
    static let filesPerInfoRequest = 50

    public let name: String
    let api: CommonsAPI
    let settings: Settings
    let candidates: CommonsCandidates
    /// The Colosseum: Commons has thousands of photos there.
    public let probePoint: GeoPoint

    init(name: String, api: CommonsAPI, settings: Settings) throws {
        (self.name, self.api, self.settings) = (name, api, settings)
        candidates = CommonsCandidates(providerName: name, albumSize: settings.albumSize, logger: api.logger)
        probePoint = try GeoPoint(latitude: 41.8902, longitude: 12.4922)
    }

    /// Its pages rank only the files taken inside a window, full.
    public func fillsPages(for window: TimeWindow) -> Bool { true }

    /// One page of photos within `query.radiusKm` of `query.center`, nearest first, without
    /// `query.exclude`; with a time window, of the photos taken inside it.
    public func search(_ query: GeoQuery) async throws -> SearchPage {
        guard query.limit >= 1, query.page >= 1 else { return SearchPage(candidates: [], nextPage: nil) }
        let radius = query.radiusKm * 1000
        let tiles = CommonsTiling.cover(center: query.center, radiusMetres: radius)
        var known: [CommonsPage] = []
        if query.page == 1, query.window == nil, let first = tiles.first {
            let asked = min(
                CommonsTiling.maxPerSearch,
                (query.limit + Self.filesPerInfoRequest - 1) / Self.filesPerInfoRequest * Self.filesPerInfoRequest)
            let pages = try await api.query(
                geosearch(first, limit: asked, center: query.center) + describing(width: settings.thumbnailWidth))
            let found = page(of: pages, query: query)
            // Fewer files than asked for: the tile has no others, and with one tile neither has the circle.
            let complete = pages.count < asked && tiles.count == 1
            if found.count >= query.limit || complete {
                let more = found.count > query.limit || !complete
                let pageCount = complete ? max(1, (found.count + query.limit - 1) / query.limit) : nil
                return SearchPage(candidates: Array(found.prefix(query.limit)), nextPage: more ? 2 : nil, pageCount: pageCount)
            }
            known = pages
        }
        return try await rankedPage(query, radius: radius, known: known)
    }

    /// Page `query.page` of the circle's photo ranking (of the photos taken inside the query's
    /// window, when it has one), described 50 files a request (those in `known` are described
    /// already).
    private func rankedPage(_ query: GeoQuery, radius: Double, known: [CommonsPage]) async throws -> SearchPage {
        let window = query.window
        let ranking = try await CommonsRanking.build(
            center: query.center, radiusMetres: radius, needed: query.page * query.limit,
            keep: { page in
                window.map { window in page.imageinfo?.first.flatMap { CommonsCandidates.taken($0).date }.map(window.contains) ?? false }
                    ?? true
            }
        ) { tile, limit in
            try await api.query(geosearch(tile, limit: limit, center: query.center) + (window == nil ? [("iiprop", "mime")] : Self.dating))
        }
        let start = (query.page - 1) * query.limit
        let pageCount = ranking.complete ? (ranking.files.count + query.limit - 1) / query.limit : nil
        guard start < ranking.files.count else { return SearchPage(candidates: [], nextPage: nil, pageCount: pageCount) }
        let slice = ranking.files[start..<min(start + query.limit, ranking.files.count)]
        let described = Dictionary(
            known.compactMap { page in page.imageinfo?.first?.thumburl == nil ? nil : page.pageid.map { ($0, page) } },
            uniquingKeysWith: { first, _ in first }
        )
        var pages = slice.compactMap { described[$0.pageID] }
        let missing = slice.map(\.pageID).filter { described[$0] == nil }
        for chunk in stride(from: 0, to: missing.count, by: Self.filesPerInfoRequest) {
            let ids = missing[chunk..<min(chunk + Self.filesPerInfoRequest, missing.count)].map(String.init).joined(separator: "|")
            pages += try await api.query(
                [("pageids", ids), ("prop", "coordinates|imageinfo")] + coordinateParameters(center: query.center)
                    + describing(width: settings.thumbnailWidth))
        }
        let more = ranking.files.count > start + query.limit || !ranking.complete
        return SearchPage(candidates: page(of: pages, query: query), nextPage: more ? query.page + 1 : nil, pageCount: pageCount)
    }

    /// The photos among `pages` within the query's circle, nearest first (ties by page id), without
    /// the excluded ones.
    private func page(of pages: [CommonsPage], query: GeoQuery) -> [PhotoCandidate] {
        pages.compactMap { page -> (PhotoCandidate, Double)? in
            guard let distance = CommonsRanking.distance(of: page, from: query.center), distance <= query.radiusKm * 1000,
                let candidate = candidates.candidate(page), !query.exclude.contains(candidate.key)
            else { return nil }
            return (candidate, distance)
        }
        .sorted { ($0.1, Int($0.0.key.id) ?? 0) < ($1.1, Int($1.0.key.id) ?? 0) }
        .map(\.0)
    }

    /// The parameters of a geosearch for the files of `tile` with their coordinates, distances
    /// from `center` and (with more parameters) image info.
    private func geosearch(_ tile: CommonsTile, limit: Int, center: GeoPoint) -> [(String, String)] {
        let radius = Int(min(CommonsTiling.maxRadiusMetres, max(CommonsTiling.minRadiusMetres, tile.radiusMetres.rounded(.up))))
        return [
            ("generator", "geosearch"), ("ggscoord", Self.coordinate(tile.center)), ("ggsradius", String(radius)),
            ("ggsnamespace", "6"), ("ggslimit", String(limit)), ("ggsprimary", "all"),
            ("prop", "coordinates|imageinfo"),
        ] + coordinateParameters(center: center)
    }

    private func coordinateParameters(center: GeoPoint) -> [(String, String)] {
        [("coprimary", "all"), ("colimit", "max"), ("codistancefrompoint", Self.coordinate(center))]
    }

    /// Image info with the dates a time window is checked by, for 500 files a request (no thumbnail).
    private static let dating = [("iiprop", "mime|timestamp|extmetadata"), ("iiextmetadatafilter", "DateTimeOriginal")]

    /// Image info with a thumbnail `width` pixels wide and the metadata albums keep.
    private func describing(width: Int) -> [(String, String)] {
        [
            ("iiprop", "url|size|mime|sha1|timestamp|user|extmetadata"), ("iiurlwidth", String(width)),
            (
                "iiextmetadatafilter",
                "ObjectName|Artist|Credit|Attribution|LicenseShortName|LicenseUrl|License|AttributionRequired|DateTimeOriginal"
            ),
        ]
    }

    /// Streams `size` of `photo` into `sink`: the URL the search listed, else the thumbnail Commons
    /// names for the size's width (one request). The original is checked against its SHA-1.
    public func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        let url = try await sourceURL(of: photo, size: size)
        guard CommonsCandidates.webURL(url.absoluteString) != nil else {
            throw ProviderError.invalidResponse(
                "refused to read \(HTTPClient.redacted(url)) for \(photo.key): only http and https URLs are read")
        }
        api.logger.debug("\(name): downloading \(photo.key) size \(size.rawValue) from \(HTTPClient.redacted(url))")
        let request = HTTPRequest(url: url, userAgent: api.userAgent)
        guard size == .original, let expected = CommonsPhotoData(photo.providerData)?.sha1 else {
            _ = try await ProviderError.overHTTP { try await api.http.download(request, into: sink, maxBytes: settings.maxPhotoBytes) }
            return
        }
        let checking = HashingSink<Insecure.SHA1>(sink)
        _ = try await ProviderError.overHTTP { try await api.http.download(request, into: checking, maxBytes: settings.maxPhotoBytes) }
        let actual = checking.finish()
        guard actual == expected else {
            throw ProviderError.invalidResponse(
                "Commons: the original of \(CommonsPhotoData(photo.providerData)?.title ?? photo.key.description) does not match the SHA-1 Commons lists for it (\(expected), received \(actual)); it was not kept"
            )
        }
    }

    /// Where `size` of `photo` is read: the URL its candidate lists, else the thumbnail URL Commons
    /// gives for the size's standard width.
    private func sourceURL(of photo: PhotoCandidate, size: PhotoSize) async throws -> URL {
        if photo.key.provider != name { throw ProviderError.notFound("\(photo.key) is not a photo of provider \(name)") }
        if case .url(let listed)? = photo.sources[size] { return listed }
        if case .file? = photo.sources[size] {
            throw ProviderError.invalidResponse(
                "\(photo.key) lists a file for size \(size.rawValue); Commons photos are read over http or https only")
        }
        guard let width = CommonsSizes.width(for: size) else { throw ProviderError.notFound("\(photo.key) lists no original") }
        let page = try await describe(id: photo.key.id, width: width)
        guard let thumb = page.imageinfo?.first?.thumburl.flatMap(CommonsCandidates.webURL) else {
            throw ProviderError.notFound("Commons lists no \(width) px thumbnail of \(page.title)")
        }
        return thumb
    }

    /// The file with page id `id` (digits) or title `id` ("File:Name.jpg", "Name.jpg"), with every
    /// size below its original's width and the original.
    public func photo(id: String) async throws -> PhotoCandidate {
        let page = try await describe(id: id, width: settings.thumbnailWidth)
        guard var candidate = candidates.candidate(page) else {
            let mime = page.imageinfo?.first?.mime
            throw ProviderError.notFound(
                page.missing == true || mime == nil
                    ? "Commons has no file \(Self.shown(id))" : "Commons' \(page.title) is a \(mime ?? "file") file, not a photo")
        }
        let width = page.imageinfo?.first?.width
        for size in CommonsSizes.sizes(originalWidth: width) where candidate.sources[size] == nil {
            candidate.sources[size] = .provider
        }
        return candidate
    }

    /// The file page `id` names, described with a thumbnail `width` pixels wide.
    private func describe(id: String, width: Int) async throws -> CommonsPage {
        let trimmed = id.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ProviderError.notFound("a Commons photo id cannot be empty; give a page id or a file title") }
        let selector: (String, String) =
            trimmed.allSatisfy(\.isASCII) && trimmed.allSatisfy(\.isNumber)
            ? ("pageids", trimmed)
            : ("titles", trimmed.hasPrefix("File:") ? trimmed : "File:" + trimmed)
        let pages = try await api.query(
            [selector, ("prop", "coordinates|imageinfo"), ("coprimary", "all"), ("colimit", "max")] + describing(width: width))
        guard let page = pages.first, page.missing != true, page.invalid != true else {
            throw ProviderError.notFound("Commons has no file \(Self.shown(id))")
        }
        return page
    }

    private static func shown(_ id: String) -> String {
        id.allSatisfy(\.isNumber) ? "with page id \(id)" : "named \"\(id)\""
    }

    /// A point as GeoData reads it: "LAT|LON" in plain decimals.
    static func coordinate(_ point: GeoPoint) -> String {
        "\(GeoPoint.format(point.latitude))|\(GeoPoint.format(point.longitude))"
    }
}
