import Foundation

/// Finds the pin a reference typed by a user names, when it is not exactly a pin's id or name:
/// 1. a name that differs only in case (`eiffel tower`);
/// 2. else, when `prefixes` allows, a unique prefix of a name (any case: `eiff`) or of an id (at
///    least `minimumIDPrefix` hex digits: `3f2a`).
/// Several pins matching at one step is `ambiguous`, never a guess.
public enum PinFinder {
    /// The shortest id prefix that is taken as one (shorter hex words are only name prefixes).
    public static let minimumIDPrefix = 4

    public enum Match: Equatable {
        case pin(Pin)
        case ambiguous([Pin])
        case none
    }

    /// The pin of `pins` that `reference` names, by the rules above.
    public static func find(_ reference: String, in pins: [Pin], prefixes: Bool = true) -> Match {
        if let exact = pins.first(where: { $0.id == reference || $0.name == reference }) { return .pin(exact) }
        let folded = fold(reference)
        guard !folded.isEmpty else { return .none }
        let names = pins.map { fold($0.name) }
        let sameName = zip(pins, names).filter { $0.1 == folded }.map(\.0)
        if !sameName.isEmpty || !prefixes { return match(sameName) }
        let idPrefix = reference.count >= minimumIDPrefix ? reference.lowercased() : nil
        let prefixed = zip(pins, names).filter { pin, name in
            name.hasPrefix(folded) || idPrefix.map(pin.id.hasPrefix) == true
        }.map(\.0)
        return match(prefixed)
    }

    private static func match(_ pins: [Pin]) -> Match {
        switch pins.count {
        case 0: .none
        case 1: .pin(pins[0])
        default: .ambiguous(pins)
        }
    }

    /// `text` compared without regard to case (`Straße` and `STRASSE` alike).
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive], locale: nil)
    }
}
