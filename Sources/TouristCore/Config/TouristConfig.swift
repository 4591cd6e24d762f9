import Foundation

/// The effective configuration: what was written, with defaults filled in.
public struct TouristConfig: Sendable {
    /// Where the configuration came from.
    public enum Source: Sendable, Equatable {
        case file(String)
        case builtIn

        public var displayName: String {
            switch self {
            case .file(let path): path
            case .builtIn: "built-in config"
            }
        }
    }

    public struct Album: Sendable, Equatable {
        public var photos = Defaults.albumPhotos
        public var size = PhotoSize.small240
        public var lookalikes = Lookalikes()
    }

    /// Whether a photo that looks like one the album holds, or held and lost to a removal, is set
    /// aside (`album.lookalikes`), and how alike is alike.
    public struct Lookalikes: Sendable, Equatable {
        /// The most differing bits (of 64) `maxDistance` may allow: past it, different photos of
        /// one place start to look alike (`tourist-bench lookalikes`).
        public static let distances = 0...16

        public var enabled = true
        /// The most bits two photos' perceptual hashes may differ in for them to count as the same photo.
        public var maxDistance = 10

        public init(enabled: Bool = true, maxDistance: Int = 10) {
            self.enabled = enabled
            self.maxDistance = maxDistance
        }
    }

    public struct Downloads: Sendable, Equatable {
        public var concurrency = 8
        public var retries = 4
        public var timeoutSeconds = 30.0
        public var maxPhotoBytes = 52_428_800
    }

    /// How the router chooses providers (see `Router`).
    /// `tourist serve`'s settings (`serve` in the config).
    public struct Serve: Sendable, Equatable {
        /// An online map tile layer drawn over the bundled land outlines (off by default: the
        /// base map works offline).
        public var tiles: Tiles?
    }

    /// A slippy-map tile layer: `url` with `{z}`, `{x}`, `{y}` (and optionally `{s}`), the credit
    /// its terms require, and its deepest zoom.
    public struct Tiles: Sendable, Equatable {
        public var url: String
        public var attribution: String
        public var maxZoom: Int

        /// The `scheme://host[:port]` tiles come from, for the page's Content-Security-Policy.
        public var origin: String? {
            guard let schemeEnd = url.range(of: "://") else { return nil }
            let host = url[schemeEnd.upperBound...].prefix { $0 != "/" }
            return "\(url[..<schemeEnd.lowerBound])://\(host.replacingOccurrences(of: "{s}", with: "*"))"
        }
    }

    public enum Strategy: String, Sendable, CaseIterable {
        /// In order; the first that returns photos answers.
        case first
        /// All at once; photos interleaved by distance.
        case merge
    }

    /// A geographic bounding box, `[minLon, minLat, maxLon, maxLat]` as in GeoJSON.
    /// One entry of `providers`, in routing order, with the limits the router keeps for it
    /// (see `ConfiguredProvider`).
    public struct ProviderEntry: Sendable {
        /// A provider's `timeoutSeconds` when the config does not set one.
        public static let defaultTimeoutSeconds = 30.0

        public var name: String
        public var type: String
        public var enabled: Bool
        /// The longest a search page or lookup may take, retries included; nil: no limit.
        public var timeoutSeconds: Double?
        /// The most requests at once; nil: only `downloads.concurrency` bounds downloads.
        public var concurrency: Int?
        /// Searches and lookups in any sliding hour, across runs; nil: no limit.
        public var requestsPerHour: Int?
        public var coverage: GeoBox?
        public var options: ProviderOptions
        /// The entry as written (variables not expanded), for `config check`.
        public var written: JSONValue
    }

    public var source: Source
    /// The store folder named by the config, already resolved; nil for the default.
    public var storePath: String?
    public var album = Album()
    public var downloads = Downloads()
    public var strategy = Strategy.first
    public var providers: [ProviderEntry] = []
    /// `tourist serve`'s settings.
    public var serve = Serve()
    /// The online geocoder for landmarks and addresses (off unless the config turns it on).
    public var geocoder = Geocoder()
    /// The folder relative paths are resolved against.
    public var directory: String

    /// The configuration used when there is no config file: the bundled fixture provider alone.
    public static func builtIn(workingDirectory: String) -> TouristConfig {
        let entry = ProviderEntry(
            name: "demo", type: "fixture", enabled: true, timeoutSeconds: ProviderEntry.defaultTimeoutSeconds, concurrency: nil,
            requestsPerHour: nil, coverage: nil,
            options: ProviderOptions(file: Source.builtIn.displayName, path: "providers[0]", values: [:]),
            written: .object([("name", .string("demo")), ("type", .string("fixture"))])
        )
        return TouristConfig(source: .builtIn, storePath: nil, providers: [entry], directory: workingDirectory)
    }
}
