/// Pins as GeoJSON (RFC 7946): a FeatureCollection of features, a Point for each pin on a place and
/// a LineString for each route pin (its simplified line), each pin's name, radius and time window
/// in `properties` (`name`, `radiusKm`, `taken`, `months`).
///
/// Reading takes a FeatureCollection, or one Feature. A Point feature is a pin on a place
/// (`coordinates` are `[longitude, latitude]`, an altitude after them is ignored); a LineString or
/// MultiLineString feature is a route pin, its lines read as a route file's are (`RouteGeoJSON`,
/// at most `RouteFile.maxPoints` in the whole file) and joined in order when it is imported. A
/// missing name names the pin by its coordinates (a route's by its start); a missing radius takes
/// the importer's default (`radius_km` and `radius` are read too); `taken` and `months` are read as
/// `pin add` reads them (a whole number is read as its digits: `"months": 4`). Writing adds each
/// pin's `id`, `state` and `photos`, and a route's `routeKm`, which reading ignores.
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
                throw InputDataError(
                    "\(file): the FeatureCollection has no \"features\" array; list the pins as Point (or LineString) features in it")
            }
            return try features.result()
        case "Feature":
            var lines = RouteSegments()
            return [try entry(document, position: "feature 1", file: file, lines: &lines)]
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
        /// The route pins' points, counted across the file.
        private var lines = RouteSegments()
        private var failure: InputDataError?
        private var count = 0

        init(file: String) {
            self.file = file
        }

        mutating func add(_ feature: JSONValue) {
            count += 1
            guard failure == nil else { return }
            do {
                entries.append(try PinGeoJSON.entry(feature, position: "feature \(count)", file: file, lines: &lines))
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

    /// `pins` as one GeoJSON FeatureCollection, in the order given: a Point for a pin on a place, a
    /// LineString of its line for a route pin.
    public static func write(_ pins: [PinFileRecord]) -> String {
        let features: [JSONValue] = pins.map { record in
            let pin = record.pin
            let geometry: JSONValue
            if let route = record.route {
                let positions = route.points.map { JSONValue.array([.number($0.longitude), .number($0.latitude)]) }
                geometry = .object([("type", .string("LineString")), ("coordinates", .array(positions))])
            } else {
                geometry = .object([("type", .string("Point")), ("coordinates", .array([.number(pin.longitude), .number(pin.latitude)]))])
            }
            var properties: [(key: String, value: JSONValue)] = [("name", .string(pin.name)), ("radiusKm", .number(pin.radiusKm))]
            if let taken = pin.taken { properties.append(("taken", .string(taken.description))) }
            if let months = pin.months { properties.append(("months", .string(months.description))) }
            if let route = record.route { properties.append(("routeKm", .number(Pin.routeKm(route)))) }
            properties += [("id", .string(pin.id)), ("state", .string(pin.state.rawValue)), ("photos", .number(Double(pin.photos)))]
            return .object([("type", .string("Feature")), ("geometry", geometry), ("properties", .object(properties))])
        }
        return JSONValue.object([("type", .string("FeatureCollection")), ("features", .array(features))]).rendered() + "\n"
    }

    private static func entry(_ feature: JSONValue, position: String, file: String, lines: inout RouteSegments) throws(InputDataError)
        -> PinFileEntry
    {
        let at = "\(file) \(position)"
        guard feature["type"]?.stringValue == "Feature" else {
            throw InputDataError(
                "\(at): expected an object with \"type\": \"Feature\", got \(feature["type"]?.compact() ?? feature.typeDescription)")
        }
        let geometry = feature["geometry"] ?? .null
        let location: GeoPoint
        var route: RouteTrack?
        switch geometry["type"]?.stringValue {
        case "Point":
            location = try point(geometry, at: at)
        case "LineString", "MultiLineString":
            let track = try line(geometry, at: at, lines: &lines)
            (location, route) = (track.segments[0][0], track)
        case let kind:
            throw InputDataError(
                "\(at) is \(kind.map { "a \($0)" } ?? "without a geometry"); a pin is a Point feature (\"geometry\": {\"type\": \"Point\", \"coordinates\": [longitude, latitude]}), a route pin a LineString or MultiLineString feature"
            )
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
        let window = try PinFileWindow.read(
            taken: try text(properties?["taken"], "taken", example: "2010..2015", at: at),
            months: try text(properties?["months"], "months", example: "12-2", at: at), at: at)
        return PinFileEntry(name: name, location: location, radiusKm: radius, route: route, window: window, position: position)
    }

    /// A Point geometry's location.
    private static func point(_ geometry: JSONValue, at: String) throws(InputDataError) -> GeoPoint {
        guard let coordinates = geometry["coordinates"]?.arrayValue, coordinates.count >= 2,
            let longitude = coordinates[0].numberValue, let latitude = coordinates[1].numberValue
        else {
            throw InputDataError(
                "\(at): the Point's \"coordinates\" must be [longitude, latitude] in numbers, got \(geometry["coordinates"]?.compact() ?? "nothing")"
            )
        }
        do {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw InputDataError("\(at): \(error.message) (GeoJSON puts the longitude first)")
        }
    }

    /// A LineString or MultiLineString geometry's lines, read as a route file's (`RouteGeoJSON`),
    /// their points counted in `lines` across the file; refused when they hold no two different points.
    private static func line(_ geometry: JSONValue, at: String, lines: inout RouteSegments) throws(InputDataError) -> RouteTrack {
        try RouteGeoJSON.addLines(of: geometry, at: at, to: &lines)
        let segments = lines.takeSegments()
        guard let start = segments.first?.first, segments.joined().contains(where: { $0 != start }) else {
            throw InputDataError("\(at): the line has no two different points; a route pin needs a line that goes somewhere")
        }
        return RouteTrack(name: nil, segments: segments)
    }

    /// A window property's text: a string, or a whole number written as its digits; nil when absent or null.
    private static func text(_ value: JSONValue?, _ key: String, example: String, at: String) throws(InputDataError) -> String? {
        guard let value, value != .null else { return nil }
        if let text = value.stringValue { return text }
        if let number = value.numberValue, number.rounded() == number, abs(number) < 1e9 { return String(Int(number)) }
        throw InputDataError("\(at): \"\(key)\" must be a string such as \"\(example)\", got \(value.compact())")
    }
}
