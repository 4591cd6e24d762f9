import Foundation
import HTTPTypes
import Hummingbird
import Testing
@testable import TouristServer

/// `RequestGuard` in front of every route: the `Host` check (DNS rebinding), the CSRF token and
/// same-origin rule for changes, the body size limit, the access token beyond loopback, and the
/// security headers on every answer, refusals included.
@Suite struct RequestGuardTests {
    @Test func loopbackIsTheAddressBoundNotHowItIsSpelled() {
        // Loopback addresses spelled otherwise than 127.x.y.z (before: an access token was asked).
        for host in ["127.0.0.1", "localhost", "[::1]", "::ffff:127.0.0.1", "127.1"] {
            #expect(ServerOptions(host: host).isLoopback, "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.0.2.7"] {
            #expect(!ServerOptions(host: host).isLoopback, "\(host)")
        }
    }

    @Test func theTokenLinkLeadsOnlyToThisServer() async throws {
        let harness = try RouteHarness(options: ServerOptions(host: "0.0.0.0"))
        let token = try #require(harness.routes.secrets.accessToken)
        try await harness.test { client in
            // `//host` and `/\\host` are other servers to a browser; the link stays on this one.
            for (path, location) in [("//evil.example", "/evil.example"), ("///evil.example/x", "/evil.example/x")] {
                let entry = try await client.get("\(path)?token=\(token)")
                #expect(entry.status == .seeOther && entry.headers[.location] == location, "\(path): \(entry.headers[.location] ?? "none")")
            }
        }
        #expect(RequestGuard<BasicRequestContext>.sameOriginPath("/\\evil.example") == "/evil.example")
    }

    @Test func onlyTheNamesOfThisServerAreAnswered() async throws {
        let harness = try RouteHarness()
        let sha256 = try #require(try await harness.filledPin().photos.first?.sha256)
        try await harness.test { client in
            for host in ["127.0.0.1:8421", "localhost:8421", "LOCALHOST:8421", "[::1]:8421"] {
                #expect(try await client.get("/api/pins", host: host).status == .ok, "\(host)")
            }
            // A page of another site whose name was pointed at 127.0.0.1 sends its own name.
            for host in ["attacker.example:8421", "attacker.example", "127.0.0.1", "127.0.0.1:1", "localhost:8422"] {
                for path in ["/api/pins", "/", "/app.js", "/blobs/\(sha256)"] {
                    let answer = try await client.get(path, host: host)
                    #expect(answer.status == .misdirectedRequest, "\(host) \(path)")
                    #expect(answer.error?.contains("not to \"\(host)\"") == true, "\(answer.text)")
                }
            }
            let anonymous = try await client.get("/api/pins", host: nil)
            #expect(anonymous.status == .misdirectedRequest && anonymous.error?.contains("no Host header") == true, "\(anonymous.text)")
        }
    }

