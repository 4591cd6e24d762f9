import Foundation
import TouristCore

/// A pin file of `format`, read as `pin import` reads it (`Library.readPinFile`). Contract: the
/// places it reads, written as `pin export` writes them, read back as the same places (name,
/// location, radius, time window, and a route's line as the import simplifies it), or an
/// `InputDataError` that names the file.
enum PinFileDoor {
    /// The radius `pin import` gives entries without one, in this check.
    static let defaultRadiusKm = 1.5

    static func check(_ bytes: [UInt8], format: PinFileFormat) {
        let entries: [PinFileEntry]
        do {
            entries = try Library.readPinFile(bytes, file: "pins", format: format, gazetteer: .bundled)
        } catch {
            contract(error.message.hasPrefix("pins"), "an error that does not name the file: \(error.message)")
            return
        }
        let records = entries.map { entry in
            var pin = Pin(
                id: "00000000", name: entry.name ?? "", location: entry.location, radiusKm: entry.radiusKm ?? defaultRadiusKm,
                createdAt: Date(timeIntervalSince1970: 0))
            pin.window = entry.window
            return PinFileRecord(pin: pin, route: line(entry))
        }
        let written = format == .csv ? PinCSV.write(records.map(\.pin)) : PinGeoJSON.write(records)
        let again: [PinFileEntry]
        do {
            again = try Library.readPinFile(Array(written.utf8), file: "pins", format: format, gazetteer: .bundled)
        } catch {
            contract(false, "\(entries) written as \(written.debugDescription) cannot be read back: \(error.message)")
            return
        }
        contract(
            again.map(place) == entries.map(place),
            "\(entries.map(place)) written as \(written.debugDescription) read back as \(again.map(place))"
        )
    }

    /// What a pin file says of a place, without where it says it (numbers compared as numbers: -0 is 0).
    struct Place: Equatable, CustomStringConvertible {
        var name: String?
        var latitude: Double
        var longitude: Double
        var radiusKm: Double
        var window: TimeWindow?
        /// A route's line as the import makes it.
        var route: RouteLine?

        var description: String {
            "\(name.debugDescription) \(latitude),\(longitude) \(radiusKm) \(window?.text ?? "any time") \(route.map { "\($0.points)" } ?? "")"
        }
    }

    static func place(_ entry: PinFileEntry) -> Place {
        Place(
            name: entry.name, latitude: entry.location.latitude, longitude: entry.location.longitude,
            radiusKm: entry.radiusKm ?? defaultRadiusKm, window: entry.window, route: line(entry))
    }

    /// The line `pin import` gives an entry's route (`RoutePin.line`); nil for a place, or a line
    /// too short to keep (which the import refuses, and which is written as a place here).
    static func line(_ entry: PinFileEntry) -> RouteLine? {
        entry.route.flatMap { RoutePin.line(of: $0, radiusKm: entry.radiusKm ?? defaultRadiusKm) }
    }
}
