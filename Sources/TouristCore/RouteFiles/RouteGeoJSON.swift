/// Route files in GeoJSON (RFC 7946): a LineString or MultiLineString geometry, a Feature of one,
/// or a FeatureCollection whose every feature is one. Each LineString, and each line of a
/// MultiLineString, is a segment, in file order; positions are `[longitude, latitude]`, an
/// elevation after them is ignored. Points, Polygons and GeometryCollections are refused, naming
/// the feature. The route's name is the first feature's `properties.name`, else the collection's
/// own `name` (as GDAL writes it).
enum RouteGeoJSON {
    /// What a route file may hold, for messages.
    static let expected = "a route file in GeoJSON holds a LineString or MultiLineString, a Feature of one, or a FeatureCollection of them"

    /// The route in `bytes`, or an `InputDataError` naming `file`, the line and column of a syntax
    /// error or the feature and position of a bad one, and the fix. A FeatureCollection's features
    /// are read one at a time (`JSONParser.parse(_:streamingArray:_:)`).
    static func read(_ bytes: [UInt8], file: String) throws(InputDataError) -> RouteTrack {
        var lines = Lines(file: file)
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes, streamingArray: "features") { lines.addFeature($0) }
        } catch {
            throw InputDataError(
                "\(file) line \(error.line), column \(error.column): \(error.reason); a route file in GeoJSON must be valid JSON")
        }
        switch document["type"]?.stringValue {
        case "FeatureCollection":
            guard document["features"]?.arrayValue != nil else {
                throw InputDataError("\(file): the FeatureCollection has no \"features\" array; \(expected)")
            }
        case "Feature":
            lines.addFeature(document)
        default:
            lines.addGeometry(document, at: file)
        }
        let segments = try lines.result()
        guard !segments.isEmpty else { throw InputDataError("\(file) holds no line; \(expected)") }
        return RouteTrack(name: lines.name ?? document["name"]?.stringValue.flatMap(RouteTrack.name), segments: segments)
    }

    /// The segments of the lines read so far, up to the first error, which stands for the whole
    /// file (the features after it are only counted).
    private struct Lines {
        let file: String
        private(set) var name: String?
        private var segments = RouteSegments()
        private var failure: InputDataError?
        private var features = 0

        init(file: String) {
            self.file = file
        }

        mutating func addFeature(_ feature: JSONValue) {
            features += 1
            let at = "\(file) feature \(features)"
            guard failure == nil else { return }
            guard feature["type"]?.stringValue == "Feature" else {
                failure = InputDataError(
                    "\(at): expected an object with \"type\": \"Feature\", got \(feature["type"]?.compact() ?? feature.typeDescription)")
                return
            }
            if name == nil, let text = feature["properties"]?["name"]?.stringValue { name = RouteTrack.name(text) }
            addGeometry(feature["geometry"] ?? .null, at: at)
        }

        mutating func addGeometry(_ geometry: JSONValue, at: String) {
            guard failure == nil else { return }
            do throws(InputDataError) {
                switch geometry["type"]?.stringValue {
                case "LineString", "MultiLineString":
                    try RouteGeoJSON.addLines(of: geometry, at: at, to: &segments)
                case let kind?:
                    throw InputDataError("\(at) is a \(kind), not a line; \(RouteGeoJSON.expected)")
                case nil:
                    throw InputDataError("\(at) has no geometry with a \"type\"; \(RouteGeoJSON.expected)")
                }
            } catch {
                failure = error
            }
        }

        /// The segments, or the first error.
        func result() throws(InputDataError) -> [[GeoPoint]] {
            if let failure { throw failure }
            return segments.segments
        }
    }

    /// Adds the line of a LineString `geometry`, or each line of a MultiLineString, to `segments`
    /// as a segment, each point checked and counted against `RouteFile.maxPoints`; an error names
    /// `at`, the line of a MultiLineString and the position. Pin files read their lines this way too.
    static func addLines(of geometry: JSONValue, at: String, to segments: inout RouteSegments) throws(InputDataError) {
        guard geometry["type"]?.stringValue == "MultiLineString" else {
            return try addLine(geometry["coordinates"], at: at, to: &segments)
        }
        guard let lines = geometry["coordinates"]?.arrayValue else {
            throw InputDataError("\(at): a MultiLineString's \"coordinates\" must be an array of lines")
        }
        for (index, line) in lines.enumerated() { try addLine(line, at: "\(at), line \(index + 1)", to: &segments) }
    }

    private static func addLine(_ coordinates: JSONValue?, at: String, to segments: inout RouteSegments) throws(InputDataError) {
        guard let positions = coordinates?.arrayValue else {
            throw InputDataError("\(at): a line's \"coordinates\" must be an array of [longitude, latitude] positions")
        }
        guard positions.count >= 2 else {
            throw InputDataError("\(at): a line needs two positions or more, it has \(positions.count)")
        }
        for (index, position) in positions.enumerated() {
            let place = "\(at), position \(index + 1)"
            guard let numbers = position.arrayValue, numbers.count >= 2, let longitude = numbers[0].numberValue,
                let latitude = numbers[1].numberValue
            else {
                throw InputDataError("\(place): expected [longitude, latitude] in numbers, got \(position.compact())")
            }
            let point: GeoPoint
            do {
                point = try GeoPoint(latitude: latitude, longitude: longitude)
            } catch {
                throw InputDataError("\(place): \(error.message) (GeoJSON puts the longitude first)")
            }
            guard segments.add(point) else { throw InputDataError("\(place): \(RouteSegments.tooManyPoints)") }
        }
        segments.close()
    }
}
