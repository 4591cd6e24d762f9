import Foundation

/// What `pin import` did: the pins it added, and those the file lists that were already there
/// (the same name at the same place and radius), each in the file's order.
public struct PinImport: Sendable {
    public var added: [Pin]
    public var unchanged: [Pin]
}

extension Library {
    /// The places a pin file lists, read as `format`, else as its extension says, else as its
    /// content looks (`PinFileFormat`), place names in `gazetteer`. `file` names it in messages.
    public static func readPinFile(_ bytes: [UInt8], file: String, format: PinFileFormat?, gazetteer: GazetteerSource)
        throws(InputDataError) -> [PinFileEntry]
    {
        switch format ?? PinFileFormat.named(byExtensionOf: file) ?? PinFileFormat.sniffed(bytes) {
        case .csv:
            return try PinCSV.read(bytes, file: file, gazetteer: gazetteer)
        case .geojson:
            return try PinGeoJSON.read(bytes, file: file)
        }
    }

    /// Adds a pin for every place in `entries`, all or none: every name is checked (`PinName`)
    /// and compared with the other entries and the store's pins before the first is added, so a
    /// file with one bad line adds nothing, and the pins are committed in one step
    /// (`StoreTransaction.addPins`), so an interrupted import adds nothing either. An entry with a
    /// route becomes a route pin: its segments joined and simplified for its radius as `pin add`
    /// does with a route file (`RoutePin.line`), standing at the line's start. An entry whose name
    /// is already a pin at the same place (and the same line) and radius is left as it is
    /// (importing a file twice changes nothing), unless it gives another time window; the same
    /// name at another place, in the file or the store, is refused. Entries without a radius get
    /// `defaultRadiusKm`. Errors name `file` and the entry's line or feature.
    public func importPins(_ entries: [PinFileEntry], defaultRadiusKm: Double, file: String) throws -> PinImport {
        struct Planned {
            var name: String
            var entry: PinFileEntry
            var radiusKm: Double
            /// A route pin's line, simplified for `radiusKm`.
            var route: RouteLine?
            /// Found before the store is locked.
            var near: NearbyPlace?

            /// Whether `other` names the same pin: the same place, line, radius and window.
            func isSame(as other: Planned) -> Bool {
                entry.location == other.entry.location && radiusKm == other.radiusKm && route == other.route
                    && entry.window == other.entry.window
            }
        }
        var planned: [Planned] = []
        var byName: [String: Int] = [:]
        for entry in entries {
            let name: String
            do {
                name = try entry.name.map(PinName.checked) ?? entry.location.description
            } catch {
                throw InputDataError("\(file) \(entry.position): \(error.message)")
            }
            let radiusKm = entry.radiusKm ?? defaultRadiusKm
            var route: RouteLine?
            if let track = entry.route {
                guard let line = RoutePin.line(of: track, radiusKm: radiusKm) else {
                    throw InputDataError(
                        "\(file) \(entry.position): the line keeps no two different points once simplified for a radius of \(Kilometres.text(radiusKm)); give it a smaller radius or a longer line"
                    )
                }
                route = line
            }
            let pin = Planned(name: name, entry: entry, radiusKm: radiusKm, route: route, near: nil)
            if let index = byName[name] {
                let earlier = planned[index]
                guard earlier.isSame(as: pin) else {
                    throw InputDataError(
                        "\(file) \(earlier.entry.position) and \(entry.position) both name a pin \"\(name)\", at different places, lines, radii or time windows; give one of them another name"
                    )
                }
                continue
            }
            byName[name] = planned.count
            planned.append(pin)
        }
        let nearest = ParallelWork.map(planned.map(\.entry.location)) { nearby($0) }
        for index in planned.indices { planned[index].near = nearest[index] }
        let target = config.album.photos
        return try store.transaction { transaction in
            // Every entry is checked before the first pin is added.
            var result = PinImport(added: [], unchanged: [])
            var adding: [Planned] = []
            for pin in planned {
                let at = "\(file) \(pin.entry.position)"
                do {
                    try Self.refuseIfAnotherPinsID(pin.name, for: nil, transaction)
                } catch let refused as LibraryError {
                    throw InputDataError("\(at): \(refused.message)")
                }
                guard let id = try store.pinID(named: pin.name) else {
                    adding.append(pin)
                    continue
                }
                let album = try transaction.album(id)
                let existing = album.pin
                guard existing.latitude == pin.entry.location.latitude, existing.longitude == pin.entry.location.longitude,
                    existing.radiusKm == pin.radiusKm, album.route == pin.route || Self.isLine(album.route, asGivenIn: pin.entry)
                else {
                    throw InputDataError(
                        "\(at): a pin named \"\(pin.name)\" already exists \(Self.place(of: existing, route: album.route)) (id \(id)); give this one another name, or change that pin",
                        remedy: Remedy(.editPin(pin: id)))
                }
                if let window = pin.entry.window, window != existing.window {
                    throw InputDataError(
                        "\(at): a pin named \"\(pin.name)\" already exists here with \(existing.window.map { "the time window \($0.words)" } ?? "no time window") (id \(id)); give this one another name, or change that pin",
                        remedy: Remedy(.editPin(pin: id)))
                }
                result.unchanged.append(existing)
            }
            let new = adding.map {
                StoreTransaction.NewPin(
                    name: $0.name, location: $0.route?.start ?? $0.entry.location, radiusKm: $0.radiusKm, near: $0.near, route: $0.route,
                    window: $0.entry.window)
            }
            result.added = try transaction.addPins(new, target: target)
            return result
        }
    }