    @Test func changesNeedTheCSRFTokenAndThePagesOrigin() async throws {
        let harness = try RouteHarness()
        let pin = try harness.addPin("Eiffel")
        let refusals: [(String, @Sendable (inout HTTPFields) -> Void)] = [
            ("no token", { $0[.touristCSRF] = nil }),
            ("an empty token", { $0[.touristCSRF] = "" }),
            ("a wrong token", { $0[.touristCSRF] = String(repeating: "a", count: 64) }),
            ("another origin", { $0[.origin] = "http://attacker.example" }),
            ("another port", { $0[.origin] = "http://127.0.0.1:9999" }),
            ("a cross-site fetch", { $0[.secFetchSite] = "cross-site" }),
            ("a same-site fetch", { $0[.secFetchSite] = "same-site" }),
        ]
        try await harness.test { client in
            for (what, change) in refusals {
                var headers: HTTPFields = [.contentType: "application/json", .origin: RouteClient.origin, .touristCSRF: client.csrf]
                change(&headers)
                for (method, path, body) in [
                    (HTTPTypes.HTTPRequest.Method.delete, "/api/pins/\(pin.id)", "{}"), (.post, "/api/pins/\(pin.id)/fetch", "{}"),
                    (.post, "/api/pins", #"{"latitude": 1, "longitude": 2}"#),
                    (.put, "/api/view", #"{"latitude": 1, "longitude": 2, "zoom": 3}"#),
                ] {
                    let answer = try await client.raw(method, path, headers: headers, body: ByteBuffer(string: body))
                    #expect(answer.status == .forbidden, "\(method) \(path) with \(what): \(answer.text)")
                    #expect(answer.headers[.contentSecurityPolicy] != nil)
                }
            }
            // Reading needs no token; a page's own fetches (same-origin, or typed in: none) may change.
            #expect(try await client.get("/api/pins").status == .ok)
            #expect(
                try await client.send(
                    .put, "/api/view", json: #"{"latitude": 1, "longitude": 2, "zoom": 3}"#, headers: [.secFetchSite: "same-origin"]
                ).status == .noContent)
            #expect(
                try await client.send(
                    .put, "/api/view", json: #"{"latitude": 1, "longitude": 2, "zoom": 3}"#, headers: [.secFetchSite: "none"]
                ).status == .noContent)
        }
        #expect(try harness.library.pins().map(\.id) == [pin.id])
        #expect(try harness.library.album(pin.id).pin.state == .new)
    }

    @Test func aBodyOverTheLimitIsRefused() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            let padding = String(repeating: " ", count: 64 << 10)
            let large = try await client.send(.post, "/api/pins", json: #"{"latitude": 1, "longitude": 2}"# + padding)
            #expect(large.status == .contentTooLarge, "\(large.text)")
            let withinLimit = try await client.send(.post, "/api/pins", json: #"{"latitude": 1, "longitude": 2}"# + padding.dropFirst(100))
            #expect(withinLimit.status == .created, "\(withinLimit.text)")
        }
        #expect(try harness.library.pins().count == 1)
    }

    @Test func beyondLoopbackEveryVisitorNeedsTheAccessToken() async throws {
        let harness = try RouteHarness(options: ServerOptions(host: "0.0.0.0"))
        let token = try #require(harness.routes.secrets.accessToken)
        #expect(token.count == 64)
        try await harness.test { client in
            // Listening on every address, any Host is answered; the token guards instead.
            for path in ["/", "/api/pins", "/app.js"] {
                let refused = try await client.get(path, host: "192.0.2.7:8421")
                #expect(refused.status == .unauthorized, "\(path)")
                #expect(refused.error?.contains("access token") == true)
            }
            #expect(try await client.get("/?token=\(String(repeating: "0", count: 64))").status == .unauthorized)
            // The printed link sets a cookie and leads on to the page without the token.
            let entry = try await client.get("/pins/x?token=\(token)")
            #expect(entry.status == .seeOther && entry.headers[.location] == "/pins/x")
            let cookie = try #require(entry.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
            let pair = String(cookie.prefix { $0 != ";" })
            #expect(pair == "tourist_token=\(token)")
            #expect(try await client.get("/api/pins", headers: [.cookie: pair]).status == .ok)
            #expect(try await client.get("/api/pins", headers: [.authorization: "Bearer \(token)"]).status == .ok)
            // The token with its last character changed (to another one whatever it was).
            let wrong = "\(token.dropLast())\(token.last == "0" ? "1" : "0")"
            #expect(try await client.get("/api/pins", headers: [.authorization: "Bearer \(wrong)"]).status == .unauthorized)
        }
    }

    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            for (path, host) in [
                ("/", RouteClient.host), ("/api/pins", RouteClient.host), ("/nothing", RouteClient.host), ("/api/pins", "attacker.example"),
            ] {
                let answer = try await client.get(path, host: host)
                #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(answer.headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] == "same-origin", "\(path)")
                #expect(answer.headers[.frameOptions] == "DENY" && answer.headers[.referrerPolicy] == "no-referrer", "\(path)")
                let policy = try #require(answer.headers[.contentSecurityPolicy])
                #expect(
                    policy.contains("script-src 'self';") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe"),
                    "\(policy)")
            }
        }
    }
}
