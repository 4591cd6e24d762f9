import Foundation

/// The two ways S3 writes a time: ISO 8601 in listings, an HTTP date in headers. Package-visible
/// for the fuzzing door `s3-dates`.
package enum S3Dates {
    /// A listing's `LastModified`, such as `2024-05-01T10:00:00.123Z` (fractional seconds optional).
    package static func iso8601(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
    }

    /// A `Last-Modified` header in HTTP's fixed form (RFC 9110, IMF-fixdate), such as
    /// `Wed, 01 May 2024 10:00:00 GMT`. Read by arithmetic: Foundation's `DateFormatter` leaked
    /// memory on some headers (found by the s3-dates fuzzing door, Fuzz/Regressions/s3-dates).
    package static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 6, weekdays.contains(String(parts[0])), parts[5] == "GMT",
            let day = digits(parts[1], 2), let month = months.firstIndex(of: String(parts[2])), let year = digits(parts[3], 4)
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, let hour = digits(clock[0], 2), let minute = digits(clock[1], 2), let second = digits(clock[2], 2),
            (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = ISO8601UTC.daysFromCivil(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    private static let weekdays: Set<String> = ["Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `text` as a number when it is exactly `count` ASCII digits.
    private static func digits(_ text: Substring, _ count: Int) -> Int? {
        guard text.utf8.count == count, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