    /// The pins (all of them, or those `references` name, in creation order) as a pin file that
    /// `importPins` reads back, and how many it holds: in GeoJSON, a route pin with its line. CSV
    /// holds no line: asked for a route pin, it is refused (a `usage` error naming them), never
    /// written without its line.
    public func exportPins(_ references: [String] = [], format: PinFileFormat) throws -> (text: String, pins: Int) {
        var pins = try self.pins()
        if !references.isEmpty {
            let chosen = Set(try references.map { try resolvePin($0) })
            pins.removeAll { !chosen.contains($0.id) }
        }
        switch format {
        case .csv:
            let routes = pins.filter(\.isRoute)
            guard routes.isEmpty else {
                let named =
                    routes.prefix(5).map { "\"\($0.name)\"" }.joined(separator: ", ")
                    + (routes.count > 5 ? " and \(routes.count - 5) more" : "")
                throw LibraryError(
                    .usage,
                    "CSV holds a place on each line, not a route's line, and \(routes.count == 1 ? "the pin \(named) is a route pin" : "the pins \(named) are route pins")",
                    remedy: Remedy(.exportAsGeoJSON, .leaveOutRoutePins, joining: .or))
            }
            return (PinCSV.write(pins), pins.count)
        case .geojson:
            let records = try pins.map { pin in PinFileRecord(pin: pin, route: pin.isRoute ? try store.album(pin.id).route : nil) }
            return (PinGeoJSON.write(records), pins.count)
        }
    }

    /// Whether `line` is the entry's line as the file gives it, before it is simplified: a route
    /// pin's line exported after its radius was widened (kept as simplified for the narrower one).
    private static func isLine(_ line: RouteLine?, asGivenIn entry: PinFileEntry) -> Bool {
        guard let line, let track = entry.route else { return false }
        return line.points == track.segments.flatMap { $0 }
    }

    /// "at 48.8584,2.2945 with radius 5 km", or for a route pin "along a route of 6 km from 48.8584,2.2945 with radius 1 km".
    private static func place(of pin: Pin, route: RouteLine?) -> String {
        let start = "\(GeoPoint.format(pin.latitude)),\(GeoPoint.format(pin.longitude)) with radius \(Kilometres.text(pin.radiusKm))"
        return route.map { "along a route of \(Kilometres.text(Pin.routeKm($0).rounded())) from \(start)" } ?? "at \(start)"
    }
}
