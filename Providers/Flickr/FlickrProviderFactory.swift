import Foundation
import TouristCore

/// Builds `type: "flickr"` providers and describes their options.
///
/// A missing or empty API key does not fail construction (so `providers` and `config check` work
/// without one); the provider's searches and fetches then fail as `unauthorized` without sending
/// anything.
public struct FlickrProviderFactory: ProviderFactory {
    public init() {}

    public let type = "flickr"
    public let summary =
        "Geotagged photos from Flickr (flickr.photos.search), or a Flickr-compatible service at \"endpoint\"; needs an API key."
    public let displayName: String? = "Flickr"
    public let options: [ProviderOption] = [
        ProviderOption(
            "apiKey", .string, help: "Flickr API key (FLICKR_API_KEY when absent); never printed, logged or stored",
            default: "${FLICKR_API_KEY}", secret: true),
        ProviderOption("endpoint", .string, help: "REST endpoint (http or https)", default: FlickrProviderFactory.defaultEndpoint),
        ProviderOption(
            "perPage", .integer(1...FlickrPaging.maxPerPage),
            help: "Photos per search page (Flickr's geo maximum is \(FlickrPaging.maxPerPage))",
            default: String(FlickrPaging.maxPerPage)
        ),
        ProviderOption("safeSearch", .string, help: "safe, moderate or restricted", default: "safe"),
        ProviderOption(
            "minUploadDate", .string, help: "Oldest upload date searched, YYYY-MM-DD (Flickr needs one for geo searches)",
            default: "2004-01-01"),
    ]

    /// Flickr allows 3600 API calls per hour per key; the router keeps the budget.
    public let defaultRequestsPerHour: Int? = 3600

    static let defaultEndpoint = "https://api.flickr.com/services/rest/"
    static let safeSearchLevels = ["safe": 1, "moderate": 2, "restricted": 3]

    public func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        let endpointText = options.string("endpoint") ?? Self.defaultEndpoint
        let fix = "Use Flickr's \(Self.defaultEndpoint) or the URL of a Flickr-compatible service."
        guard let endpoint = URL(string: endpointText), let scheme = endpoint.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw options.error("endpoint", "\"\(endpointText)\" is not an http or https URL", fix: fix)
        }
        guard FlickrCandidates.isWeb(endpoint) else {
            throw options.error("endpoint", "\"\(endpointText)\" names no host", fix: fix)
        }
        var settings = FlickrProvider.Settings()
        settings.perPage = options.integer("perPage") ?? settings.perPage
        if let level = options.string("safeSearch") {
            guard let value = Self.safeSearchLevels[level.lowercased()] else {
                throw options.error("safeSearch", "\"\(level)\" is not a safe-search level", fix: "Use safe, moderate or restricted.")
            }
            settings.safeSearch = value
        }
        if let date = options.string("minUploadDate") {
            guard FlickrCandidates.parseDateTaken(date + " 00:00:00") != nil else {
                let shaped =
                    date.utf8.count == 10
                    && date.enumerated().allSatisfy {
                        [4, 7].contains($0.offset) ? $0.element == "-" : $0.element.isASCII && $0.element.isNumber
                    }
                let problem =
                    shaped ? "\"\(date)\" is not a day of the calendar from 1800 on" : "\"\(date)\" is not a date written YYYY-MM-DD"
                throw options.error("minUploadDate", problem, fix: "Write a date such as 2004-01-01 (Flickr opened in 2004).")
            }
            settings.minUploadDate = date
        }
        settings.albumSize = context.albumSize
        settings.maxPhotoBytes = context.maxPhotoBytes
        let key = (options.string("apiKey") ?? context.environment["FLICKR_API_KEY"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        // With a key, every search and fetch goes over HTTP: libcurl loads while the command does its other work.
        if !key.isEmpty { context.http.prepare() }
        let api = FlickrAPI(endpoint: endpoint, apiKey: key, http: context.http, providerName: name, logger: context.logger)
        return try FlickrProvider(name: name, api: api, settings: settings)
    }
}
