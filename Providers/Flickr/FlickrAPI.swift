import Foundation
import Logging
import TouristCore

/// Calls Flickr's REST API: builds the request URL and hands the answer to `FlickrResponseDecoder`.
/// Never retries or rate-limits (the router does, and keeps the `requestsPerHour` budget), and never
/// lets the API key into a message or a log line: logs show URLs without their query.
struct FlickrAPI: Sendable {
    let endpoint: URL
    let apiKey: String
    let http: HTTPClient
    let providerName: String
    let logger: Logger

    /// What a call without a key throws, before anything is sent.
    static let missingKey = ProviderError.missingCredentials(
        "no Flickr API key: set FLICKR_API_KEY or the provider's \"apiKey\" option (get a key at https://www.flickr.com/services/apps/create/)"
    )

    var decoder: FlickrResponseDecoder { FlickrResponseDecoder(apiKey: apiKey, providerName: providerName) }

    /// Calls `method` with `parameters` and decodes the answer as `T`.
    func call<T: Decodable>(_ method: String, _ parameters: [(String, String)], as type: T.Type) async throws -> T {
        guard !apiKey.isEmpty else { throw Self.missingKey }
        let url = try requestURL(method, parameters)
        logger.debug("\(providerName): \(method) \(HTTPClient.redacted(url))")
        let response = try await ProviderError.overHTTP { try await http.data(HTTPRequest(url: url, acceptCompressed: true)) }
        return try decoder.decode(response.body, method: method, as: T.self)
    }

    /// The request URL: the endpoint (keeping any query it has), the method, the key, the
    /// parameters, and JSON without a callback. Values are percent-encoded but for RFC 3986's
    /// unreserved characters, so "+", "&", "=" and "," reach Flickr as they were meant.
    func requestURL(_ method: String, _ parameters: [(String, String)]) throws -> URL {
        let items = [("method", method), ("api_key", apiKey)] + parameters + [("format", "json"), ("nojsoncallback", "1")]
        guard let url = QueryString.url(endpoint, adding: items) else {
            throw ProviderError.invalidConfiguration("the \(providerName) endpoint is not a URL")
        }
        return url
    }
}
