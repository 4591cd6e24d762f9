import Foundation

/// Where a user means, as typed after `pin add` (or another command that takes a place): the
/// coordinates `GeoPoint.parse` reads (`48.8584 2.2945`, `48.8584,2.2945`, `geo:…`), or a place
/// name the bundled gazetteer knows (`Kyoto`, `"Paris, TX"`). Words that start with a number, or
/// hold one, are coordinates, so a mistyped one is still said to be a bad coordinate; anything
/// else is a name.
public struct PlaceInput: Sendable, Equatable {
    /// The point to use.
    public let location: GeoPoint
    /// The name the place suggests for a pin there (nil for coordinates): the gazetteer's own
    /// spelling, with the country or region as typed ("Paris, TX").
    public let suggestedName: String?
    /// Said when a name was resolved by population (see `PlaceResolution.note`).
    public let note: String?

    /// Reads `words`; `gazetteer` is asked only for a name (it loads the bundled data once).
    public static func resolve(_ words: [String], gazetteer: () throws -> Gazetteer = Gazetteer.bundled) throws -> PlaceInput {
        guard isName(words) else { return PlaceInput(location: try GeoPoint.parse(words), suggestedName: nil, note: nil) }
        let text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        let resolution = try gazetteer().resolve(text)
        guard let place = resolution.place else { throw unresolved(resolution) }
        let qualifier = text.split(separator: ",", maxSplits: 1).dropFirst().first.map { ", " + $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return PlaceInput(location: place.location, suggestedName: place.name + qualifier, note: resolution.note)
    }

    /// Whether `words` are a place name rather than coordinates: they do not start like a number
    /// or a `geo:` URI, and no word is a number (`north 2` is a latitude gone wrong, not a place).
    public static func isName(_ words: [String]) -> Bool {
        let text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard let first = text.first else { return false }
        let startsLikeCoordinates = first.isNumber || first == "-" || first == "+" || first == "." || text.lowercased().hasPrefix("geo:")
        return !startsLikeCoordinates && !words.contains { Double($0.trimmingCharacters(in: .whitespaces)) != nil }
    }

    /// The most candidates an ambiguous name lists.
    static let listed = 8

    /// Why `resolution` gives no place: none of that name, or several to choose from (each with
    /// the words that name it alone), as a usage error: nothing is guessed.
    static func unresolved(_ resolution: PlaceResolution) -> LibraryError {
        let query = resolution.query
        guard resolution.outcome == .ambiguous else {
            return LibraryError(.usage, "no place named \"\(query)\" among the cities of 15,000 people or more that tourist knows (GeoNames); give its coordinates instead, as LAT LON (such as 48.8584 2.2945)")
        }
        let lines = resolution.candidates.prefix(listed).map { place in
            let pick = resolution.query(choosing: place).map { "  \"\($0)\": " } ?? "  "
            return pick + place.summary + " at \(place.location)"
        }
        let more = resolution.candidates.count > listed ? "\n  … and \(resolution.candidates.count - listed) more" : ""
        return LibraryError(.usage, "\"\(query)\" names \(resolution.candidates.count) places; say which (with its region or country, or its coordinates):\n" + lines.joined(separator: "\n") + more)
    }
}
