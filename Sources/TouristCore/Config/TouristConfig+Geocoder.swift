import Foundation

extension TouristConfig {
    /// `geocoder`: the online geocoder that finds landmarks and addresses ("Eiffel Tower", "10
    /// Downing Street") the offline gazetteer does not hold: OpenStreetMap's Nominatim, or another
    /// server that speaks its search API.
    ///
    /// Off unless the config turns it on: with no `geocoder` key, or `"enabled": false`, no place
    /// name ever leaves the machine. On, it needs `contact` (an e-mail address or a web page), which
    /// Nominatim's usage policy asks for in the User-Agent; the loader refuses it without one.
    public struct Geocoder: Sendable, Equatable {
        /// The geocoders tourist speaks to.
        public enum Kind: String, Sendable, CaseIterable {
            /// Nominatim's `/search` API, `format=jsonv2`.
            case nominatim
        }

        /// OpenStreetMap's own Nominatim server.
        public static let defaultURL = "https://nominatim.openstreetmap.org"
        public static let defaultTimeoutSeconds = 10.0
        /// Where Nominatim's usage policy is, for messages.
        public static let policyURL = "https://operations.osmfoundation.org/policies/nominatim/"

        public var type = Kind.nominatim
        /// Whether lookups go online; true when the config has a `geocoder` that does not say
        /// otherwise, false with no `geocoder` at all.
        public var enabled = false
        /// The server's address (`/search` is added unless it ends so).
        public var url = Self.defaultURL
        /// Where the server's operators can reach the user (an e-mail address or a web page), sent
        /// in the User-Agent: `tourist/0.1.0 (you@example.org)`. Required when enabled.
        public var contact: String?
        /// The languages results are named in (Nominatim's `accept-language`, such as "en" or
        /// "de,en"); nil: each place's local name ("Tour Eiffel").
        public var language: String?
        /// The longest one lookup may take, its connection included.
        public var timeoutSeconds = Self.defaultTimeoutSeconds
        /// Why the geocoder cannot be asked although the config names it (its `contact` fails its
        /// check, or is missing while on): what a lookup online, and `config check`, report.
        public var problem: ConfigError?

        public init() {}

        /// Whether place names the gazetteer does not know are looked up online.
        public var isOn: Bool { enabled && contact != nil && problem == nil }

        /// The error a lookup online meets: the geocoder is on, but its config fails its check.
        public var refusal: ConfigError? { enabled ? problem : nil }

        /// The server's host (and port, when the URL names one), as messages name it.
        public var host: String {
            guard let components = URLComponents(string: url), let host = components.host else { return url }
            return components.port.map { "\(host):\($0)" } ?? host
        }

        /// One line on what the geocoder does with this config, for `config check`: where lookups go
        /// and how they are kept in check, or that it is off and how to turn it on. `cacheFolder`
        /// is where answers are kept (`PlaceFinder.geocoderFolder`).
        public func summary(cacheFolder: String) -> String {
            guard isOn else {
                return "Online geocoder: off; landmarks and addresses (\"Eiffel Tower\") are not found by name. "
                    + "To look them up on OpenStreetMap, set \"enabled\": true and your \"contact\" in \"geocoder\" (docs/places.md, \"Landmarks and addresses\")."
            }
            return "Online geocoder: on; names the gazetteer does not know are looked up at \(url) as "
                + "\(NominatimGeocoder.userAgent(contact: contact ?? "")), at most one request a second, answers kept in \(cacheFolder)."
        }
    }
}
