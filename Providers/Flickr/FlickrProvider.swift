import Foundation
import Logging
import TouristCore

/// Photos from Flickr (or a Flickr-compatible service at `endpoint`), found with
/// `flickr.photos.search` around a point.
///
/// What it knows about Flickr: geo searches need a "limiting agent" (without one only the last 12
/// hours' uploads come back), so `min_upload_date` is always sent; the radius is at most 32 km; a
/// page holds at most 250 photos and only the first 4,000 results can be reached (later pages
/// repeat earlier ones), so no page past those is asked for; results are not sorted by distance,
/// so each page is sorted here; a size missing from `url_<size>` means Flickr does not have it;
/// sizes from `h` up have their own secret, so their URLs come from `flickr.photos.getSizes`.
public final class FlickrProvider: PhotoProvider, PhotoLookup, HealthProbePoint {
    /// Settings from the config, validated by `FlickrProviderFactory`.
    struct Settings: Sendable {
        var perPage = 250
        /// Flickr's safe_search: 1 safe, 2 moderate, 3 restricted.
        var safeSearch = 1
        var minUploadDate = "2004-01-01"
        /// The size albums keep; search results carry its URL.
        var albumSize = PhotoSize.small240
        var maxPhotoBytes = 52_428_800
    }

    /// Flickr answers geo queries within 32 km at most.
    public static let maxRadiusKm = 32.0
    /// Flickr serves at most 250 photos per page of a geo query.
    public static let maxPerPage = 250
    /// Only the first 4,000 results of a search can be read.
    public static let reachableResults = 4000

    public let name: String
    let api: FlickrAPI
    let settings: Settings
    /// The Eiffel Tower: Flickr has photos there.
    public let probePoint: GeoPoint

    init(name: String, api: FlickrAPI, settings: Settings) throws {
        self.name = name
        self.api = api
        self.settings = settings
        probePoint = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
    }

    public func search(_ query: GeoQuery) async throws -> SearchPage {
        let perPage = max(1, min(query.limit, settings.perPage, Self.maxPerPage))
        let lastReachable = (Self.reachableResults + perPage - 1) / perPage
        guard query.page >= 1, query.page <= lastReachable else { return SearchPage(candidates: [], nextPage: nil, pageCount: lastReachable) }
        let response = try await api.call("flickr.photos.search", searchParameters(query, perPage: perPage), as: FlickrSearchResponse.self)
        let reachable = min(response.photos.pages?.int ?? 0, lastReachable)
        var ids = Set<String>()
        let candidates = response.photos.photo
            .filter { ids.insert($0.id).inserted }
            .compactMap(candidate)
            .filter { !query.exclude.contains($0.key) }
            .map { (candidate: $0, distance: $0.location.map { $0.distanceKm(to: query.center) }) }
            .filter { ($0.distance ?? 0) <= query.radiusKm }
            .sorted { ($0.distance ?? .infinity) < ($1.distance ?? .infinity) }
            .map(\.candidate)
        let more = query.page < reachable && !response.photos.photo.isEmpty
        return SearchPage(candidates: candidates, nextPage: more ? query.page + 1 : nil, total: response.photos.total?.int, pageCount: reachable)
    }

    func searchParameters(_ query: GeoQuery, perPage: Int) -> [(String, String)] {
        let sizes = [settings.albumSize, .small240, .medium640, .large1024].reduce(into: [PhotoSize]()) { if !$0.contains($1) { $0.append($1) } }
        let extras = sizes.map { "url_\($0.rawValue)" } + ["geo", "date_taken", "owner_name", "license"]
        return [
            ("lat", Self.plain(query.center.latitude)), ("lon", Self.plain(query.center.longitude)),
            ("radius", Self.plain(min(query.radiusKm, Self.maxRadiusKm))), ("radius_units", "km"),
            ("has_geo", "1"), ("media", "photos"), ("content_type", "1"), ("safe_search", String(settings.safeSearch)),
            ("min_upload_date", settings.minUploadDate), ("extras", extras.joined(separator: ",")),
            ("per_page", String(perPage)), ("page", String(query.page)),
        ]
    }

    public func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        guard photo.key.provider == name else {
            throw ProviderError.notFound("\(photo.key) is not a photo of provider \(name)")
        }
        let url: URL
        if case .url(let listed)? = photo.sources[size] {
            url = listed
        } else {
            guard let looked = try await sizes(of: photo.key.id)[size] else {
                throw ProviderError.notFound("Flickr has no size \(size.rawValue) of photo \(photo.key.id)")
            }
            url = looked
        }
        _ = try await api.http.download(url, into: sink, maxBytes: settings.maxPhotoBytes)
    }

    public func photo(id: String) async throws -> PhotoCandidate {
        let sources = try await sizes(of: id)
        guard !sources.isEmpty else { throw ProviderError.notFound("Flickr lists no size of photo \(id)") }
        return PhotoCandidate(key: PhotoKey(provider: name, id: id), title: id, sources: sources.mapValues { .url($0) })
    }

    /// Every size of a photo with its own URL (and secret), from flickr.photos.getSizes.
    func sizes(of id: String) async throws -> [PhotoSize: URL] {
        let response = try await api.call("flickr.photos.getSizes", [("photo_id", id)], as: FlickrSizesResponse.self)
        var sources: [PhotoSize: URL] = [:]
        for entry in response.sizes.size {
            guard let size = FlickrSizesResponse.letters[entry.label], let url = webURL(entry.source, photo: id) else { continue }
            sources[size] = url
        }
        return sources
    }

    /// A search result as a candidate; nil when it has no usable size at or below the album's.
    func candidate(_ photo: FlickrPhoto) -> PhotoCandidate? {
        var sources: [PhotoSize: PhotoSource] = [:]
        for (size, text) in photo.urls {
            if let url = webURL(text, photo: photo.id) { sources[size] = .url(url) }
        }
        guard sources.keys.contains(where: { $0 <= settings.albumSize }) else {
            api.logger.debug("\(name): skipping photo \(photo.id): no size up to \(settings.albumSize.rawValue) listed")
            return nil
        }
        var location: GeoPoint?
        if let latitude = photo.latitude, let longitude = photo.longitude, latitude != 0 || longitude != 0 {
            location = try? GeoPoint(latitude: latitude, longitude: longitude)
        }
        let title = photo.title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return PhotoCandidate(
            key: PhotoKey(provider: name, id: photo.id), title: title.isEmpty ? "Untitled" : title, owner: photo.ownerName ?? photo.owner,
            license: photo.license.map(FlickrLicense.name), licenseID: photo.license.map(String.init),
            takenAt: photo.dateTaken.flatMap(Self.parseDateTaken), location: location, sources: sources,
            pageURL: photo.owner.flatMap { URL(string: "https://www.flickr.com/photos/\($0)/\(photo.id)") }
        )
    }

    /// `text` as a URL when it is http or https; anything else (file:, ftp:, …) is dropped unread.
    func webURL(_ text: String, photo id: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            api.logger.debug("\(name): ignoring a non-web URL Flickr listed for photo \(id)")
            return nil
        }
        return url
    }

    /// Flickr's "2023-05-01 12:34:56" (the camera's local time, read as UTC).
    static func parseDateTaken(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
        guard parts.count == 6, parts[0] > 1800, parts[0] != 0 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        (components.hour, components.minute, components.second) = (parts[3], parts[4], parts[5])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    /// A coordinate or radius as Flickr reads it: plain decimal, no exponent.
    static func plain(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
