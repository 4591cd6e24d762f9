import Foundation

/// A line read from a route file (`RouteFile`): its name, when the file gives one, and its points
/// as segments in file order (a GPX track's `trkseg`s, a GeoJSON MultiLineString's lines), each of
/// at least two points.
public struct RouteTrack: Sendable, Equatable {
    /// The name the file gives the route (its first track's or route's, else the file's own), or nil.
    public var name: String?
    /// The segments, in file order; none is empty or a single point.
    public var segments: [[GeoPoint]]

    public init(name: String?, segments: [[GeoPoint]]) {
        self.name = name
        self.segments = segments
    }

    /// A name as a route file writes it, trimmed of white space; nil when nothing is left.
    static func name(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// How many points all the segments hold.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// The same route with each segment simplified (`RouteSimplification`) at `toleranceKm`.
    public func simplified(toleranceKm: Double) -> RouteTrack {
        RouteTrack(name: name, segments: segments.map { RouteSimplification.simplified($0, toleranceKm: toleranceKm) })
    }
}

/// Collects a route file's segments while it is read, holding the file to `RouteFile.maxPoints`.
struct RouteSegments {
    private(set) var segments: [[GeoPoint]] = []
    private(set) var pointCount = 0
    private var open: [GeoPoint] = []

    /// Adds `point` to the segment being read; false when the file has passed `RouteFile.maxPoints`.
    mutating func add(_ point: GeoPoint) -> Bool {
        pointCount += 1
        open.append(point)
        return pointCount <= RouteFile.maxPoints
    }

    /// How many points the segment being read holds so far.
    var openCount: Int { open.count }

    /// Ends the segment being read: kept when it has two points or more, else left out.
    mutating func close() {
        if open.count >= 2 { segments.append(open) }
        open = []
    }

    /// The segments closed so far, which it then forgets, still counting their points against the
    /// limit (a pin file's lines, one feature at a time).
    mutating func takeSegments() -> [[GeoPoint]] {
        defer { segments = [] }
        return segments
    }

    /// The words for a file past the limit.
    static var tooManyPoints: String {
        "more than \(RouteFile.maxPoints) points, the most the lines of one file may hold; simplify the track in the app that made it, or split it"
    }
}
