import Foundation

/// Pins as CSV (RFC 4180: fields separated by commas, quoted with `"` when they hold a comma, a
/// quote or a line break, `""` for a quote inside): `name,latitude,longitude[,radius_km]`, and
/// `taken,months` after them when a header names them.
///
/// Reading takes an optional header line (its columns may come in any order, named `name`,
/// `latitude`/`lat`, `longitude`/`lon`/`lng`, `radius_km`/`radiusKm`/`radius`, `taken`, `months`);
/// without one the columns are `name,latitude,longitude,radius_km`. Blank lines are skipped; an
/// empty name names the pin by its coordinates; an empty radius takes the importer's default; an
/// empty `taken` or `months` leaves the window open in that respect (each read as `pin add` reads
/// it, `PinFileWindow`). A line holds a place, never a route's line: `Library.exportPins` writes no
/// route pin as CSV. Writing puts the header first, with the window's columns when a pin has a
/// window. Names that begin like a spreadsheet formula are written with a guard quote, which
/// reading removes (`SpreadsheetGuard`), so an exported file reads back to the same names.
public enum PinCSV {
    /// The header `write` puts first, and the columns it adds when a pin has a time window.
    public static let header = ["name", "latitude", "longitude", "radius_km"]
    public static let windowHeader = ["taken", "months"]

    /// The entries of `text`, or an `InputDataError` naming `file`, the line and the fix.
    public static func read(_ text: String, file: String, gazetteer: GazetteerSource) throws(InputDataError) -> [PinFileEntry] {
        try read(Array(text.utf8), file: file, gazetteer: gazetteer)
    }

    /// The entries of the UTF-8 CSV `bytes`, each made as its record is read (no other copy of the
    /// file is held), or an `InputDataError` naming `file`, the line and the fix. A `place` column
    /// (a header names it) stands for the coordinates where a line has none: a city's name, looked
    /// up in `gazetteer` (offline) as `pin add` does (`PlaceInput`), which also names the pin when
    /// the line does not. Never online: a file of names is the bulk geocoding Nominatim's usage
    /// policy forbids, so a name the gazetteer does not know stops the import, saying so.
    public static func read(_ bytes: [UInt8], file: String, gazetteer: GazetteerSource) throws(InputDataError) -> [PinFileEntry] {
        var entries: [PinFileEntry] = []
        var columns: Columns?
        try CSVRecords.forEach(in: bytes, file: file) { record throws(InputDataError) in
            if let columns {
                entries.append(try entry(record, columns: columns, file: file, gazetteer: gazetteer))
            } else if let named = try Columns(header: record.fields, file: file, line: record.line) {
                columns = named
            } else {
                columns = .positional
                entries.append(try entry(record, columns: .positional, file: file, gazetteer: gazetteer))
            }
        }
        return entries
    }

