import Foundation

/// What a place name typed by a user comes to: one place, a clear winner by population (taken,
/// with a note saying so), several to choose from, or none. Ambiguity is shown, never guessed.
///
/// The rule for a clear winner: the most populous place of the name has at least
/// `clearWinnerRatio` (10) times the people of the next. "Paris" is Paris, France (2.1 million)
/// over Paris, Texas (25,000); "Springfield" (Missouri 170,000, Massachusetts 154,000, Illinois
/// 114,000, …) is ambiguous.
public struct PlaceResolution: Sendable, Hashable {
    /// Which of the four a lookup came to.
    public enum Outcome: Sendable, Hashable {
        /// The only place of that name: taken.
        case only
        /// The most populous of several by at least `clearWinnerRatio`: taken, with a `note`.
        case largest
        /// Several places of that name, none clearly the one meant: for the user to choose from,
        /// by `query(choosing:)` or by coordinates.
        case ambiguous
        /// No place of that name (with that country or region).
        case notFound
    }

    /// How many times the next place's population the largest must have to be taken.
    public static let clearWinnerRatio = 10

    /// The text looked up.
    public let query: String
    /// Every place it names, largest population first.
    public let candidates: [GazetteerPlace]

    /// Resolves `candidates`, the places `query` names ordered by population, largest first.
    init(query: String, candidates: [GazetteerPlace]) {
        self.query = query
        self.candidates = candidates
    }

    /// What the candidates come to, by the rule above.
    public var outcome: Outcome {
        switch candidates.count {
        case 0: .notFound
        case 1: .only
        default: candidates[0].population >= Self.clearWinnerRatio * candidates[1].population ? .largest : .ambiguous
        }
    }

    /// The place taken, if one is.
    public var place: GazetteerPlace? {
        outcome == .only || outcome == .largest ? candidates.first : nil
    }

    /// For a clear winner, the sentence that says it was chosen by population and how to name
    /// another: `"Paris" is taken as Paris, FR (pop. 2,138,551), the largest of 3 places of that
    /// name; for another, add its country or region, as in "Paris, Texas"`. Nil otherwise.
    public var note: String? {
        guard outcome == .largest, let place = candidates.first else { return nil }
        let example = candidates.dropFirst().lazy.compactMap(query(choosing:)).first.map { ", as in \"\($0)\"" } ?? ""
        return "\"\(name)\" is taken as \(place.displayName) (pop. \(GazetteerPlace.grouped(place.population))), the largest of "
            + "\(candidates.count) places of that name; for another, add its country or region\(example)"
    }

    /// A query that names just `place` among the candidates: the name typed, then the region's
    /// name where the gazetteer knows it ("Springfield, Illinois"), else the country code when no
    /// other candidate is in that country ("Paris, ZA"), else the region's code and the country
    /// ("San Pedro, 05, MX"); nil when nothing written tells it from another candidate (the same
    /// name twice in one region), or it is no candidate.
    public func query(choosing place: GazetteerPlace) -> String? {
        guard candidates.contains(place) else { return nil }
        let sameCountry = candidates.filter { $0.countryCode == place.countryCode }
        let sameRegion = sameCountry.filter { $0.regionCode == place.regionCode }
        if let region = place.regionName, sameRegion.count == 1 { return "\(name), \(region)" }
        if sameCountry.count == 1 { return "\(name), \(place.countryCode)" }
        guard sameRegion.count == 1, !place.regionCode.isEmpty else { return nil }
        return "\(name), \(place.regionCode), \(place.countryCode)"
    }

    /// The name part of the query, before any comma.
    private var name: String {
        (query.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingCharacters(in: .whitespaces)
    }
}
