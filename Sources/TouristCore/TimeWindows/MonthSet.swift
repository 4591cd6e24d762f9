import Foundation

/// Months of any year: `4`, `3-5`, `12-2` (wrapping the year), `4,10`, or their names (`apr`,
/// `april`, `dec-feb`). Its text (`description`) is the form it is stored in: numbers, runs of
/// months joined by "-" and separate runs by ",", starting from the earliest run ("12-2", "3-5,10").
public struct MonthSet: Sendable, Hashable, CustomStringConvertible {
    /// The months, 1 (January) to 12, as bits 1 to 12.
    private let bits: UInt16

    /// The months in `months` (each 1...12); nil when there is none.
    public init?(_ months: some Sequence<Int>) {
        let bits = months.reduce(UInt16(0)) { bits, month in (1...12).contains(month) ? bits | 1 << month : bits }
        guard bits != 0 else { return nil }
        self.bits = bits
    }

    /// Whether `month` (1...12) is one of them.
    public func contains(_ month: Int) -> Bool {
        (1...12).contains(month) && bits & (1 << month) != 0
    }

    /// The months, January first.
    public var months: [Int] { (1...12).filter(contains) }

    /// The months as runs of consecutive months, a run that wraps the year (December to February)
    /// being one: `[(12, 2), (4, 4)]`, earliest first where the year starts inside a run.
    var runs: [(first: Int, last: Int)] {
        guard months.count < 12 else { return [(1, 12)] }
        // Start after a month that is not included, so a run across the year's end stays whole.
        let start = (1...12).first { !contains($0) } ?? 1
        var runs: [(first: Int, last: Int)] = []
        for offset in 1...12 {
            let month = (start + offset - 1) % 12 + 1
            guard contains(month) else { continue }
            let previous = (month + 10) % 12 + 1
            if let last = runs.last, last.last == previous {
                runs[runs.count - 1].last = month
            } else {
                runs.append((month, month))
            }
        }
        return runs.sorted { $0.first < $1.first }
    }

    public var description: String {
        runs.map { $0.first == $0.last ? "\($0.first)" : "\($0.first)-\($0.last)" }.joined(separator: ",")
    }

    /// The months `text` names, or a `usage` error saying which part is wrong and how to write
    /// it; the front end puts its own name for the value first (`--months`, `months`).
    public static func parse(_ text: String) throws(LibraryError) -> MonthSet {
        var months: [Int] = []
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard (1...2).contains(ends.count), let first = month(ends[0]), let last = month(ends[ends.count - 1]) else {
                throw LibraryError(
                    .usage,
                    "\"\(trimmed)\" has \"\(part.trimmingCharacters(in: .whitespaces))\", which is not a month or a run of months; write months as numbers or names: 4, 3-5, 12-2 (December to February), 4,10, apr"
                )
            }
            var month = first
            while true {
                months.append(month)
                if month == last { break }
                month = month % 12 + 1
            }
        }
        guard let set = MonthSet(months) else {
            throw LibraryError(.usage, "\"\(trimmed)\" names no month; write months as 4, 3-5, 12-2 or apr")
        }
        return set
    }

    /// A month by its number (1 to 12), its English name or the name's first three letters.
    private static func month(_ word: String) -> Int? {
        if let number = Int(word), (1...12).contains(number) { return number }
        let lowered = word.lowercased()
        guard lowered.count >= 3 else { return nil }
        return MonthNames.english.firstIndex { $0.lowercased().hasPrefix(lowered) }.map { $0 + 1 }
    }
}

/// The months' names as messages say them.
enum MonthNames {
    static let english = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// "April", for 4.
    static func name(_ month: Int) -> String { english[(month - 1) % 12] }
}
