import Foundation
import TouristCore

/// Builds `type: "flickr"` providers.
public struct FlickrProviderFactory: ProviderFactory {
    public init() {}

    public let type = "flickr"
    public let summary = "Geotagged photos from Flickr (flickr.photos.search), or a Flickr-compatible service at \"endpoint\"."
    public let options: [ProviderOption] = [
        ProviderOption("apiKey", .string, help: "Flickr API key; never printed, logged or stored", default: "${FLICKR_API_KEY}", secret: true),
        ProviderOption("endpoint", .string, help: "REST endpoint (http or https)", default: "https://api.flickr.com/services/rest/"),
        ProviderOption("perPage", .integer(1...250), help: "Photos per search page (Flickr's geo maximum is 250)", default: "250"),
        ProviderOption("requestsPerHour", .integer(1...100_000), help: "API calls allowed per hour, across runs (Flickr's limit is 3600 per key)", default: "3600"),
        ProviderOption("safeSearch", .string, help: "safe, moderate or restricted", default: "safe"),
        ProviderOption("minUploadDate", .string, help: "Oldest upload date searched, YYYY-MM-DD (Flickr needs one for geo searches)", default: "2004-01-01"),
    ]

    static let safeSearchLevels = ["safe": 1, "moderate": 2, "restricted": 3]

    public func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        let endpointText = options.string("endpoint") ?? "https://api.flickr.com/services/rest/"
        guard let endpoint = URL(string: endpointText), let scheme = endpoint.scheme?.lowercased(), ["http", "https"].contains(scheme), endpoint.host != nil else {
            throw options.error("endpoint", "\"\(endpointText)\" is not an http or https URL", fix: "Use Flickr's https://api.flickr.com/services/rest/ or the URL of a Flickr-compatible service.")
        }
        var settings = FlickrProvider.Settings()
        settings.perPage = options.integer("perPage") ?? settings.perPage
        if let level = options.string("safeSearch") {
            guard let value = Self.safeSearchLevels[level] else {
                throw options.error("safeSearch", "\"\(level)\" is not a safe-search level", fix: "Use safe, moderate or restricted.")
            }
            settings.safeSearch = value
        }
        if let date = options.string("minUploadDate") {
            guard FlickrProvider.parseDateTaken(date + " 00:00:00") != nil, date.count == 10 else {
                throw options.error("minUploadDate", "\"\(date)\" is not a date", fix: "Write it as YYYY-MM-DD, such as 2004-01-01.")
            }
            settings.minUploadDate = date
        }
        settings.albumSize = context.albumSize
        settings.maxPhotoBytes = context.maxPhotoBytes
        let api = FlickrAPI(
            endpoint: endpoint, apiKey: options.string("apiKey") ?? context.environment["FLICKR_API_KEY"] ?? "", http: context.http,
            budget: RequestBudget(directory: context.stateDirectory, perHour: options.integer("requestsPerHour") ?? 3600),
            providerName: name, logger: context.logger
        )
        return try FlickrProvider(name: name, api: api, settings: settings)
    }
}
