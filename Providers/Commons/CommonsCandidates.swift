import Foundation
import Logging
import TouristCore

/// What tourist keeps of a Commons file to fetch it later: its title (for a size looked up on
/// demand) and the original's SHA-1 (checked when the original is downloaded). Kept with the album
/// as the candidate's `providerData`.
struct CommonsPhotoData: Codable, Equatable {
    var title: String
    var sha1: String?

    var encoded: String? {
        (try? JSONEncoder().encode(self)).flatMap { String(data: $0, encoding: .utf8) }
    }

    init(title: String, sha1: String?) {
        self.title = title
        self.sha1 = sha1
    }

    init?(_ text: String?) {
        guard let data = text?.data(using: .utf8), let decoded = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
        self = decoded
    }
}

/// Turns Commons file pages into candidates: only photos (JPEG, PNG, WebP, TIFF; not video, audio,
/// PDF, SVG or GIF), never pages marked missing; owner, license, attribution and description as plain
/// text; the page URL on commons.wikimedia.org.
struct CommonsCandidates: Sendable {
    let providerName: String
    /// The size albums keep; search results carry its thumbnail URL.
    let albumSize: PhotoSize
    let logger: Logger

    /// The MIME types of files that are photos.
    static let photoTypes: Set<String> = ["image/jpeg", "image/png", "image/webp", "image/tiff"]

    /// `page` as a candidate, or nil (logged) when it is not a photo tourist can show.
    func candidate(_ page: CommonsPage) -> PhotoCandidate? {
        guard let pageID = page.pageid, page.missing != true, page.invalid != true else {
            logger.debug("\(providerName): skipping \(page.title): the page or its file is missing")
            return nil
        }
        guard let info = page.imageinfo?.first, let mime = info.mime else {
            logger.debug("\(providerName): skipping \(page.title): Commons gave no image info for it")
            return nil
        }
        guard Self.photoTypes.contains(mime.lowercased()) else {
            logger.debug("\(providerName): skipping \(page.title): a \(mime) file is not a photo")
            return nil
        }
        var sources: [PhotoSize: PhotoSource] = [:]
        if let thumb = info.thumburl.flatMap(Self.webURL) { sources[albumSize] = .url(thumb) }
        if let original = info.url.flatMap(Self.webURL) { sources[.original] = .url(original) }
        guard !sources.isEmpty else {
            logger.debug("\(providerName): skipping \(page.title): it lists no http or https URL")
            return nil
        }
        let metadata = info.extmetadata ?? [:]
        func text(_ key: String) -> String? {
            metadata[key]?.value.map { CommonsText.plain($0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let owner = text("Artist") ?? info.user.map { CommonsText.plain($0) }
        let license = text("LicenseShortName")
        let licenseURL = metadata["LicenseUrl"]?.value.flatMap { Self.licenseURL($0) }
        let title = text("ObjectName").map { CommonsText.plain($0, limit: 120) } ?? Self.fileName(page.title)
        let attributionRequired = metadata["AttributionRequired"]?.value.map { $0.lowercased() == "true" }
        let credit = text("Attribution") ?? owner
        let taken = Self.taken(info)
        return PhotoCandidate(
            key: PhotoKey(provider: providerName, id: String(pageID)), title: title.isEmpty ? "Untitled" : title,
            owner: owner, license: license, licenseID: text("License"),
            takenAt: taken.date, location: Self.location(page.coordinates),
            sources: sources, pageURL: Self.pageURL(title: page.title),
            licenseURL: licenseURL,
            providerData: CommonsPhotoData(title: page.title, sha1: info.sha1?.lowercased()).encoded,
            attribution: attributionRequired == false ? nil : Self.attribution(credit: credit, license: license, licenseURL: licenseURL),
            takenAtKind: taken.kind
        )
    }

    /// When a file was taken: extmetadata's `DateTimeOriginal`, else the upload date (`timestamp`),
    /// said as such (`uploaded`, a weaker guess); nil when Commons gives neither.
    static func taken(_ info: CommonsPage.ImageInfo) -> (date: Date?, kind: TakenAtKind?) {
        if let taken = info.extmetadata?["DateTimeOriginal"]?.value.flatMap(CommonsDates.parse) { return (taken, nil) }
        guard let uploaded = info.timestamp.flatMap(CommonsDates.parse) else { return (nil, nil) }
        return (uploaded, .uploaded)
    }

    /// The credit line Commons' own "use this file" tool suggests: "Author, License <URL>, via
    /// Wikimedia Commons".
    static func attribution(credit: String?, license: String?, licenseURL: URL?) -> String? {
        guard credit != nil || license != nil else { return nil }
        let licensePart = license.map { name in licenseURL.map { "\(name) <\($0.absoluteString)>" } ?? name }
        return ([credit, licensePart].compactMap { $0 } + ["via Wikimedia Commons"]).joined(separator: ", ")
    }

    /// The primary coordinate (the camera's), else the first one listed.
    static func location(_ coordinates: [CommonsPage.Coordinate]?) -> GeoPoint? {
        guard let coordinates, let chosen = coordinates.first(where: { $0.primary == true }) ?? coordinates.first else { return nil }
        return try? GeoPoint(latitude: chosen.lat, longitude: chosen.lon)
    }

    /// "File:Eiffel Tower at dusk.jpg" as "Eiffel Tower at dusk".
    static func fileName(_ title: String) -> String {
        var name = title.hasPrefix("File:") ? String(title.dropFirst(5)) : title
        if let dot = name.lastIndex(of: "."), name.distance(from: dot, to: name.endIndex) <= 6 { name = String(name[..<dot]) }
        return name.replacingOccurrences(of: "_", with: " ").trimmingCharacters(in: .whitespaces)
    }

    /// The file's page for people: https://commons.wikimedia.org/wiki/File:Name_with_underscores.jpg.
    static func pageURL(title: String) -> URL? {
        let name = title.replacingOccurrences(of: " ", with: "_")
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        guard let path = name.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
        return URL(string: "https://commons.wikimedia.org/wiki/" + path)
    }

    /// A licence URL as given (Commons lists some as http://, some protocol-relative); nil unless
    /// it is a web URL.
    static func licenseURL(_ text: String) -> URL? {
        let trimmed = CommonsText.plain(text)
        return webURL(trimmed.hasPrefix("//") ? "https:" + trimmed : trimmed)
    }

    /// `text` as a URL when it is http or https with a host (protocol-relative URLs are read as https).
    static func webURL(_ text: String) -> URL? {
        let absolute = text.hasPrefix("//") ? "https:" + text : text
        guard let url = URL(string: absolute), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
