import Foundation
import TouristCore

/// A PHOTO of the protocol read into a `PhotoCandidate`, its own JSON kept (compact) as
/// `providerData`, so `fetch` can hand the plugin the photo as it gave it, in a later command too.
///
/// Strict where tourist relies on a value (an id, coordinates, size URLs: http or https only, never a
/// file), lenient with descriptive ones (an unreadable date or page URL is left out).
enum PluginPhoto {
    static func candidate(_ photo: JSONValue, provider: String, plugin: String) throws(ProviderError) -> PhotoCandidate {
        guard case .object = photo else {
            throw .invalidResponse("plugin \(plugin) gave a photo that is \(photo.typeDescription), not an object")
        }
        guard let id = photo["id"]?.stringValue, !id.isEmpty else {
            throw .invalidResponse("plugin \(plugin) gave a photo without an \"id\" (a non-empty string)")
        }
        func bad(_ what: String) -> ProviderError {
            .invalidResponse("plugin \(plugin) gave photo \"\(PluginText.printable(id, limit: 80))\" \(what)")
        }
        var location: GeoPoint?
        switch (photo["latitude"] ?? .null, photo["longitude"] ?? .null) {
        case (.null, .null): location = nil
        case (.number(let latitude), .number(let longitude)):
            do throws(GeoPointError) {
                location = try GeoPoint(latitude: latitude, longitude: longitude)
            } catch {
                throw bad("with a bad location: \(error.message)")
            }
        default: throw bad("with \"latitude\" and \"longitude\" that are not both numbers")
        }
        guard case .object(let sizeMembers) = photo["sizes"] ?? .null, !sizeMembers.isEmpty else {
            throw bad("without \"sizes\" (an object such as {\"m\": {\"url\": \"https://…\"}})")
        }
        var sources: [PhotoSize: PhotoSource] = [:]
        for (letter, size) in sizeMembers {
            guard let photoSize = PhotoSize(rawValue: letter) else { continue }  // a size tourist does not know
            guard case .object = size else {
                throw bad("with size \(letter) that is \(size.typeDescription), not an object ({} or {\"url\": …})")
            }
            switch size["url"] ?? .null {
            case .null:
                sources[photoSize] = .provider
            case .string(let text):
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                    url.host != nil
                else {
                    throw bad(
                        "with size \(letter) at \"\(PluginText.printable(text, limit: 80))\"; only http and https URLs are read (give the size as {} to fetch it through the plugin)"
                    )
                }
                sources[photoSize] = .url(url)
            default:
                throw bad("with size \(letter) whose \"url\" is not a string")
            }
        }
        guard !sources.isEmpty else { throw bad("with no size tourist knows (\(PhotoSize.allLetters))") }
        return PhotoCandidate(
            key: PhotoKey(provider: provider, id: id),
            title: photo["title"]?.stringValue ?? id,
            owner: photo["owner"]?.stringValue,
            license: photo["license"]?.stringValue,
            takenAt: photo["takenAt"]?.stringValue.flatMap(ISO8601.date),
            location: location,
            sources: sources,
            pageURL: photo["pageURL"]?.stringValue.flatMap(URL.init(string:)),
            licenseURL: photo["licenseURL"]?.stringValue.flatMap(URL.init(string:)),
            providerData: photo.compact()
        )
    }
}

/// ISO 8601 dates as plugins write them: with or without fractional seconds, `Z` or an offset, or a
/// date alone. The commonest form, `2024-06-01T09:15:00Z`, is read without a formatter (a page of
/// photos parses hundreds of dates).
enum ISO8601 {
    private static let styles = [
        Date.ISO8601FormatStyle(),
        Date.ISO8601FormatStyle(includingFractionalSeconds: true),
        Date.ISO8601FormatStyle().year().month().day(),
    ]

    static func date(_ text: String) -> Date? {
        if let date = plainUTC(text) { return date }
        for style in styles {
            if let date = try? style.parse(text) { return date }
        }
        return nil
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, read field by field (days from the civil calendar, no time zone
    /// database), or nil for any other form or an impossible date.
    static func plainUTC(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
            bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        // Days since 1970-01-01 (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86400 + hour * 3600 + minute * 60 + second))
    }
}
