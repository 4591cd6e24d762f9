import CCurl
import CurlShim
import Foundation

/// Turns a finished transfer into a response or a classified `HTTPError`.
///
/// Retryable (`unavailable`, `timedOut`, `rateLimited`): 408, 429 (with its Retry-After), 5xx,
/// resets, time-outs and stalls, truncated bodies; a name that does not resolve and a connection
/// refused are `unreachable` (retryable, but not at once: see `RetryPolicy`). Not retryable: other
/// 4xx (401 `unauthorized`; 403, 404, 410 `notFound`), refused schemes and redirects, TLS
/// verification failures, bodies over the size cap.
enum HTTPOutcome {
    static func classify(_ transfer: HTTPTransfer, code: CURLcode) -> Result<HTTPResponse, any Error> {
        let where_ = redacted(transfer.request.url)
        if let error = transfer.callbackError { return .failure(error) }
        guard code == CURLE_OK else {
            return .failure(
                transportError(code, detail: transfer.curlMessage, url: where_, host: hostAndPort(transfer.request.url) ?? where_))
        }
        let response = HTTPResponse(status: transfer.status, headers: transfer.headers, body: transfer.body, bodyBytes: transfer.bodyBytes)
        if transfer.anyStatus || (200..<300).contains(response.status) { return .success(response) }
        return .failure(statusError(response, url: where_))
    }

    /// The error for a non-2xx status.
    static func statusError(_ response: HTTPResponse, url: String) -> HTTPError {
        let status = response.status
        let retryAfter = response.headers["retry-after"].flatMap(retryAfterSeconds)
        let said = "\(url) answered HTTP \(status)"
        switch status {
        case 429:
            return .rateLimited(retryAfter: retryAfter, "\(said) (too many requests)")
        case 503 where retryAfter != nil:
            return .rateLimited(retryAfter: retryAfter, "\(said) (service unavailable)")
        case 408, 500...599:
            return .unavailable(said)
        case 401:
            return .unauthorized(said)
        case 403, 404, 410:
            return .notFound(said)
        case 300...399:
            return .invalidResponse("\(said) without a usable Location")
        default:
            return .invalidResponse(said)
        }
    }

    /// The error for a transport failure.
    static func transportError(_ code: CURLcode, detail: String, url: String, host: String) -> HTTPError {
        let reason = detail.isEmpty ? String(cString: tourist_curl_easy_strerror(Int32(code.rawValue))) : detail
        let message = "\(url): \(reason)"
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(message)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .unreachable(host: host, message, cause: .nameNotResolved)
        case CURLE_COULDNT_CONNECT:
            return .unreachable(host: host, message, cause: .couldNotConnect)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR,
            CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_SSL_CONNECT_ERROR, CURLE_READ_ERROR:
            return .unavailable(message)
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge("\(url): the response is larger than downloads.maxPhotoBytes")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidResponse("\(message) (only http and https are followed)")
        case CURLE_TOO_MANY_REDIRECTS:
            return .invalidResponse("\(message) (more than 5 redirects)")
        default:
            return .invalidResponse(message)
        }
    }

    /// The URL's host, with its port when the URL names one ("127.0.0.1:8080", "[::1]:8080"):
    /// what refused a connection is a port.
    static func hostAndPort(_ url: URL) -> String? {
        guard let host = url.host else { return nil }
        guard let port = url.port else { return host }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Seconds from a Retry-After header: delta-seconds or an HTTP date.
    static func retryAfterSeconds(_ value: String) -> Double? {
        if let seconds = Double(value.trimmingCharacters(in: .whitespaces)) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }

    /// The URL as messages show it: scheme, host, port and path, never the query (API keys travel there).
    static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "(unparsable URL)" }
        components.user = nil
        components.password = nil
        let hadQuery = components.query != nil
        components.query = nil
        components.fragment = nil
        return (components.string ?? "(unparsable URL)") + (hadQuery ? "?…" : "")
    }
}
