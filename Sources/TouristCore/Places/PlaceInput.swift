import Foundation

/// Where a user means, as typed after `pin add` (or another command that takes a place): the
/// coordinates `GeoPoint.parse` reads (`48.8584 2.2945`, `48.8584,2.2945`, `geo:…`), or a place
/// name the bundled gazetteer knows (`Kyoto`, `"Paris, TX"`). Words that start with a number, or
/// hold one, are coordinates, so a mistyped one is still said to be a bad coordinate, unless they
/// read as an address (a house number and two or more words of letters: `10 Downing Street`);
/// anything else is a name.
///
/// `resolve` is the offline lookup (coordinates, then the gazetteer), which `pin import` uses;
/// `PlaceFinder` adds the online geocoder after it for `pin add` and `search`.
public struct PlaceInput: Sendable, Equatable {
    /// The point to use.
    public let location: GeoPoint
    /// The name the place suggests for a pin there (nil for coordinates): the gazetteer's own
    /// spelling, with the country or region as typed ("Paris, TX"), or the geocoder's name.
    public let suggestedName: String?
    /// Said when a name was resolved by population (see `PlaceResolution.note`), or found online.
    public let note: String?
    /// Where the location came from.
    public let source: PlaceCandidate.Source
    /// The credit the source's data asks for, to show with the place (the geocoder's:
    /// "© OpenStreetMap contributors"); nil for coordinates and the gazetteer (whose credit is in
    /// `--help`, docs/places.md and the page).
    public let attribution: String?

    init(location: GeoPoint, suggestedName: String?, note: String?, source: PlaceCandidate.Source, attribution: String? = nil) {
        self.location = location
        self.suggestedName = suggestedName
        self.note = note
        self.source = source
        self.attribution = attribution
    }

    /// What to say after "no place named …" when nothing else can be tried: coordinates, with no
    /// example (another place's coordinates would be taken for this one's).
    public static let coordinatesAdvice = "give its coordinates instead, as LAT LON in decimal degrees, as a map shows them"

    /// What `pin import` says after "no place named …": it looks names up offline only.
    public static let importAdvice =
        "pin import looks places up offline only, never online (a file of names is the bulk geocoding "
        + "OpenStreetMap's Nominatim forbids): give this line a latitude and a longitude instead"

    /// Reads `words` offline; `gazetteer` is asked only for a name (it is loaded on first use). A
    /// name the gazetteer does not know is a usage error that ends with `advice`.
    public static func resolve(_ words: [String], gazetteer: GazetteerSource, advice: String = coordinatesAdvice) throws -> PlaceInput {
        switch try offline(words, gazetteer: gazetteer.gazetteer) {
        case .found(let place): return place
        case .unknown(let resolution): throw notFound(resolution.query, advice: advice)
        }
    }

    /// What the offline lookup came to: a place, or a name the gazetteer holds no place of.
    enum Offline {
        case found(PlaceInput)
        case unknown(PlaceResolution)
    }

    /// Coordinates, or a name the gazetteer resolves; a name several places share is thrown (the
    /// choices listed), as are bad coordinates.
    static func offline(_ words: [String], gazetteer: () throws -> Gazetteer) throws -> Offline {
        guard isName(words) else {
            return .found(PlaceInput(location: try GeoPoint.parse(words), suggestedName: nil, note: nil, source: .coordinates))
        }
        let text = words.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let resolution = try gazetteer().resolve(text)
        if resolution.outcome == .ambiguous { throw ambiguous(resolution) }
        guard let place = resolution.place else { return .unknown(resolution) }
        let qualifier =
            text.split(separator: ",", maxSplits: 1).dropFirst().first.map { ", " + $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return .found(
            PlaceInput(location: place.location, suggestedName: place.name + qualifier, note: resolution.note, source: .gazetteer))
    }

    /// Whether `words` are a place name rather than coordinates: they do not start like a number
    /// or a `geo:` URI, and no word is a number (`north 2` is a latitude gone wrong, not a place);
    /// or, for an address that starts with its house number ("10 Downing Street", "221B Baker
    /// Street"), they hold two or more words of letters and are no coordinates (`48.8 east` is
    /// still a longitude gone wrong).
    public static func isName(_ words: [String]) -> Bool {
        let text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard let first = text.first, !text.lowercased().hasPrefix("geo:") else { return false }
        let startsLikeCoordinates = first.isNumber || first == "-" || first == "+" || first == "."
        if !startsLikeCoordinates && !words.contains(where: { Double($0.trimmingCharacters(in: .whitespaces)) != nil }) { return true }
        let lettered = text.split { $0.isWhitespace || $0 == "," }.filter { $0.count >= 2 && $0.allSatisfy(\.isLetter) }
        return lettered.count >= 2 && (try? GeoPoint.parse(words)) == nil
    }

    /// The most candidates an ambiguous name lists.
    static let listed = 8

    /// "No place of that name", as a usage error: the gazetteer's scope, where else it was looked
    /// for (`elsewhere`: "online (Nominatim at …)"), then `advice` (what else to try).
    static func notFound(_ query: String, elsewhere: String? = nil, advice: String) -> LibraryError {
        let nor = elsewhere.map { ", nor \($0)" } ?? ""
        return LibraryError(
            .usage,
            "no place named \(Excerpt.quoted(query)) among the cities of 15,000 people or more that tourist knows (GeoNames)\(nor); \(advice)"
        )
    }

    /// Several places to choose from, each with the words that name it alone, as a usage error:
    /// nothing is guessed.
    /// Past `listed`, the rest are counted, with how to see them (one more is listed instead).
    static func ambiguous(_ resolution: PlaceResolution) -> LibraryError {
        let count = resolution.candidates.count
        let shown = count == listed + 1 ? count : listed
        let lines = resolution.candidates.prefix(shown).map { place in
            let pick = resolution.query(choosing: place).map { "  \"\($0)\": " } ?? "  "
            return pick + place.summary + " at \(place.location)"
        }
        let more = count > shown ? "\n  … and \(count - shown) more: add a region or country to the name to list only the places there" : ""
        return LibraryError(
            .usage,
            "\"\(resolution.query)\" names \(resolution.candidates.count) places; say which (with its region or country, or its coordinates):\n"
                + lines.joined(separator: "\n") + more)
    }
}
