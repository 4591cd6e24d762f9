import Foundation
import Logging
import TouristCore

/// Turns Flickr's photo records into candidates: title, owner, license, date, location, page, and
/// the sizes Flickr listed, keeping only http and https URLs.
struct FlickrCandidates: Sendable {
    let providerName: String
    /// The size albums keep: a photo without it or a smaller size is of no use to them.
    let albumSize: PhotoSize
    let logger: Logger

    /// One page of search results as the protocol wants it: each photo once, none of
    /// `query.exclude`, none located outside `query.radiusKm` or its box, nearest first (photos without a
    /// location last, ties by id), at most `query.limit`.
    func page(_ photos: [FlickrPhoto], for query: GeoQuery) -> [PhotoCandidate] {
        var ids = Set<String>()
        return
            photos
            .filter { ids.insert($0.id).inserted }
            .compactMap(candidate)
            .filter { !query.exclude.contains($0.key) && query.admits(takenAt: $0.takenAt) }
            .map { (candidate: $0, distance: $0.location.map { $0.distanceKm(to: query.center) }) }
            .filter { ($0.distance ?? 0) <= query.radiusKm && Self.inBox(query.box, $0.candidate.location) }
            .sorted { ($0.distance ?? .infinity, $0.candidate.key.id) < ($1.distance ?? .infinity, $1.candidate.key.id) }
            .prefix(max(0, query.limit))
            .map(\.candidate)
    }

    /// Whether `location` lies in `box` (any location when there is no box; none is told apart).
    private static func inBox(_ box: GeoBox?, _ location: GeoPoint?) -> Bool {
        guard let box, let location else { return true }
        return box.contains(location)
    }

    /// A search result as a candidate; nil when it lists no usable size at or below the album's.
    func candidate(_ photo: FlickrPhoto) -> PhotoCandidate? {
        var sources: [PhotoSize: PhotoSource] = [:]
        for (size, text) in photo.urls {
            if let url = webURL(text, photo: photo.id) { sources[size] = .url(url) }
        }
        guard sources.keys.contains(where: { $0 <= albumSize }) else {
            logger.debug("\(providerName): skipping photo \(photo.id): it lists no size up to \(albumSize.rawValue)")
            return nil
        }
        var location: GeoPoint?
        if let latitude = photo.latitude, let longitude = photo.longitude, latitude != 0 || longitude != 0 {
            location = try? GeoPoint(latitude: latitude, longitude: longitude)
        }
        let title = photo.title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let ownerName = photo.ownerName?.trimmingCharacters(in: .whitespacesAndNewlines)
        return PhotoCandidate(
            key: PhotoKey(provider: providerName, id: photo.id), title: title.isEmpty ? "Untitled" : title,
            owner: ownerName?.isEmpty == false ? ownerName : photo.owner,
            license: photo.license.map(FlickrLicense.name), licenseID: photo.license.map(String.init),
            takenAt: photo.dateTakenUnknown ? nil : photo.dateTaken.flatMap(Self.parseDateTaken), location: location,
            sources: sources, pageURL: photo.owner.flatMap { Self.pageURL(owner: $0, photo: photo.id) },
            licenseURL: photo.license.flatMap(FlickrLicense.url)
        )
    }

    /// `text` as a URL when it is http or https with a host; anything else (file:, ftp:, …) is
    /// dropped unread.
    func webURL(_ text: String, photo id: String) -> URL? {
        if let url = URL(string: text), Self.isWeb(url) { return url }
        let shown = URL(string: text).map(HTTPClient.redacted) ?? "an unparsable URL"
        logger.debug("\(providerName): ignoring \(shown), which Flickr listed for photo \(id): only http and https URLs are read")
        return nil
    }

    /// Whether `url` is one tourist reads: http or https, with a host.
    static func isWeb(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.host?.isEmpty == false
    }

    /// The photo's page for people: https://www.flickr.com/photos/OWNER/ID.
    static func pageURL(owner: String, photo id: String) -> URL? {
        guard !owner.isEmpty, !id.isEmpty else { return nil }
        var components = URLComponents()
        components.scheme = "https"
        components.host = "www.flickr.com"
        components.path = "/photos/\(owner)/\(id)"
        return components.url
    }

    /// Flickr's "2023-05-01 12:34:56" (the camera's clock, with no zone: read as UTC); nil for
    /// anything else, such as "0000-00-00 00:00:00".
    static func parseDateTaken(_ text: String) -> Date? {
        let characters = Array(text.utf8)
        guard characters.count == 19 else { return nil }
        var fields: [Int] = []
        for (start, length, separator) in [
            (0, 4, UInt8(ascii: "-")), (5, 2, UInt8(ascii: "-")), (8, 2, UInt8(ascii: " ")), (11, 2, UInt8(ascii: ":")),
            (14, 2, UInt8(ascii: ":")), (17, 2, UInt8(0)),
        ] {
            if separator != 0, characters[start + length] != separator { return nil }
            var value = 0
            for digit in characters[start..<(start + length)] {
                guard (0x30...0x39).contains(digit) else { return nil }
                value = value * 10 + Int(digit - 0x30)
            }
            fields.append(value)
        }
        guard fields[0] >= 1800 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}
