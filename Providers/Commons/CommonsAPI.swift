import Foundation
import Logging
import TouristCore

/// Calls the MediaWiki Action API of Wikimedia Commons (or a wiki at `endpoint`): every request is
/// `action=query&format=json&formatversion=2&maxlag=5`, sent with the User-Agent Wikimedia's policy
/// asks for, and followed through `continue` until the answer is whole.
///
/// A request Commons tells to wait (a `maxlag` error, a 429, any answer with Retry-After) is
/// repeated alone after that wait, by `retryPolicy` (the router's), as MediaWiki clients such as
/// pywikibot and mwclient do: one search page takes many requests, and repeating the page from its
/// first request whenever one of them is told to wait would never finish it under steady lag. Past
/// the policy's retries the answer is thrown as `rateLimited` with its wait. Nothing else is
/// retried here: the router retries a failed page.
struct CommonsAPI: Sendable {
    let endpoint: URL
    /// `tourist/VERSION (CONTACT)`: Wikimedia blocks generic library agents.
    let userAgent: String
    let http: HTTPClient
    let logger: Logger
    let providerName: String
    /// How often, and after what wait, a request told to wait is repeated.
    let retryPolicy: RetryPolicy

    /// Seconds of database lag past which the API should refuse rather than add load.
    static let maxlag = 5
    /// A query's answer comes in at most this many parts before it counts as a loop (imageinfo gives 50
    /// files per part, so this is far beyond any search tourist makes).
    static let maxParts = 100

    /// The pages of a query whose parameters are `parameters` (besides the fixed ones), merged over
    /// every continuation: one page per page id (or per title, for a page that does not exist), in
    /// the order first listed, with all its coordinates and its image info.
    func query(_ parameters: [(String, String)]) async throws -> [CommonsPage] {
        var merged = CommonsPageMerger()
        var continuation: [String: String] = [:]
        for _ in 0..<Self.maxParts {
            let response = try await send(parameters + continuation.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            merged.add(response.query?.pages ?? [])
            guard let next = response.continue, !next.isEmpty else { return merged.pages }
            guard next != continuation else {
                throw ProviderError.invalidResponse(
                    "Commons asked to continue a query with the same parameters again (\(next.keys.sorted().joined(separator: ", "))); its answer loops"
                )
            }
            continuation = next
        }
        throw ProviderError.invalidResponse("Commons' answer to one query did not end after \(Self.maxParts) continuations")
    }

    /// One request and its decoded answer, or the error the answer stands for; repeated alone while
    /// Commons tells it to wait (Retry-After) and `retryPolicy` allows.
    func send(_ parameters: [(String, String)]) async throws -> CommonsQueryResponse {
        let url = try requestURL(parameters)
        let log = RetryLog(logger, "\(providerName): API request")
        return try await retryPolicy.run(log: log, only: { $0.retryAfter != nil }) {
            logger.debug("\(providerName): \(url.absoluteString)")
            let response = try await ProviderError.overHTTP {
                try await http.data(HTTPRequest(url: url, acceptCompressed: true, userAgent: userAgent))
            }
            return try CommonsResponseDecoder.decode(response)
        }
    }

    /// The request URL: the endpoint (keeping any query it has), the fixed parameters, then
    /// `parameters`.
    func requestURL(_ parameters: [(String, String)]) throws -> URL {
        let fixed = [("action", "query"), ("format", "json"), ("formatversion", "2"), ("maxlag", String(Self.maxlag))]
        guard let url = QueryString.url(endpoint, adding: fixed + parameters) else {
            throw ProviderError.invalidConfiguration("the \(providerName) endpoint is not a URL")
        }
        return url
    }
}

/// Pages of the parts of one answer, merged: a page listed again adds the coordinates and image
/// info its later part carries.
struct CommonsPageMerger {
    private(set) var pages: [CommonsPage] = []
    private var positions: [String: Int] = [:]

    mutating func add(_ part: [CommonsPage]) {
        for page in part {
            let key = page.pageid.map { "#\($0)" } ?? page.title
            guard let position = positions[key] else {
                positions[key] = pages.count
                pages.append(page)
                continue
            }
            let known = pages[position]
            pages[position] = CommonsPage(
                pageid: known.pageid ?? page.pageid, ns: known.ns ?? page.ns, title: known.title,
                missing: known.missing ?? page.missing, invalid: known.invalid ?? page.invalid,
                coordinates: Self.joined(known.coordinates, page.coordinates), imageinfo: known.imageinfo ?? page.imageinfo
            )
        }
    }

    private static func joined<T>(_ first: [T]?, _ second: [T]?) -> [T]? {
        guard let first else { return second }
        guard let second else { return first }
        return first + second
    }
}
