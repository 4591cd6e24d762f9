import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import TouristServer

/// Requests to the app as a browser on its page sends them: to `Host: 127.0.0.1:8421` (the port
/// `ServerOptions` names by default; nothing listens on it here), and state changes with a JSON
/// body, the page's CSRF token and its origin.
struct RouteClient: Sendable {
    let client: any TestClientProtocol
    /// The CSRF token the page carries.
    let csrf: String

    static let host = "127.0.0.1:\(ServerOptions.defaultPort)"
    static let origin = "http://\(host)"

    /// `GET uri` (or `method`), with `headers` and nothing else but `Host: host` (none when nil).
    func get(_ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], host: String? = RouteClient.host) async throws
        -> TestResponse
    {
        try await raw(method, uri, headers: headers, host: host)
    }

    /// A state-changing request as the page sends it: `json` as its body, the CSRF token, same
    /// origin. `headers` replace any of those.
    func send(_ method: HTTPRequest.Method, _ uri: String, json: String = "{}", headers: HTTPFields = [:]) async throws -> TestResponse {
        var all: HTTPFields = [.contentType: "application/json", .origin: Self.origin, .touristCSRF: csrf]
        for field in headers { all[field.name] = field.value }
        return try await raw(method, uri, headers: all, body: ByteBuffer(string: json))
    }

    /// Exactly the request given, with `Host: host` unless nil.
    func raw(
        _ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: ByteBuffer? = nil, host: String? = RouteClient.host
    ) async throws -> TestResponse {
        var headers = headers
        if let host { headers[.hostHeader] = host }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] else {
            throw RouteTestFailure("not a JSON object: \(text)")
        }
        return object
    }

    /// The message of an API error (`{"error": "…"}`).
    var error: String? { (try? object())?["error"] as? String }
}
