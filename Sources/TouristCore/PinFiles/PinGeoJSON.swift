/// Pins as GeoJSON (RFC 7946): a FeatureCollection of Point features, each pin's name and radius
/// in `properties` (`name`, `radiusKm`).
///
/// Reading takes a FeatureCollection, or one Feature; every feature must be a Point
/// (`coordinates` are `[longitude, latitude]`, an altitude after them is ignored). A missing name
/// names the pin by its coordinates; a missing radius takes the importer's default (`radius_km` and
/// `radius` are read too). Writing adds each pin's `id`, `state` and `photos`, which reading ignores.
public enum PinGeoJSON {
    /// The entries of `bytes`, or an `InputDataError` naming `file`, the feature and the fix.
    /// A FeatureCollection's features are read one at a time, each made an entry as soon as it is
    /// read (`JSONParser.parse(_:streamingArray:_:)`): no tree of the whole file is built.
    public static func read(_ bytes: [UInt8], file: String) throws(InputDataError) -> [PinFileEntry] {
        var features = Features(file: file)
        let document: JSONValue
        do {
            // A byte-order mark some editors write is not JSON: it is dropped.
            let json = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            document = try JSONParser.parse(json, streamingArray: "features") { features.add($0) }
        } catch {
            throw InputDataError(
                "\(file) line \(error.line), column \(error.column): \(error.reason); a pin file in GeoJSON must be valid JSON")
        }
        switch document["type"]?.stringValue {
        case "FeatureCollection":
            guard document["features"]?.arrayValue != nil else {
                throw InputDataError("\(file): the FeatureCollection has no \"features\" array; list the pins as Point features in it")
            }
            return try features.result()
        case "Feature":
            return [try entry(document, position: "feature 1", file: file)]
        default:
            throw InputDataError(
                "\(file): expected a GeoJSON FeatureCollection or Feature (its \"type\"), got \(document["type"]?.compact() ?? document.typeDescription); write {\"type\": \"FeatureCollection\", \"features\": [...]}"
            )
        }
    }

    /// The entries of a FeatureCollection's features as they are read, up to the first one that is
    /// not a pin, whose error stands for them all (the features after it are only counted).
    private struct Features {
        let file: String
        private var entries: [PinFileEntry] = []
        private var failure: InputDataError?
        private var count = 0

        init(file: String) {
            self.file = file
        }

        mutating func add(_ feature: JSONValue) {
            count += 1
            guard failure == nil else { return }
            do {
                entries.append(try PinGeoJSON.entry(feature, position: "feature \(count)", file: file))
            } catch {
                failure = error
            }
        }

        /// The entries, or the first feature's error.
        func result() throws(InputDataError) -> [PinFileEntry] {
            if let failure { throw failure }
            return entries
        }
    }

    /// `pins` as one GeoJSON FeatureCollection, in the order given.
    public static func write(_ pins: [Pin]) -> String {
        let features: [JSONValue] = pins.map { pin in
            .object([
                ("type", .string("Feature")),
                (
                    "geometry",
                    .object([("type", .string("Point")), ("coordinates", .array([.number(pin.longitude), .number(pin.latitude)]))])
                ),
                (
                    "properties",
                    .object([
                        ("name", .string(pin.name)), ("radiusKm", .number(pin.radiusKm)),
                        ("id", .string(pin.id)), ("state", .string(pin.state.rawValue)), ("photos", .number(Double(pin.photos))),
                    ])
                ),
            ])
        }
        return JSONValue.object([("type", .string("FeatureCollection")), ("features", .array(features))]).rendered() + "\n"
    }

    private static func entry(_ feature: JSONValue, position: String, file: String) throws(InputDataError) -> PinFileEntry {
        let at = "\(file) \(position)"
        guard feature["type"]?.stringValue == "Feature" else {
            throw InputDataError(
                "\(at): expected an object with \"type\": \"Feature\", got \(feature["type"]?.compact() ?? feature.typeDescription)")
        }
        guard let geometry = feature["geometry"], geometry["type"]?.stringValue == "Point" else {
            let kind = feature["geometry"]?["type"]?.stringValue ?? "no geometry"
            throw InputDataError(
                "\(at) is \(kind == "no geometry" ? "without a geometry" : "a \(kind)"); only Point features can be pins (\"geometry\": {\"type\": \"Point\", \"coordinates\": [longitude, latitude]})"
            )
        }
        guard let coordinates = geometry["coordinates"]?.arrayValue, coordinates.count >= 2,
            let longitude = coordinates[0].numberValue, let latitude = coordinates[1].numberValue
        else {
            throw InputDataError(
                "\(at): the Point's \"coordinates\" must be [longitude, latitude] in numbers, got \(geometry["coordinates"]?.compact() ?? "nothing")"
            )
        }
        let location: GeoPoint
        do {
            location = try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw InputDataError("\(at): \(error.message) (GeoJSON puts the longitude first)")
        }
        let properties = feature["properties"]
        var name: String?
        if let value = properties?["name"] ?? properties?["title"], value != .null {
            guard let text = value.stringValue else {
                throw InputDataError("\(at): \"name\" must be a string, got \(value.compact())")
            }
            name = text.isEmpty ? nil : text
        }
        var radius: Double?
        if let value = properties?["radiusKm"] ?? properties?["radius_km"] ?? properties?["radius"], value != .null {
            guard let number = value.numberValue, let radiusKm = try? PinRadius.checked(number) else {
                throw InputDataError(
                    "\(at): \"radiusKm\" \(value.compact()) is not a radius; use kilometres above 0 and at most 20000, or leave it out for the default"
                )
            }
            radius = radiusKm
        }
        return PinFileEntry(name: name, location: location, radiusKm: radius, position: position)
    }
}