    /// `pins` as CSV, header first, one line per pin in the order given; with `taken` and `months`
    /// columns when one of them has a time window.
    public static func write(_ pins: [Pin]) -> String {
        let windows = pins.contains { $0.window != nil }
        var text = (windows ? header + windowHeader : header).joined(separator: ",") + "\r\n"
        for pin in pins {
            var fields = [quoted(SpreadsheetGuard.guarded(pin.name)), number(pin.latitude), number(pin.longitude), number(pin.radiusKm)]
            if windows { fields += [pin.taken?.description ?? "", quoted(pin.months?.description ?? "")] }
            text += fields.joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// A number as written by hand: `5`, not `5.0`; as many digits as it takes to read it back exactly.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : value.description
    }

    /// A field, quoted when it must be. Its scalars are looked at, not its characters: `\r\n` is one
    /// character (as is a comma or quote with a combining mark after it), which the reader splits
    /// (found by the pin-csv fuzzing door, Fuzz/Regressions/pin-csv/).
    static func quoted(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in field.unicodeScalars {
            if scalar == "\"" { out.append("\"") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }

    /// Which field holds what.
    struct Columns {
        var name: Int?
        var latitude: Int?
        var longitude: Int?
        var place: Int?
        var radius: Int?
        var taken: Int?
        var months: Int?

        static let positional = Columns(name: 0, latitude: 1, longitude: 2, place: nil, radius: 3, taken: nil, months: nil)

        /// The columns a header line names, or nil when `fields` is not a header (its latitude
        /// field is a number, or it names no latitude and no place).
        init?(header fields: [String], file: String, line: Int) throws(InputDataError) {
            let names = fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            func column(_ aliases: [String]) -> Int? { names.firstIndex(where: aliases.contains) }
            let place = column(["place", "city"])
            let latitude = column(["latitude", "lat"])
            if latitude == nil, place == nil {
                guard fields.count > 1, Double(fields[1].trimmingCharacters(in: .whitespaces)) == nil, !fields[1].isEmpty else {
                    return nil
                }
                throw InputDataError(
                    "\(file) line \(line): the header \(fields.joined(separator: ",").debugDescription) names no latitude column; name the columns name,latitude,longitude,radius_km (or name,place,radius_km with a city's name in place; or leave the header out and keep the first order)"
                )
            }
            let longitude = column(["longitude", "lon", "lng", "long"])
            if latitude != nil, longitude == nil {
                throw InputDataError(
                    "\(file) line \(line): the header names no longitude column; name the columns name,latitude,longitude,radius_km")
            }
            self.init(
                name: column(["name", "title"]), latitude: latitude, longitude: longitude, place: place,
                radius: column(["radius_km", "radiuskm", "radius"]), taken: column(["taken"]), months: column(["months"]))
        }

        private init(name: Int?, latitude: Int?, longitude: Int?, place: Int?, radius: Int?, taken: Int?, months: Int?) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.place = place
            self.radius = radius
            self.taken = taken
            self.months = months
        }
    }

    private static func entry(_ record: CSVRecords.Record, columns: Columns, file: String, gazetteer: GazetteerSource)
        throws(InputDataError) -> PinFileEntry
    {
        let fields = record.fields
        let position = "line \(record.line)"
        // The name loses the guard quote before it is trimmed: the guard may stand before a tab.
        func field(_ index: Int?, guarded: Bool = false) -> String? {
            guard let index, index < fields.count else { return nil }
            let raw = guarded ? SpreadsheetGuard.unguarded(fields[index]) : fields[index]
            let value = raw.trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        let location: GeoPoint
        var placeName: String?
        if let latitudeText = field(columns.latitude), let longitudeText = field(columns.longitude) {
            do {
                location = try GeoPoint.parse([latitudeText, longitudeText])
            } catch {
                throw InputDataError("\(file) \(position): \(error.message)")
            }
        } else if let placeText = field(columns.place) {
            do {
                let place = try PlaceInput.resolve([placeText], gazetteer: gazetteer, advice: PlaceInput.importAdvice)
                (location, placeName) = (place.location, place.suggestedName)
            } catch {
                let facts = (error as? any ClassifiedError)?.facts ?? "\(error)"
                throw InputDataError("\(file) \(position): \(facts)", remedy: Remedy(.addPinByName))
            }
        } else {
            let expected = columns.place == nil ? "name,latitude,longitude[,radius_km]" : "a place, or a latitude and a longitude"
            throw InputDataError(
                "\(file) \(position): expected \(expected), got \(Plural.count(fields.count, "field")) (\(fields.joined(separator: ",").debugDescription)); give every line a latitude and a longitude\(columns.place == nil ? "" : ", or a place")"
            )
        }
        var radius: Double?
        if let radiusText = field(columns.radius) {
            guard let value = Double(radiusText), let radiusKm = try? PinRadius.checked(value) else {
                throw InputDataError(
                    "\(file) \(position): radius \(radiusText.debugDescription) is not a radius; use kilometres above 0 and at most 20000, or leave it empty for the default"
                )
            }
            radius = radiusKm
        }
        let window = try PinFileWindow.read(taken: field(columns.taken), months: field(columns.months), at: "\(file) \(position)")
        return PinFileEntry(
            name: field(columns.name, guarded: true) ?? placeName, location: location, radiusKm: radius, window: window, position: position)
    }
}
