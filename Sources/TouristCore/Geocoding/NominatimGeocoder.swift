import Foundation
import Logging

/// Looks places up with Nominatim's search API (`/search?q=…&format=jsonv2&limit=10`), keeping
/// the usage policy of OpenStreetMap's server (https://operations.osmfoundation.org/policies/nominatim/):
///
/// - at most one request a second, one at a time, across every tourist process using the store
///   (`RequestSpacing`, in `<state>/geocoder.nominatim/`);
/// - a User-Agent naming tourist, its version and the user's contact: `tourist/0.1.0 (you@…)`;
/// - every answer kept in the store (`GeocoderCache`): a name is asked once, and the same name
///   again, by any process, makes no request;
/// - no bulk use: only a person's own lookups come here (`pin add`, `search`); `pin import` never
///   does (see `PinCSV`).
///
/// Failures come back as `GeocoderError`s naming the host: unreachable (offline), slow, refused,
/// misconfigured. Failures the server answered for now (a 5xx, a 429 with a short Retry-After, a
/// reset) are tried again by `retryPolicy` (at most twice), each attempt taking its own turn.
public final class NominatimGeocoder: Geocoder {
    /// The credit OpenStreetMap's licence (ODbL) asks for beside its data.
    public static let attribution = "© OpenStreetMap contributors"
    public static let attributionURL = "https://www.openstreetmap.org/copyright"
    /// How many places one request asks for (Nominatim's default); `candidates` lists at most these.
    public static let resultLimit = 10
    /// The largest answer read.
    static let maxAnswerBytes = 2 << 20

    public let settings: TouristConfig.Geocoder
    /// The search address: the configured URL with `/search`.
    public let endpoint: URL
    let cache: GeocoderCache
    let spacing: RequestSpacing
    private let http: HTTPClient
    private let logger: Logger
    private let retryPolicy: RetryPolicy

    /// A geocoder for `settings`, keeping its answers and request times in `folder` (see
    /// `PlaceFinder.geocoderFolder`). `settings` must be on (`isOn`: enabled, with a contact).
    public init(
        settings: TouristConfig.Geocoder, folder: String, logger: Logger = Logger(label: "tourist"),
        retryPolicy: RetryPolicy = RetryPolicy(retries: 2)
    ) throws(GeocoderError) {
        guard let contact = settings.contact, settings.enabled else {
            throw GeocoderError.misconfigured(
                "the geocoder is off: set \"enabled\": true and your \"contact\" in the config's \"geocoder\"")
        }
        guard let endpoint = Self.searchURL(settings.url) else {
            throw GeocoderError.misconfigured("geocoder.url \"\(settings.url)\" is not an http or https address")
        }
        self.settings = settings
        self.endpoint = endpoint
        cache = GeocoderCache(folder: folder + "/cache")
        spacing = RequestSpacing(folder: folder, lockTimeout: max(60, 3 * settings.timeoutSeconds))
        let timeout = settings.timeoutSeconds
        http = HTTPClient(
            configuration: HTTPClient.Configuration(
                userAgent: Self.userAgent(contact: contact), connectTimeout: min(10, timeout), totalTimeout: timeout,
                stallTimeout: min(15, timeout)
            ))
        self.logger = logger
        var policy = retryPolicy
        policy.retries = min(policy.retries, 2)
        policy.maxDelay = min(policy.maxDelay, 10)
        self.retryPolicy = policy
    }

    /// `tourist/VERSION (CONTACT)`, as Nominatim's policy asks.
    public static func userAgent(contact: String) -> String {
        "tourist/\(TouristVersion.current) (\(contact))"
    }

    /// `url` with `/search` added (unless its path ends so already); nil for what is not an
    /// http(s) address with a host.
    static func searchURL(_ url: String) -> URL? {
        guard var components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            components.host?.isEmpty == false
        else { return nil }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        if !path.hasSuffix("/search") { path += "/search" }
        components.path = path
        components.query = nil
        components.fragment = nil
        return components.url
    }

    public var serviceName: String { "Nominatim at \(settings.host)" }
    public var attribution: String { Self.attribution }

    /// The places `text` names, best first, from the store when it was asked before, else from one
    /// request (retried when the server failed for now). Asking is serialized and spaced with every
    /// other tourist process's; a process that waited for its turn looks in the store again first.
    public func search(_ text: String) async throws -> [GeocodedPlace] {
        let query = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let address = endpoint.absoluteString
        if let kept = cache.places(endpoint: address, language: settings.language, query: query) {
            logger.debug("geocoder: \"\(query)\" from the store")
            return kept
        }
        do {
            // A time-out is not asked again: the user has waited long enough; a failure the server
            // answered (a 5xx, a 429 with a short Retry-After, a reset) is.
            return try await retryPolicy.run(log: RetryLog(logger, "geocoder: \(serviceName)"), only: { !$0.isTimedOut }) {
                let turn = try await spacing.turn(what: "the geocoder (\(serviceName))")
                defer { turn.release() }
                if let kept = cache.places(endpoint: address, language: settings.language, query: query) { return kept }
                let places = try await turn.request { try await ask(query) }
                do {
                    try cache.keep(places, endpoint: address, language: settings.language, query: query)
                } catch {
                    logger.warning("geocoder: the answer for \"\(query)\" could not be kept in the store: \(error)")
                }
                return places
            }
        } catch let error as HTTPError {
            throw describe(error, query: query)
        }
    }

