extension TimeWindow {
    /// The window for people, as a pin shows it: "in April, any year", "taken 2010–2015",
    /// "taken in 1950 or before", "taken 2010–2015 in December–February".
    public var words: String {
        taken == nil ? "\(months.map(\.words) ?? ""), any year" : takenPhrase
    }

    /// The window after "photos" in a sentence: "taken in April", "taken in 1950 or before",
    /// "taken 2010–2015 in December–February".
    public var takenPhrase: String {
        switch (taken, months) {
        case (let taken?, let months?): "taken \(taken.words)\(taken.isClosed ? " " : ", ")\(months.words)"
        case (let taken?, nil): "taken \(taken.words)"
        case (nil, let months?): "taken \(months.words)"
        case (nil, nil): "taken at any time"
        }
    }

    /// The window as typed, for a line of the terminal: "2010..2015, months 12-2", "months 4".
    public var text: String {
        [taken.map(\.description), months.map { "months \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }
}

extension TakenRange {
    /// The range in words, after "taken": "2010–2015", "in 2015", "in 1950 or before", "in 2020
    /// or later", "1 March 2019 – 15 April 2019", "on 5 April 2019", "on 5 April 2019 or before".
    public var words: String {
        switch (start, end) {
        case (let start?, let end?) where start == end: start.dated
        case (let start?, let end?): start.day == nil && end.day == nil ? "\(start.words)–\(end.words)" : "\(start.words) – \(end.words)"
        case (nil, let end?): "\(end.dated) or before"
        case (let start?, nil): "\(start.dated) or later"
        case (nil, nil): "at any time"
        }
    }

    /// Whether both ends are given and differ (a range "between"), so months follow without a comma.
    var isClosed: Bool { start != nil && end != nil && start != end }
}

extension TakenRange.Bound {
    /// "2015", or "5 April 2019".
    var words: String {
        guard let month, let day else { return String(year) }
        return "\(day) \(MonthNames.name(month)) \(year)"
    }

    /// With its preposition: "in 2015", "on 5 April 2019".
    var dated: String { day == nil ? "in \(words)" : "on \(words)" }
}

extension MonthSet {
    /// The months in words: "in April", "in March–May", "in December–February", "in April and
    /// October", "in every month".
    public var words: String {
        let parts = runs.map {
            $0.first == $0.last ? MonthNames.name($0.first) : "\(MonthNames.name($0.first))–\(MonthNames.name($0.last))"
        }
        guard months.count < 12 else { return "in every month" }
        guard let last = parts.last, parts.count > 1 else { return "in \(parts.first ?? "")" }
        return "in \(parts.dropLast().joined(separator: ", ")) and \(last)"
    }
}
