import Foundation
import Logging

/// Finds the place a user means, in this order: coordinates typed as such, then the bundled
/// gazetteer (offline, GeoNames' cities), then, only when the gazetteer has no place of that name
/// and the config turns it on, the online geocoder (OpenStreetMap's Nominatim) for landmarks and
/// addresses. A name several gazetteer places share is shown as ambiguous, never sent online.
///
/// `resolve` gives the one place `pin add` and `search` use; `candidates` lists what a free-text
/// query may mean, for a search box. Both are the core of every front end (the CLI, `tourist
/// serve`); the geocoder keeps Nominatim's usage policy itself (`NominatimGeocoder`).
public struct PlaceFinder: Sendable {
    /// The online geocoder; nil when the config leaves it off.
    public let geocoder: (any Geocoder)?
    /// Why the geocoder the config turns on cannot be asked (its contact fails its check): thrown
    /// by a lookup that would go online, so the lookups the gazetteer answers still work.
    let refusal: ConfigError?
    /// The gazetteer it looks names up in first.
    public let gazetteer: GazetteerSource

    public init(geocoder: (any Geocoder)?, refusal: ConfigError? = nil, gazetteer: GazetteerSource) {
        self.geocoder = geocoder
        self.refusal = refusal
        self.gazetteer = gazetteer
    }

    /// The folder the geocoder keeps its answers and request times in, inside the store's state
    /// folder `stateRoot` (`StoreAddress.stateDirectory`): `<stateRoot>/geocoder.nominatim`, a
    /// name no provider's folder can have (provider names hold no dot).
    public static func geocoderFolder(stateRoot: String) -> String {
        stateRoot + "/geocoder.nominatim"
    }

    /// The finder `config` asks for, over `gazetteer`: with its geocoder when `geocoder` is on,
    /// keeping its answers under `stateRoot`; offline only otherwise (no request ever leaves the
    /// machine).
    public static func configured(
        _ config: TouristConfig, gazetteer: GazetteerSource, stateRoot: String, logger: Logger,
        retryPolicy: RetryPolicy = RetryPolicy(retries: 2)
    ) throws -> PlaceFinder {
        guard config.geocoder.isOn else { return PlaceFinder(geocoder: nil, refusal: config.geocoder.refusal, gazetteer: gazetteer) }
        let geocoder = try NominatimGeocoder(
            settings: config.geocoder, folder: geocoderFolder(stateRoot: stateRoot), logger: logger, retryPolicy: retryPolicy)
        return PlaceFinder(geocoder: geocoder, gazetteer: gazetteer)
    }

    /// The place `words` name: coordinates, a gazetteer city (a clear winner by population with a
    /// note), or, when the gazetteer has none of that name, the geocoder's best match (with a note
    /// naming the source, its credit and how many others matched).
    ///
    /// Errors: bad coordinates and an ambiguous name are usage errors (`GeoPointError`,
    /// `LibraryError`); a name found nowhere is a usage error that says how to turn the geocoder on
    /// when it is off; one the geocoder would be asked for while its config fails its check is that
    /// `ConfigError`; a failed online lookup is a `GeocoderError` naming the host (offline: it says
    /// so, and offers coordinates).
    public func resolve(_ words: [String]) async throws -> PlaceInput {
        let unknown: PlaceResolution
        switch try PlaceInput.offline(words, gazetteer: gazetteer.gazetteer) {
        case .found(let place): return place
        case .unknown(let resolution): unknown = resolution
        }
        let query = unknown.query
        if let refusal { throw refusal }
        guard let geocoder else { throw PlaceInput.notFound(query, advice: Self.turnOnAdvice) }
        let places = try await geocoder.search(query)
        guard let best = places.first else {
            throw PlaceInput.notFound(
                query, elsewhere: "online (\(geocoder.serviceName))",
                advice: "check the spelling, add a city or country to the name, or \(PlaceInput.coordinatesAdvice)"
            )
        }
        return PlaceInput(
            location: best.location, suggestedName: best.pinName(or: query),
            note: Self.note(query, best: best, of: places, geocoder: geocoder),
            source: .geocoder, attribution: geocoder.attribution
        )
    }