    /// The request URL for `query`.
    func requestURL(_ query: String) -> URL? {
        var parameters = [("q", query), ("format", "jsonv2"), ("limit", String(Self.resultLimit))]
        if let language = settings.language { parameters.append(("accept-language", language)) }
        return QueryString.url(endpoint, adding: parameters)
    }

    /// One request and its places; a status to retry is thrown as an `HTTPError` (for
    /// `retryPolicy`), one not to retry as a `GeocoderError`.
    private func ask(_ query: String) async throws -> [GeocodedPlace] {
        let asked = "cannot look \"\(query)\" up online"
        guard let url = requestURL(query) else { throw GeocoderError.misconfigured("geocoder.url \"\(settings.url)\" cannot take a query") }
        logger.debug("geocoder: GET \(url.absoluteString)")
        let response = try await http.exchange(HTTPRequest(url: url, acceptCompressed: true), maxBytes: Self.maxAnswerBytes)
        let host = settings.host
        switch response.status {
        case 200..<300:
            switch NominatimResults.read(response.body) {
            case .places(let places): return places
            case .error(let message):
                throw GeocoderError.invalidResponse("\(asked): the geocoder at \(host) answered with an error: \(message)")
            case nil:
                throw GeocoderError.invalidResponse(
                    "\(asked): the geocoder at \(host) answered something other than Nominatim's search results; check geocoder.url (such as \(TouristConfig.Geocoder.defaultURL))"
                )
            }
        case 408, 429, 500...599:
            throw HTTPOutcome.statusError(response, url: HTTPOutcome.redacted(url))
        case 403:
            throw GeocoderError.refused(
                "\(asked): the geocoder at \(host) refused the lookup (HTTP 403); Nominatim blocks clients that break its usage policy (\(TouristConfig.Geocoder.policyURL)). Check geocoder.contact, wait a while, or give the place's coordinates instead, as LAT LON"
            )
        case 400:
            let said =
                NominatimResults.read(response.body).flatMap { if case .error(let message) = $0 { ": \(message)" } else { nil } } ?? ""
            throw GeocoderError.invalidResponse("\(asked): the geocoder at \(host) refused the query (HTTP 400\(said))")
        default:
            throw GeocoderError.misconfigured(
                "\(asked): the geocoder at \(host) has no Nominatim search at \(HTTPOutcome.redacted(endpoint)) (HTTP \(response.status)); check geocoder.url (such as \(TouristConfig.Geocoder.defaultURL))"
            )
        }
    }

    /// A failure to get an answer, in the geocoder's words: what was asked, the host, whether the
    /// machine seems offline, and coordinates as the way on.
    func describe(_ error: HTTPError, query: String) -> GeocoderError {
        let host = settings.host
        let asked = "cannot look \"\(query)\" up online"
        let instead = "give the place's coordinates instead, as LAT LON in decimal degrees, as a map shows them"
        if let cause = error.unreachableCause {
            let why =
                switch cause {
                case .nameNotResolved:
                    "the geocoder's host \(host) could not be resolved: you seem to be offline (or geocoder.url is mistyped)"
                case .couldNotConnect: "the geocoder's host \(host) is unreachable: you seem to be offline, or it is down"
                }
            return .unreachable("\(asked): \(why). Try again when online, or \(instead)")
        }
        if let wait = error.retryAfter {
            return .temporary(
                "\(asked): the geocoder at \(host) asks tourist to wait \(Int(wait.rounded(.up))) s; try again then, or \(instead)")
        }
        if error.isTimedOut {
            return .temporary(
                "\(asked): the geocoder at \(host) did not answer within \(JSONValue.number(settings.timeoutSeconds).rendered()) s (geocoder.timeoutSeconds); try again later, or \(instead)"
            )
        }
        if error.isRateLimited {
            return .temporary(
                "\(asked): the geocoder at \(host) asks tourist to slow down (HTTP 429); try again in a minute, or \(instead)")
        }
        if error.isTooLarge {
            return .invalidResponse(
                "\(asked): the geocoder at \(host) answered more than \(Self.maxAnswerBytes >> 20) MiB, which no search result is; check geocoder.url (such as \(TouristConfig.Geocoder.defaultURL))"
            )
        }
        if error.isRetryable {
            return .temporary("\(asked): the geocoder at \(host) cannot answer now (\(error.message)); try again later, or \(instead)")
        }
        return .invalidResponse("\(asked): the geocoder at \(host) could not be asked (\(error.message))")
    }
}
