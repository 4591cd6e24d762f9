import Foundation

/// A change to a pin's time window: each part kept, set, or lifted (the pin then takes photos
/// taken at any time in that respect).
public struct PinWindowEdit: Sendable, Equatable {
    /// What happens to one part.
    public enum Part<Value: Sendable & Equatable>: Sendable, Equatable {
        case keep
        case set(Value)
        case lift

        func applied(to current: Value?) -> Value? {
            switch self {
            case .keep: current
            case .set(let value): value
            case .lift: nil
            }
        }
    }

    public var taken: Part<TakenRange>
    public var months: Part<MonthSet>

    public init(taken: Part<TakenRange> = .keep, months: Part<MonthSet> = .keep) {
        self.taken = taken
        self.months = months
    }

    /// The word that lifts a part where a front end takes text (`--taken any`, a form's field):
    /// the pin then takes photos taken at any time in that respect.
    public static let liftWord = "any"

    /// The change a front end's texts ask for: nil keeps a part, `liftWord` or an empty text (a
    /// form's emptied field) lifts it, any other text is parsed (a `usage` error says what is wrong).
    public static func parse(taken: String?, months: String?) throws(LibraryError) -> PinWindowEdit {
        PinWindowEdit(taken: try takenPart(taken), months: try monthsPart(months))
    }

    /// The change to the taken range a front end's text asks for (see `parse`).
    public static func takenPart(_ text: String?) throws(LibraryError) -> Part<TakenRange> {
        try part(text, TakenRange.parse)
    }

    /// The change to the months a front end's text asks for (see `parse`).
    public static func monthsPart(_ text: String?) throws(LibraryError) -> Part<MonthSet> {
        try part(text, MonthSet.parse)
    }

    /// Whether it changes nothing.
    public var keepsAll: Bool { taken == .keep && months == .keep }

    /// `window` after the change.
    public func applied(to window: TimeWindow?) -> TimeWindow? {
        TimeWindow(taken: taken.applied(to: window?.taken), months: months.applied(to: window?.months))
    }

    private static func part<Value>(_ text: String?, _ parse: (String) throws(LibraryError) -> Value) throws(LibraryError) -> Part<Value> {
        guard let text else { return .keep }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty || trimmed == liftWord { return .lift }
        return .set(try parse(text))
    }
}
