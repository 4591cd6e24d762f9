import Foundation

/// When a pin's photos were taken: a range of years or days (`taken`), months of any year
/// (`months`), or both; a photo is inside when it is inside each part given.
///
/// Time zone: a photo's taken time is the camera's clock, which carries no zone (EXIF
/// `DateTimeOriginal`, Flickr's `datetaken`, Commons' `DateTimeOriginal`). Every provider records
/// that clock reading as if it were UTC, so a window compares a date's fields in UTC: "April" is
/// the camera's April wherever the photo was taken, and a day ends at the camera's midnight. A
/// plugin's `takenAt` with an offset is compared as the instant it names, at UTC.
public struct TimeWindow: Sendable, Hashable {
    /// The years or days the photos were taken in.
    public var taken: TakenRange?
    /// The months of any year the photos were taken in.
    public var months: MonthSet?

    /// A window of `taken` and/or `months`; nil when both are nil (no window).
    public init?(taken: TakenRange?, months: MonthSet?) {
        guard taken != nil || months != nil else { return nil }
        self.taken = taken
        self.months = months
    }

    /// Whether a photo taken at `date` (see the type's note on time zones) is inside the window.
    public func contains(_ date: Date) -> Bool {
        let fields = Self.utc.dateComponents([.year, .month, .day], from: date)
        guard let year = fields.year, let month = fields.month, let day = fields.day else { return false }
        return (taken?.contains(year: year, month: month, day: day) ?? true) && (months?.contains(month) ?? true)
    }

    /// The Gregorian calendar at UTC, in which taken times are read.
    public static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// The window a front end's texts name (`taken`: "2010..2015", `months`: "12-2"), each
    /// checked; nil when both are nil or `PinWindowEdit.liftWord` ("any").
    public static func parse(taken: String?, months: String?) throws(LibraryError) -> TimeWindow? {
        try PinWindowEdit.parse(taken: taken, months: months).applied(to: nil)
    }
}
