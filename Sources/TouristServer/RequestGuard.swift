import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Every request passes here first. It refuses:
/// - a `Host` header that does not name this server (DNS rebinding: a page on another site whose
///   name was pointed at 127.0.0.1 still sends its own name), with 421;
/// - when the server listens beyond loopback, a visitor without the access token, with 401 (the
///   printed `?token=` link sets a cookie, after which the pages work as usual);
/// - a POST, PUT or DELETE without the server's CSRF token in `X-Tourist-CSRF`, or sent from
///   another origin (`Origin`, `Sec-Fetch-Site`), with 403.
/// It turns an error a handler threw into the API's answer (`APIError`), without the store's
/// paths (`StorePathHiding`), and adds the security
/// headers: to every answer no sniffing and same-origin use only; to pages and API answers (not
/// photos, whose bytes are checked to be an image) a Content-Security-Policy without inline
/// scripts, no framing and no referrer.
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    let secrets: ServerSecrets
    /// The host names this server answers to, lowercased (`127.0.0.1`, `localhost`, `[::1]`).
    let allowedHosts: Set<String>
    /// The port it listens on, once bound.
    let port: BoundPort
    /// Whether any `Host` is accepted (listening on every address, where the access token guards).
    let anyHost: Bool
    let contentSecurityPolicy: String
    /// Takes the store's absolute paths out of error messages.
    let paths: StorePathHiding

    static var tokenCookie: String { "tourist_token" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if let refusal = refusal(of: request) {
            response = refusal
        } else {
            do {
                response = try await next(request, context)
            } catch let error as any HTTPResponseError {
                response = APIError.response(
                    error.status, error.status == .notFound ? "nothing here: \(request.uri.path)" : "\(error.status)")
            } catch {
                response = errorResponse(for: error)
            }
        }
        secure(&response)
        return response
    }

    /// The API's answer for an error an operation threw, without the store's paths.
    func errorResponse(for error: any Error) -> Response {
        APIError.response(APIError.status(for: .of(error)), paths.hiding(String(describing: error)))
    }

    /// Adds the security headers to `response`.
    func secure(_ response: inout Response) {
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.crossOriginResourcePolicy] = "same-origin"
        if response.headers[.contentType]?.hasPrefix("image/") != true {
            response.headers[.contentSecurityPolicy] = contentSecurityPolicy
            response.headers[.frameOptions] = "DENY"
            response.headers[.referrerPolicy] = "no-referrer"
        }
    }

    /// The answer that refuses `request` (wrong host, no access token, no CSRF token, another
    /// origin), or nil when it may go on.
    func refusal(of request: Request) -> Response? {
        let host = request.head.authority
        guard let host, anyHost || isAllowed(host) else {
            let names = allowedHosts.sorted().map { "\($0):\(port.value)" }.joined(separator: ", ")
            return APIError.response(
                .misdirectedRequest,
                "this server answers to \(names), not to \"\(host ?? "no Host header")\"; open the address tourist serve printed")
        }
        if let token = secrets.accessToken {
            if let given = request.uri.queryParameters.get("token"), ServerSecrets.matches(given, token) {
                // The printed link: keep the token in a cookie, and go on to the page without it.
                var response = Response(status: .seeOther, headers: [.location: Self.sameOriginPath(request.uri.path)])
                response.setCookie(
                    Cookie(name: Self.tokenCookie, value: token, path: "/", secure: false, httpOnly: true, sameSite: .strict))
                return response
            }
            let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
            guard ServerSecrets.matches(request.cookies[Self.tokenCookie]?.value ?? bearer, token) else {
                return APIError.response(
                    .unauthorized, "this server needs its access token: open the link with ?token= that tourist serve printed")
            }
        }
        if request.method != .get, request.method != .head, request.method != .options {
            if let origin = request.headers[.origin], origin != "http://\(host)" {
                return APIError.response(.forbidden, "requests from \(origin) are refused; use the page this server serves")
            }
            if let site = request.headers[.secFetchSite], site != "same-origin", site != "none" {
                return APIError.response(.forbidden, "cross-site requests (\(site)) are refused; use the page this server serves")
            }
            guard ServerSecrets.matches(request.headers[.touristCSRF], secrets.csrfToken) else {
                return APIError.response(.forbidden, "the request lacks this server's CSRF token (X-Tourist-CSRF); reload the page")
            }
        }
        return nil
    }
}

extension RequestGuard {
    /// `path` as a redirect target that stays on this server: `//host/…` and `/\\host/…` name
    /// another server (a browser reads both as such), so leading slashes and backslashes become one.
    static func sameOriginPath(_ path: String) -> String {
        "/" + path.drop { $0 == "/" || $0 == "\\" }
    }

    /// Whether `host` (`name:port`) names this server.
    func isAllowed(_ host: String) -> Bool {
        port.authorities.contains(host) || HostHeader.names(host, port: port.value, among: allowedHosts)
    }
}

/// The port the server listens on, known once it is bound (`--port 0` picks one), and the
/// `Host` values that name it as browsers write them (`127.0.0.1:PORT`), for an exact match first.
final class BoundPort: Sendable {
    private let state: Mutex<(port: Int, authorities: Set<String>)>
    private let names: Set<String>

    init(_ port: Int, names: Set<String>) {
        self.names = names
        state = Mutex((port, Self.authorities(names, port)))
    }

    var value: Int { state.withLock { $0.port } }

    var authorities: Set<String> { state.withLock { $0.authorities } }

    func set(_ port: Int) {
        state.withLock { $0 = (port, Self.authorities(names, port)) }
    }

    private static func authorities(_ names: Set<String>, _ port: Int) -> Set<String> {
        Set(names.map { "\($0):\(port)" })
    }
}

extension HTTPField.Name {
    static let touristCSRF = Self("X-Tourist-CSRF")!
    static let frameOptions = Self("X-Frame-Options")!
    static let secFetchSite = Self("Sec-Fetch-Site")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let crossOriginResourcePolicy = Self("Cross-Origin-Resource-Policy")!
}
