import TestSupport
import BrowserSupport
import Foundation
import LoopbackHTTP
import Testing

/// RawHTTP against the repository's LoopbackServer (which always sends Content-Length).
struct RawHTTPLoopbackTests {
    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    @Test func readsABinaryBodyByContentLength() async throws {
        let body = Self.pattern(300_000)
        let server = try LoopbackServer { _ in
            .response(status: 200, headers: [("Content-Type", "application/octet-stream"), ("X-Thing", "one")], body: body)
        }
        defer { server.stop() }
        let response = try await RawHTTP.request(url: server.url("/blob?size=big&x=%20"))
        #expect(response.status == 200 && response.reason == "OK" && response.version == "HTTP/1.1")
        #expect(response.body == body)
        #expect(response.header("content-type") == "application/octet-stream")
        #expect(response.header("X-THING") == "one" && response.header("missing") == nil)
        #expect(response.header("Content-Length") == "300000")

        let request = try #require(server.requests.first)
        #expect(request.method == "GET" && request.path == "/blob" && request.rawQuery == "size=big&x=%20")
        #expect(request.headers["host"] == "127.0.0.1:\(server.port)", "the default Host is the URL's authority")
        #expect(request.headers["connection"] == "close")
        #expect(request.headers["content-length"] == nil, "no body, no Content-Length")
    }

    @Test func sendsTheCallersHostOriginAndOtherHeadersAsGiven() async throws {
        let server = try LoopbackServer { _ in .text("ok") }
        defer { server.stop() }
        let response = try await RawHTTP.request(
            method: "POST", url: server.url("/api/pins"),
            headers: [
                ("Host", "evil.example:80"), ("Origin", "http://evil.example"), ("Range", "bytes=0-9"), ("Connection", "keep-alive"),
            ],
            body: Array("{\"a\":1}".utf8)
        )
        #expect(response.status == 200 && response.text == "ok")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["host"] == "evil.example:80")
        #expect(request.headers["origin"] == "http://evil.example")
        #expect(request.headers["range"] == "bytes=0-9")
        #expect(request.headers["connection"] == "keep-alive", "a caller's Connection header replaces the default")
        #expect(request.headers["content-length"] == "7")
    }

    @Test func headResponsesHaveNoBodyWhateverTheirLength() async throws {
        let server = try LoopbackServer { _ in .response(status: 200, body: Self.pattern(5000)) }
        defer { server.stop() }
        let response = try await RawHTTP.request(method: "HEAD", url: server.url("/photo.jpg"), timeout: 60)
        #expect(response.status == 200 && response.header("Content-Length") == "5000" && response.body.isEmpty)
    }

    @Test func anErrorStatusIsAResponseWithItsJSON() async throws {
        let server = try LoopbackServer { _ in .json(#"{"error":"forbidden","detail":[1,2]}"#, status: 403) }
        defer { server.stop() }
        let response = try await RawHTTP.request(url: server.url("/api/x"))
        #expect(response.status == 403 && response.reason == "Forbidden")
        let object = try #require(try response.json() as? [String: Any])
        #expect(object["error"] as? String == "forbidden" && object["detail"] as? [Int] == [1, 2])
    }

    @Test func redirectsAreNotFollowed() async throws {
        let server = try LoopbackServer { _ in .redirect(to: "/elsewhere", status: 303) }
        defer { server.stop() }
        let response = try await RawHTTP.request(url: server.url("/"))
        #expect(response.status == 303 && response.header("Location") == "/elsewhere")
        #expect(server.requests.count == 1)
    }

    @Test func aTruncatedBodyIsAnError() async throws {
        let server = try LoopbackServer { _ in .truncated(status: 200, headers: [], body: Self.pattern(1000), sendBytes: 400) }
        defer { server.stop() }
        await #expect(throws: RawHTTPError.self) { try await RawHTTP.request(url: server.url("/cut"), timeout: 60) }
        do {
            _ = try await RawHTTP.request(url: server.url("/cut"), timeout: 60)
        } catch let error as RawHTTPError {
            guard case .prematureEnd(let reason) = error else { throw error }
            #expect(reason.contains("600 bytes"), "\(reason)")
        }
    }

    @Test func aStalledResponseTimesOut() async throws {
        // The server sends the head and 10 bytes, then stalls for 10 minutes (cut short by stop(),
        // after the request): only the request's 0.5 s deadline can end it, as a time-out.
        let server = try LoopbackServer { _ in .stall(seconds: 600, status: 200, headers: [], body: Self.pattern(100), sendBytes: 10) }
        defer { server.stop() }
        let error = await #expect(throws: RawHTTPError.self) { try await RawHTTP.request(url: server.url("/slow"), timeout: 0.5) }
        #expect(error?.isTimeout == true, "\(String(describing: error))")
    }

    @Test func aResetConnectionIsAnError() async throws {
        let server = try LoopbackServer { _ in .resetConnection }
        defer { server.stop() }
        await #expect(throws: RawHTTPError.self) { try await RawHTTP.request(url: server.url("/reset"), timeout: 60) }
    }

    @Test func aClosedPortIsAConnectError() async throws {
        // A port bound but not listening refuses every connection, and stays ours while the test runs.
        let socket = try BoundSocket()
        let url = "http://127.0.0.1:\(socket.port)/"
        let error = await #expect(throws: RawHTTPError.self) { try await RawHTTP.request(url: url, timeout: 60) }
        guard case .connectFailed = error else {
            Issue.record("expected connectFailed, got \(String(describing: error))")
            return
        }
    }

    @Test func resolvesLocalhostByName() async throws {
        let server = try LoopbackServer { request in .text(request.headers["host"] ?? "") }
        defer { server.stop() }
        let response = try await RawHTTP.request(url: "http://localhost:\(server.port)/", timeout: 60)
        #expect(response.text == "localhost:\(server.port)")
    }

    @Test(arguments: [
        "https://127.0.0.1/", "ftp://x/", "http://", "http:///path", "http://host:99999/", "http://host:x/", "http://a b/", "127.0.0.1:80/",
    ])
    func rejectsURLsItCannotRequest(url: String) throws {
        #expect(throws: RawHTTPError.invalidURL(url)) { try RawHTTP.request(url: url, timeout: 1) }
    }

    @Test func rejectsHeadersThatWouldBreakTheFraming() throws {
        #expect(throws: RawHTTPError.self) {
            try RawHTTP.request(url: "http://127.0.0.1:9/", headers: [("X-A", "1\r\nX-Injected: 2")], timeout: 1)
        }
        #expect(throws: RawHTTPError.self) { try RawHTTP.request(url: "http://127.0.0.1:9/", headers: [("Bad Name", "1")], timeout: 1) }
    }
}
