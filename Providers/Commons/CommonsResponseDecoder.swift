import Foundation
import TouristCore

/// Reads one answer of the Commons API: an HTML page (an error or maintenance page), a body that is
/// not JSON or is cut short, and an `error` object each become a `ProviderError` naming Commons,
/// classified for retry.
enum CommonsResponseDecoder {
    static func decode(_ response: HTTPResponse) throws -> CommonsQueryResponse {
        try decode(body: response.body, headers: response.headers)
    }

    /// An answer's `body` with its `headers` (names lowercased), decoded or classified.
    static func decode(body: Data, headers: [String: String]) throws -> CommonsQueryResponse {
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "<") {
            throw ProviderError.unavailable("Commons answered with an HTML page, not JSON (an error or maintenance page?); try again later")
        }
        let decoded: CommonsQueryResponse
        do {
            decoded = try JSONDecoder().decode(CommonsQueryResponse.self, from: body)
        } catch {
            if (try? JSONSerialization.jsonObject(with: body)) == nil {
                throw ProviderError.invalidResponse(
                    "Commons answered with JSON that is cut short or not JSON at all (\(body.count) bytes); try again later")
            }
            throw ProviderError.invalidResponse(
                "Commons' answer is not what the API documents for formatversion=2 (\(DecodingSummary.describe(error))); is \"endpoint\" a MediaWiki api.php?"
            )
        }
        if let error = decoded.error {
            throw Self.error(error, retryAfter: headers["retry-after"].flatMap(Double.init))
        }
        if let code = headers["mediawiki-api-error"], !code.isEmpty {
            throw Self.error(.init(code: code, info: nil, lag: nil), retryAfter: headers["retry-after"].flatMap(Double.init))
        }
        return decoded
    }

    /// The API's error codes, classified: `maxlag` and `ratelimited` ask to come back later (after
    /// Retry-After, or the lag); `readonly` and internal errors are temporary; any other code means
    /// the request itself was refused, which retrying does not change.
    /// The longest wait a `maxlag` answer is taken at, in seconds: a day.
    static let longestWait: Double = 86_400

    static func error(_ error: CommonsQueryResponse.APIError, retryAfter: Double?) -> ProviderError {
        let info = oneLine(error.info ?? "no details")
        switch error.code {
        case "maxlag":
            // The lag is the server's word: a value that is no number of seconds, or past a day, is
            // not taken as it is (found by the commons-answer fuzz door).
            let asked = retryAfter ?? error.lag ?? 5
            let wait = asked.isFinite ? min(max(asked, 0), Self.longestWait) : 5
            return .rateLimited(retryAfter: wait, "Commons is busy (maxlag: \(info)); it asks to try again in \(Int(wait.rounded())) s")
        case "ratelimited":
            return .rateLimited(
                retryAfter: retryAfter,
                "Commons limits this client's requests (ratelimited: \(info)); wait a while or lower the provider's \"concurrency\"")
        case "readonly":
            return .unavailable("Commons is read-only for maintenance (\(info)); try again later")
        case let code where code.hasPrefix("internal_api_error"):
            return .unavailable("Commons failed inside (\(code): \(info)); try again later")
        default:
            return .invalidResponse("Commons refused the request with error \"\(oneLine(error.code))\": \(info)")
        }
    }

    /// `text` on one line, shortened to 200 characters.
    static func oneLine(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > 200 ? String(words.prefix(199)) + "…" : words
    }
}
