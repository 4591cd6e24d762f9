import Foundation

/// The two ways S3 writes a time: ISO 8601 in listings, an HTTP date in headers. Package-visible
/// for the fuzzing door `s3-dates`.
package enum S3Dates {
    /// A listing's `LastModified`, such as `2024-05-01T10:00:00.123Z` (fractional seconds optional).
    package static func iso8601(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
    }

    /// A `Last-Modified` header, such as `Wed, 01 May 2024 10:00:00 GMT`.
    package static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