    /// What to say when a name is found nowhere and the geocoder is off.
    static let turnOnAdvice =
        "for a landmark or an address, turn the online geocoder on (OpenStreetMap's Nominatim: set \"enabled\": true "
        + "and your \"contact\" in the config's \"geocoder\"; docs/places.md, \"Landmarks and addresses\"), or \(PlaceInput.coordinatesAdvice)"

    /// `turnOnAdvice` for a page, whose reader turns the geocoder on in the config file, a sentence
    /// of its own.
    public static let turnOnAdviceForPages =
        "For landmarks and addresses, turn on the online geocoder (docs/places.md, “Landmarks and addresses”)."

    /// How far apart two matches must be to count as different places (a building is often both a
    /// way and its entrance's node).
    static let samePlaceKm = 1.0

    /// `"Eiffel Tower" is Tour Eiffel, 5, Avenue Anatole France, …, France at 48.85826,2.2945,
    /// found online by Nominatim at …; data © OpenStreetMap contributors`, then, when other places
    /// match, how many, the next of them, and how to choose it.
    static func note(_ query: String, best: GeocodedPlace, of places: [GeocodedPlace], geocoder: any Geocoder) -> String {
        let others = places.dropFirst().filter { $0.location.distanceKm(to: best.location) > samePlaceKm }
        var text =
            "\(Excerpt.quoted(query)) is \(best.displayName) at \(best.location), found online by \(geocoder.serviceName); data \(geocoder.attribution)"
        if let next = others.first {
            text +=
                "; \(Plural.count(others.count, "other place")) \(others.count == 1 ? "matches" : "match"), such as \(next.displayName) at \(next.location): "
                + "for another, add a city or country to the name, or give coordinates"
        }
        return text
    }

    /// What a free-text query may mean, best first, at most `limit`: `PlaceSearch`'s candidates
    /// (the point typed as coordinates; else the gazetteer's places of that name, then those whose
    /// name starts with it); when it has none, and `online` and the geocoder is on, the
    /// geocoder's matches (at most `NominatimGeocoder.resultLimit`), each with source `geocoder`
    /// and its credit. Errors: `PlaceSearch`'s (empty text, a limit out of range, bad coordinates:
    /// usage), the geocoder's `ConfigError` when its config fails its check, and a failed online
    /// lookup's `GeocoderError` (unreachable host → `temporary`).
    ///
    /// `online`: whether the geocoder may be asked. Nominatim's usage policy forbids asking it as
    /// the user types (no autocomplete): a search box lists gazetteer places as the user types
    /// (`online: false`, which is `PlaceSearch` alone), and asks online only when the user submits
    /// the query (Enter). Lookups are kept in the store, spaced a second apart and serialized with
    /// every other lookup, so a server may call this from many requests at once; one may then wait
    /// its turn.
    public func candidates(for text: String, limit: Int = PlaceSearch.defaultLimit, online: Bool) async throws -> [PlaceCandidate] {
        let offline = try PlaceSearch(gazetteer: gazetteer).candidates(for: text, limit: limit)
        guard offline.isEmpty, online else { return offline }
        return try await onlineCandidates(for: text, limit: limit)
    }

    /// The geocoder's matches for `text` alone (at most `limit`), each with source `geocoder` and
    /// its credit; none when the geocoder is off. For a caller that searched the gazetteer itself
    /// and found nothing (`candidates` does both).
    public func onlineCandidates(for text: String, limit: Int = PlaceSearch.defaultLimit) async throws -> [PlaceCandidate] {
        if let refusal { throw refusal }
        guard let geocoder else { return [] }
        let query = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return try await geocoder.search(query).prefix(limit).map { PlaceCandidate($0, query: query, attribution: geocoder.attribution) }
    }
}
