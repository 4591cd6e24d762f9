import Foundation

/// A search box's lookup: what a user typed, as a place name or as coordinates, to the places it
/// may mean, best first. Offline: the gazetteer; an online geocoder can be asked after it.
///
/// The rule:
/// - Text that reads as coordinates (`PlaceInput.isName` says it is not a name: "48.8584, 2.2945",
///   "48.8584 2.2945", "geo:48.8584,2.2945") is one candidate at that point, or an error naming the
///   bad number.
/// - A name gives first the places called exactly that, in any of their names, with a country or
///   region after a comma as `Gazetteer.places(named:)` reads it ("Paris, TX"); then, as the user
///   types, the places with a name that starts with the text ("Kyo" → Kyoto), once it is
///   `prefixMinimum` letters long and holds no comma. Each group largest population first; a
///   place comes once; at most `limit` in all.
public struct PlaceSearch: Sendable {
    /// How many candidates a search gives unless told otherwise, and at most.
    public static let defaultLimit = 8
    public static let maximumLimit = 50
    /// How long a name must be (folded, in characters) before names that start with it count.
    public static let prefixMinimum = 2

    private let source: GazetteerSource

    /// A search over `gazetteer`, asked only when needed (it is loaded on first use).
    public init(gazetteer: GazetteerSource) {
        source = gazetteer
    }

    /// The places `text` may mean, best first, at most `limit` (1 to `maximumLimit`); empty when
    /// no place has that name. Throws a usage error for empty text, a limit out of range, or
    /// coordinates that are not a place; a `GazetteerError` when the gazetteer cannot be read.
    public func candidates(for text: String, limit: Int = defaultLimit) throws -> [PlaceCandidate] {
        guard (1...Self.maximumLimit).contains(limit) else {
            throw LibraryError(.usage, "the limit \(limit) is out of range; ask for 1 to \(Self.maximumLimit) places")
        }
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty else {
            throw LibraryError(.usage, "nothing to look up; type a place name (such as Kyoto) or coordinates (such as 48.8584, 2.2945)")
        }
        let words = typed.contains(",") ? [typed] : typed.split(whereSeparator: \.isWhitespace).map(String.init)
        guard PlaceInput.isName(words) else {
            let point = try GeoPoint.parse(words)
            return [PlaceCandidate(point, near: (try? source.gazetteer())?.nearest(to: point))]
        }
        let gazetteer = try source.gazetteer()
        var places = gazetteer.places(named: typed)
        let key = PlaceNameFolding.fold(typed)
        if !typed.contains(","), key.count >= Self.prefixMinimum, places.count < limit {
            let exact = Set(places)
            places += gazetteer.places(startingWith: key).lazy.filter { !exact.contains($0) }.prefix(limit - places.count)
        }
        return places.prefix(limit).map(PlaceCandidate.init)
    }
}

extension Gazetteer {
    /// The places with a name (any of their names) that starts with `folded`, a name already
    /// folded by `PlaceNameFolding`; largest population first.
    func places(startingWith folded: String) -> [GazetteerPlace] {
        file.names.places(withPrefix: Array(folded.utf8)).map { file.places[$0] }
    }
}
