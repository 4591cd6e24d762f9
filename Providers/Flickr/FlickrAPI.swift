import Foundation
import Logging
import TouristCore

/// Calls Flickr's REST API: builds the request URL, spends one request of the hourly budget,
/// decodes the answer (also when wrapped as `jsonFlickrApi(…)`) and turns `stat: fail` into a
/// classified `ProviderError`. Never retries (the router and the album fetcher do), and never lets
/// the API key into a message or a log line.
struct FlickrAPI: Sendable {
    let endpoint: URL
    let apiKey: String
    let http: HTTPClient
    let budget: RequestBudget
    let providerName: String
    let logger: Logger

    /// Calls `method` with `parameters` and decodes the answer as `T`.
    func call<T: Decodable>(_ method: String, _ parameters: [(String, String)], as type: T.Type) async throws -> T {
        guard !apiKey.isEmpty else {
            throw ProviderError.unauthorized("no Flickr API key: set FLICKR_API_KEY or the \(providerName) provider's \"apiKey\" option (get a key at https://www.flickr.com/services/apps/create/)")
        }
        let url = try requestURL(method, parameters)
        try await budget.acquire(provider: providerName)
        logger.debug("\(providerName): \(method) \(HTTPClient.redacted(url))")
        let response = try await http.data(HTTPRequest(url: url, acceptCompressed: true))
        let body = Self.unwrappingJSONP(response.body)
        let decoder = JSONDecoder()
        guard let status = try? decoder.decode(FlickrStatus.self, from: body) else {
            throw ProviderError.unavailable("Flickr answered \(method) with something that is not its JSON (an HTML page?); it may be down for maintenance")
        }
        guard status.stat == "ok" else {
            throw error(code: status.code?.int, message: status.message ?? "no message", method: method)
        }
        do {
            return try decoder.decode(T.self, from: body)
        } catch {
            throw ProviderError.invalidResponse("Flickr's answer to \(method) is not what its API documents (\(Self.describe(error)))")
        }
    }

    /// The request URL: the method, the key, the parameters, and JSON without a callback.
    func requestURL(_ method: String, _ parameters: [(String, String)]) throws -> URL {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw ProviderError.invalidConfiguration("the \(providerName) endpoint is not a URL")
        }
        let items = [("method", method), ("api_key", apiKey)] + parameters + [("format", "json"), ("nojsoncallback", "1")]
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        // URLComponents leaves "+" as it is in a query, where servers read a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw ProviderError.invalidConfiguration("the \(providerName) endpoint is not a URL") }
        return url
    }

    /// Flickr's error codes, classified: 100 is a bad key; 105 (service unavailable), 0 and 201
    /// (undocumented, seen during outages) are transient; 1 from getSizes is a missing photo.
    func error(code: Int?, message: String, method: String) -> ProviderError {
        let said = "Flickr error \(code.map(String.init) ?? "?"): \(scrubbed(message))"
        switch code {
        case 100:
            return .unauthorized("Flickr refused the API key (\(said)). Set FLICKR_API_KEY or the \(providerName) provider's \"apiKey\" option to a valid key (https://www.flickr.com/services/api/keys/)")
        case 105, 0, 201:
            return .unavailable("\(said) (\(method)); Flickr says this is temporary")
        case 1 where method == "flickr.photos.getSizes":
            return .notFound(said)
        default:
            return .invalidResponse("\(said) (\(method))")
        }
    }

    /// `text` with the API key replaced, in case a service echoes it.
    func scrubbed(_ text: String) -> String {
        apiKey.isEmpty ? text : text.replacingOccurrences(of: apiKey, with: "********")
    }

    /// The JSON inside `jsonFlickrApi(…)`, or the body as it is.
    static func unwrappingJSONP(_ body: Data) -> Data {
        let prefix = Data("jsonFlickrApi(".utf8)
        var trimmed = body
        while let first = trimmed.first, first == 0x20 || first == 0x0A || first == 0x0D || first == 0x09 { trimmed.removeFirst() }
        guard trimmed.starts(with: prefix) else { return body }
        var inner = trimmed.dropFirst(prefix.count)
        while let last = inner.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 || last == 0x3B { inner.removeLast() }
        if inner.last == 0x29 { inner.removeLast() }
        return Data(inner)
    }

    /// A decoding error in a few words, without data from the body.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "undecodable" }
        switch error {
        case .keyNotFound(let key, let context): return "missing \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        @unknown default: return "undecodable"
        }
    }
}
