import Foundation

/// Route files in GPX, 1.1 or 1.0 (https://www.topografix.com/GPX/1/1/): every track segment
/// (`trk`/`trkseg`/`trkpt`) and every route (`rte`/`rtept`), in file order. Elements are known by
/// their local names, whatever prefix binds the GPX namespace. Waypoints (`wpt`), `extensions`
/// (a Garmin TrackPointExtension, …), a point's elevation, time and every other child, and any
/// element GPX does not define, are passed over unread. A segment of fewer than two points is left
/// out. The route's name is the first track's or route's `name`, else the file's (`metadata` in
/// 1.1, `gpx` itself in 1.0).
enum RouteGPX {
    /// The route in `bytes`, or an `InputDataError` naming `file`, the line, the column and the fix.
    static func read(_ bytes: [UInt8], file: String) throws(InputDataError) -> RouteTrack {
        var reader = GPXReader(tokens: XMLTokenizer(bytes), file: file)
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
        let name = tag.localName
        guard let parent = roles.last else {
            guard name == "gpx" else {
                throw failure("the document is <\(tag.name)>, not <gpx>; a route file in XML must be GPX", at: tag.offset)
            }
            roles.append(.gpx)
            return
        }
        let role: Role
        switch (parent, name) {
        case (.gpx, "metadata"): role = .metadata
        case (.gpx, "trk"): role = .track
        case (.gpx, "rte"): role = .route
        case (.gpx, "name"), (.metadata, "name"): role = .name(ofFile: true)
        case (.track, "name"), (.route, "name"): role = .name(ofFile: false)
        case (.track, "trkseg"): role = .segment
        case (.segment, "trkpt"), (.route, "rtept"):
            try addPoint(tag)
            role = .passedOver
        default: role = .passedOver
        }
        if case .name = role { nameText = "" }
        roles.append(role)
    }

    private mutating func end() {
        switch roles.popLast() {
        case .segment, .route: segments.close()
        case .name(let ofFile):
            let text = nameText.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            if ofFile {
                fileName = fileName ?? text
            } else {
                lineName = lineName ?? text
            }
        default: return
        }
    }

    private mutating func addPoint(_ tag: XMLTokenizer.StartTag) throws(InputDataError) {
        let example = "write each point as <\(tag.localName) lat=\"46.52\" lon=\"6.63\">"
        var degrees: [Double] = []
        for attribute in ["lat", "lon"] {
            guard let text = tag.attribute(attribute) else {
                throw failure("<\(tag.name)> has no \(attribute) attribute; \(example)", at: tag.offset)
            }
            guard let value = RouteNumbers.degrees(text) else {
                throw failure("<\(tag.name)>'s \(attribute) \(Excerpt.quoted(text)) is not a number; \(example)", at: tag.offset)
            }
            degrees.append(value)
        }
        let point: GeoPoint
        do {
            point = try GeoPoint(latitude: degrees[0], longitude: degrees[1])
        } catch {
            throw failure("<\(tag.name)>: \(error.message)", at: tag.offset)
        }
        guard segments.add(point) else { throw failure(RouteSegments.tooManyPoints, at: tag.offset) }
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
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || "+-.eE".utf8.contains($0) })
        else { return nil }
        return Double(trimmed)
    }
}
