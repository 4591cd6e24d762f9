import Foundation

/// The years or days photos were taken in: `2010..2015` (whole years, both included), `..1950`,
/// `2020..`, `2019-03-01..2019-04-15` (days, both included), a year alone (`2015`) or a day alone
/// (`2019-04-05`). Its text (`description`) is the form it is typed and stored in.
public struct TakenRange: Sendable, Hashable, CustomStringConvertible {
    /// One end: a whole year, or a day.
    public struct Bound: Sendable, Hashable {
        public let year: Int
        /// The month and day when the bound is a day; nil for a whole year.
        public let month: Int?
        public let day: Int?

        /// The earliest day it covers, as a number that orders days: yyyymmdd.
        var firstDay: Int { year * 10_000 + (month ?? 1) * 100 + (day ?? 1) }
        /// The latest day it covers, as yyyymmdd.
        var lastDay: Int { year * 10_000 + (month ?? 12) * 100 + (day ?? 31) }

        /// "2015" or "2019-04-05".
        var text: String {
            guard let month, let day else { return String(year) }
            return String(format: "%04d-%02d-%02d", year, month, day)
        }

        /// The first moment it covers (UTC, the camera's clock).
        var startDate: Date? {
            TimeWindow.utc.date(from: DateComponents(year: year, month: month ?? 1, day: day ?? 1))
        }

        /// The first moment after it (UTC).
        var endDate: Date? {
            guard let start = startDate else { return nil }
            return TimeWindow.utc.date(byAdding: day == nil ? .year : .day, value: 1, to: start)
        }
    }

    /// The first year or day, nil for an open start (`..1950`).
    public let start: Bound?
    /// The last year or day, included; nil for an open end (`2020..`).
    public let end: Bound?

    /// The earliest taken time inside (UTC, the camera's clock); nil when the start is open.
    public var earliest: Date? { start?.startDate }
    /// The first taken time after the range (UTC); nil when the end is open.
    public var after: Date? { end?.endDate }

    /// The first day inside, "2010-01-01"; nil when the start is open.
    public var firstDay: String? { start.map { Self.day($0.firstDay) } }
    /// The last day inside, "2015-12-31"; nil when the end is open.
    public var lastDay: String? { end.map { Self.day($0.lastDay) } }

    /// "2015-12-31" for the stamp 20151231.
    private static func day(_ stamp: Int) -> String {
        String(format: "%04d-%02d-%02d", stamp / 10_000, stamp / 100 % 100, stamp % 100)
    }

    /// Whether the day `year`-`month`-`day` is inside.
    func contains(year: Int, month: Int, day: Int) -> Bool {
        let stamp = year * 10_000 + month * 100 + day
        return (start.map { stamp >= $0.firstDay } ?? true) && (end.map { stamp <= $0.lastDay } ?? true)
    }

    public var description: String {
        if let start, let end, start == end { return start.text }
        return "\(start?.text ?? "")..\(end?.text ?? "")"
    }

    /// The range `text` names, or a `usage` error saying what is wrong and how to write it; the
    /// front end puts its own name for the value first (`--taken`, `taken`).
    public static func parse(_ text: String) throws(LibraryError) -> TakenRange {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.components(separatedBy: "..")
        switch parts.count {
        case 1:
            let only = try bound(parts[0], in: trimmed)
            return TakenRange(start: only, end: only)
        case 2:
            let start = parts[0].isEmpty ? nil : try bound(parts[0], in: trimmed)
            let end = parts[1].isEmpty ? nil : try bound(parts[1], in: trimmed)
            guard start != nil || end != nil else {
                throw problem(trimmed, "has neither a start nor an end")
            }
            if let start, let end, start.firstDay > end.lastDay {
                throw LibraryError(
                    .usage, "\"\(trimmed)\" starts after it ends; write the earlier end first: \(end.text)..\(start.text)")
            }
            return TakenRange(start: start, end: end)
        default:
            throw problem(trimmed, "has more than one \"..\"")
        }
    }

    /// One end: four digits of a year (1800 to 9999), or a day as YYYY-MM-DD.
    private static func bound(_ word: String, in text: String) throws(LibraryError) -> Bound {
        let pieces = word.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = pieces.map { piece in piece.allSatisfy(\.isASCII) ? Int(piece) : nil }
        if pieces.count == 2, pieces.allSatisfy({ $0.count == 4 }) {
            throw LibraryError(.usage, "\"\(text)\" names a range with \"-\"; write two dots between its ends: \(pieces[0])..\(pieces[1])")
        }
        guard pieces.first?.count == 4, let year = numbers.first ?? nil else {
            throw problem(text, "has \"\(word)\", which is neither a year (1950) nor a day (2019-04-05)")
        }
        guard (1800...9999).contains(year) else { throw problem(text, "has the year \(year); use a year from 1800 to 9999") }
        if pieces.count == 1 { return Bound(year: year, month: nil, day: nil) }
        guard pieces.count == 3, pieces[1].count == 2, pieces[2].count == 2, let month = numbers[1], let day = numbers[2],
            DateComponents(year: year, month: month, day: day).isValidDate(in: TimeWindow.utc)
        else {
            throw problem(text, "has \"\(word)\", which is not a day of the calendar; write a day as YYYY-MM-DD (2019-04-05)")
        }
        return Bound(year: year, month: month, day: day)
    }

    /// A `usage` error about `text`, with the forms it can take.
    private static func problem(_ text: String, _ what: String) -> LibraryError {
        LibraryError(
            .usage, "\"\(text)\" \(what); write years or days with two dots: 2010..2015, ..1950, 2020.., 2019-03-01..2019-04-15")
    }
}
