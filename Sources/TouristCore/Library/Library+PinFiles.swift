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
    /// (`StoreTransaction.addPins`), so an interrupted import adds nothing either. An entry whose name is already a pin at the same place
    /// and radius is left as it is (importing a file twice changes nothing); the same name at
    /// another place, in the file or the store, is refused. Entries without a radius get
    /// `defaultRadiusKm`. Errors name `file` and the entry's line or feature.
    public func importPins(_ entries: [PinFileEntry], defaultRadiusKm: Double, file: String) throws -> PinImport {
        struct Planned {
            var name: String
            var entry: PinFileEntry
            var radiusKm: Double
            /// Found before the store is locked.
            var near: NearbyPlace?
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
            let pin = Planned(name: name, entry: entry, radiusKm: entry.radiusKm ?? defaultRadiusKm, near: nil)
            if let index = byName[name] {
                let earlier = planned[index]
                guard earlier.entry.location == pin.entry.location, earlier.radiusKm == pin.radiusKm else {
                    throw InputDataError(
                        "\(file) \(earlier.entry.position) and \(entry.position) both name a pin \"\(name)\", at different places or radii; give one of them another name"
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
                do {
                    try Self.refuseIfAnotherPinsID(pin.name, for: nil, transaction)
                } catch let refused as LibraryError {
                    throw InputDataError("\(file) \(pin.entry.position): \(refused.message)")
                }
                guard let id = try store.pinID(named: pin.name) else {
                    adding.append(pin)
                    continue
                }
                let existing = try transaction.album(id).pin
                guard existing.latitude == pin.entry.location.latitude, existing.longitude == pin.entry.location.longitude,
                    existing.radiusKm == pin.radiusKm
                else {
                    throw InputDataError(
                        "\(file) \(pin.entry.position): a pin named \"\(pin.name)\" already exists at \(Self.place(of: existing)) (id \(id)); give this one another name, or change that pin",
                        remedy: Remedy(.editPin(pin: id)))
                }
                result.unchanged.append(existing)
            }
            let new = adding.map {
                StoreTransaction.NewPin(name: $0.name, location: $0.entry.location, radiusKm: $0.radiusKm, near: $0.near)
            }
            result.added = try transaction.addPins(new, target: target)
            return result
        }
    }

    /// The pins (all of them, or those `references` name, in creation order) as a pin file that
    /// `importPins` reads back, and how many it holds.
    public func exportPins(_ references: [String] = [], format: PinFileFormat) throws -> (text: String, pins: Int) {
        var pins = try self.pins()
        if !references.isEmpty {
            let chosen = Set(try references.map { try resolvePin($0) })
            pins.removeAll { !chosen.contains($0.id) }
        }
        switch format {
        case .csv: return (PinCSV.write(pins), pins.count)
        case .geojson: return (PinGeoJSON.write(pins), pins.count)
        }
    }

    private static func place(of pin: Pin) -> String {
        "\(GeoPoint.format(pin.latitude)),\(GeoPoint.format(pin.longitude)) with radius \(Kilometres.text(pin.radiusKm))"
    }
}
