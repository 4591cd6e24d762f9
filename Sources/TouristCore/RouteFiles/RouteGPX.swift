import Foundation

/// Route files in GPX, 1.1 or 1.0 (https://www.topografix.com/GPX/1/1/): every track segment
/// (`trk`/`trkseg`/`trkpt`) and every route (`rte`/`rtept`), in file order. Elements are known by
/// their local names, whatever prefix binds the GPX namespace. Waypoints (`wpt`), `extensions`
/// (a Garmin TrackPointExtension, …), a point's elevation, time and every other child, and any
/// element GPX does not define, are passed over unread. A segment of fewer than two points is left
/// out. The route's name is the first track's or route's `name`, else the file's (`metadata` in
/// 1.1, `gpx` itself in 1.0).
enum RouteGPX {
    /// The route in `chunks`, read one chunk at a time, or an `InputDataError` naming `file`, the
    /// line, the column and the fix.
    static func read(_ chunks: RouteFileChunks, file: String) throws(InputDataError) -> RouteTrack {
        var reader = GPXReader(tokens: XMLTokenizer(chunks), file: file)
        return try reader.read()
    }
}

/// Reads one GPX document token by token, keeping the open elements' roles, never a tree.
private struct GPXReader {
    /// What an open element is to the reader.
    enum Role {
        case gpx, metadata, track, segment, route
        /// A `name` of the file, or of a track or route.
        case name(ofFile: Bool)
        /// Anything whose content is not read.
        case passedOver
    }

    var tokens: XMLTokenizer
    let file: String
    private var roles: [Role] = []
    private var segments = RouteSegments()
    private var fileName: String?
    private var lineName: String?
    private var nameText = ""

    init(tokens: XMLTokenizer, file: String) {
        self.tokens = tokens
        self.file = file
    }

    mutating func read() throws(InputDataError) -> RouteTrack {
        while let token = try nextToken() {
            switch token {
            case .start(let tag): try start(tag)
            case .end: end()
            case .text(let range, let cdata):
                if case .name = roles.last { nameText += tokens.text(range, cdata: cdata) }
            }
        }
        guard !segments.segments.isEmpty else {
            throw InputDataError(
                "\(file): no track or route of two points or more (<trk><trkseg><trkpt lat=\"…\" lon=\"…\">, or <rte><rtept …>); waypoints (<wpt>) are not a route"
            )
        }
        return RouteTrack(name: lineName ?? fileName, segments: segments.segments)
    }

    private mutating func nextToken() throws(InputDataError) -> XMLTokenizer.Token? {
        do {
            return try tokens.next()
        } catch {
            throw InputDataError("\(file) line \(error.line), column \(error.column): \(error.reason)")
        }
    }

    private mutating func start(_ tag: XMLTokenizer.StartTag) throws(InputDataError) {
        guard let parent = roles.last else {
            guard tokens.hasLocalName(tag, "gpx") else {
                throw failure("the document is <\(tokens.name(of: tag))>, not <gpx>; a route file in XML must be GPX", at: tag.offset)
            }
            roles.append(.gpx)
            return
        }
        let tokens = self.tokens
        let named = { (local: StaticString) in tokens.hasLocalName(tag, local) }
        var role = Role.passedOver
        switch parent {
        case .gpx:
            if named("metadata") {
                role = .metadata
            } else if named("trk") {
                role = .track
            } else if named("rte") {
                role = .route
            } else if named("name") {
                role = .name(ofFile: true)
            }
        case .metadata where named("name"): role = .name(ofFile: true)
        case .track where named("name"), .route where named("name"): role = .name(ofFile: false)
        case .track where named("trkseg"): role = .segment
        case .segment where named("trkpt"), .route where named("rtept"): try addPoint(tag)
        default: break
        }
        if case .name = role { nameText = "" }
        roles.append(role)
    }

    private mutating func end() {
        switch roles.popLast() {
        case .segment, .route: segments.close()
        case .name(let ofFile):
            guard let text = RouteTrack.name(nameText) else { return }
            if ofFile {
                fileName = fileName ?? text
            } else {
                lineName = lineName ?? text
            }
        default: return
        }
    }

    private mutating func addPoint(_ tag: XMLTokenizer.StartTag) throws(InputDataError) {
        let latitude = try degrees("lat", of: tag), longitude = try degrees("lon", of: tag)
        let point: GeoPoint
        do {
            point = try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw failure("<\(tokens.name(of: tag))>: \(error.message)", at: tag.offset)
        }
        guard segments.add(point) else { throw failure(RouteSegments.tooManyPoints, at: tag.offset) }
    }

    /// The number in `tag`'s attribute `attribute`.
    private func degrees(_ attribute: StaticString, of tag: XMLTokenizer.StartTag) throws(InputDataError) -> Double {
        let name = tokens.name(of: tag)
        let example = "write each point as <\(name) lat=\"46.52\" lon=\"6.63\">"
        guard let text = tokens.attribute(attribute, of: tag) else {
            throw failure("<\(name)> has no \(attribute) attribute; \(example)", at: tag.offset)
        }
        guard let value = RouteNumbers.degrees(text) else {
            throw failure("<\(name)>'s \(attribute) \(Excerpt.quoted(text)) is not a number; \(example)", at: tag.offset)
        }
        return value
    }

    private func failure(_ reason: String, at offset: Int) -> InputDataError {
        let (line, column) = tokens.position(of: offset)
        return InputDataError("\(file) line \(line), column \(column): \(reason)")
    }
}

/// Coordinates as route files write them.
enum RouteNumbers {
    /// A decimal number (`46.52`, `-0.5`, `6e-1`), else nil: no hexadecimal, `nan` or `inf`,
    /// which Swift's own parsing of `Double` would take.
    static func degrees(_ text: String) -> Double? {
        let utf8 = Array(text.utf8)
        guard let first = utf8.firstIndex(where: { !XMLTokenizer.isSpace($0) }),
            let last = utf8.lastIndex(where: { !XMLTokenizer.isSpace($0) })
        else { return nil }
        let number = utf8[first...last]
        guard number.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || "+-.eE".utf8.contains($0) }) else { return nil }
        return Double(String(decoding: number, as: UTF8.self))
    }
}
