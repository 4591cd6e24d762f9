import Foundation

/// Where a pin's album stands.
public enum PinState: String, Sendable, Codable, CaseIterable {
    /// Never fetched.
    case new
    /// A fetch is running: some process holds the pin's lease (`Library.isBeingFetched`).
    case fetching
    /// A fetch stopped before it ended (Ctrl-C, a crash) and none runs now: the next `fetch`
    /// completes what is missing. Never stored: an album is stored `fetching` while its fetch
    /// runs, and `Library` shows one that no process holds the lease of as `interrupted`.
    case interrupted
    /// The album holds its photos.
    case ready
    /// The providers found nothing near the pin.
    case empty
    /// The last fetch failed; `Pin.error` says why.
    case failed
}

/// A saved location with its album's summary. Its stored form is the table `Pin.fields`
/// (PinField.swift): a new stored property needs a row there.
public struct Pin: Sendable, Equatable {
    public var id: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var radiusKm: Double
    public var createdAt: Date
    public var state: PinState
    /// How many photos the album holds (stored ones).
    public var photos: Int
    /// Why the last fetch failed, when `state` is `failed`: its report's headline, in plain words.
    public var error: String?
    /// How the last fetch failed, when `state` is `failed` because of one, so a front end switches
    /// on the kind instead of reading `error`.
    public var failure: FetchReport.Kind?
    /// The gazetteer's city nearest to the pin, as "Kyoto, JP" (`GazetteerPlace.displayName`),
    /// found when the pin was added; nil for a pin added before tourist knew places, which
    /// `Library.placed(_:)` fills in for showing. `nearKm` is how far it is.
    public var near: String?
    /// How far `near` is from the pin, in kilometres.
    public var nearKm: Double?
    /// The length of a route pin's line, in kilometres; nil for a pin on a place. A route pin
    /// stands at its line's first point and searches within `radiusKm` of the line, which its
    /// album keeps (`Album.route`).
    public var routeKm: Double?
    /// The years or days its photos were taken in (part of `window`); nil: any.
    public var taken: TakenRange?
    /// The months of any year its photos were taken in (part of `window`); nil: any.
    public var months: MonthSet?

    public init(id: String, name: String, location: GeoPoint, radiusKm: Double, createdAt: Date) {
        self.id = id
        self.name = name
        self.latitude = location.latitude
        self.longitude = location.longitude
        self.radiusKm = radiusKm
        self.createdAt = createdAt
        self.state = .new
        self.photos = 0
        self.error = nil
        self.failure = nil
        self.near = nil
        self.nearKm = nil
        self.taken = nil
        self.months = nil
    }

    /// When the album's photos were taken; nil: at any time.
    public var window: TimeWindow? {
        get { TimeWindow(taken: taken, months: months) }
        set {
            taken = newValue?.taken
            months = newValue?.months
        }
    }

    /// The pin's location (validated when the pin was added).
    public var location: GeoPoint {
        get throws { try GeoPoint(latitude: latitude, longitude: longitude) }
    }

    /// A new random pin id: 8 lowercase hex digits.
    public static func makeID() -> String {
        String(format: "%08x", UInt32.random(in: 0...UInt32.max))
    }

    /// Whether `text` has the shape of a pin id.
    public static func isValidID(_ text: String) -> Bool {
        text.utf8.count == 8 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
