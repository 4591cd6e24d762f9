import BrowserSupport
import Foundation
import Testing

/// RawHTTP against hand-written responses (ScriptedServer): the exact request bytes, chunked
/// bodies arriving in pieces, bodies ended by closing, interim 1xx responses.
struct RawHTTPFramingTests {
    @Test func sendsExactlyTheDocumentedRequest() async throws {
        let server = try ScriptedServer([.text("HTTP/1.1 204 No Content\r\n\r\n")])
        let response = try await RawHTTP.request(
            method: "PUT", url: server.url("/a/b%2Fc?x=1&y=%20#fragment"),
            headers: [("X-Csrf-Token", "t0k"), ("accept", "*/*")], body: Array("hello".utf8)
        )
        #expect(response.status == 204 && response.body.isEmpty)
        #expect(
            server.receivedText() == """
                PUT /a/b%2Fc?x=1&y=%20 HTTP/1.1\r
                Host: 127.0.0.1:\(server.port)\r
                X-Csrf-Token: t0k\r
                accept: */*\r
                Content-Length: 5\r
                Connection: close\r
                \r
                hello
                """)
    }

    @Test func aCallersHostReplacesTheDefaultAndAWrongContentLengthIsKept() async throws {
        let server = try ScriptedServer([.text("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")])
        _ = try await RawHTTP.request(
            method: "POST", url: server.url("/"), headers: [("host", "attacker.test"), ("Content-Length", "2")], body: Array("hi".utf8)
        )
        let text = server.receivedText()
        #expect(text.hasPrefix("POST / HTTP/1.1\r\nhost: attacker.test\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi"), "\(text)")
        #expect(text.components(separatedBy: "ost:").count == 2, "exactly one Host header")
    }

    @Test func decodesAChunkedBodyArrivingInPieces() async throws {
        let server = try ScriptedServer([
            .text("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n"),
            .text("5;name=value\r\nhel"),
            .pause(0.05),
            .text("lo\r\n"),
            .text("1"), .pause(0.05), .text("0\r\n"),
            .send(Array(repeating: UInt8(ascii: "x"), count: 16)),
            .text("\r\n0\r\nX-Checksum: abc\r\n\r\n"),
        ])
        let response = try await RawHTTP.request(url: server.url("/chunked"))
        #expect(response.status == 200)
        #expect(response.text == "hello" + String(repeating: "x", count: 16))
        #expect(response.trailers.count == 1 && response.trailers.first?.0 == "X-Checksum" && response.trailers.first?.1 == "abc")
    }

    @Test func aChunkedBodyWithoutItsLastChunkIsAnError() async throws {
        let server = try ScriptedServer([.text("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n")])
        let error = await #expect(throws: RawHTTPError.self) { try await RawHTTP.request(url: server.url("/")) }
        guard case .prematureEnd = error else {
            Issue.record("expected prematureEnd, got \(String(describing: error))")
            return
        }
    }

    @Test func aBadChunkSizeIsMalformed() async throws {
        let server = try ScriptedServer([.text("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n")])
        let error = await #expect(throws: RawHTTPError.self) { try await RawHTTP.request(url: server.url("/")) }
        guard case .malformedResponse = error else {
            Issue.record("expected malformedResponse, got \(String(describing: error))")
            return
        }
    }

    @Test func readsABodyWithoutLengthUntilTheServerCloses() async throws {
        let server = try ScriptedServer([
            .text("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nfirst "),
            .pause(0.05),
            .text("second"),
        ])
        let response = try await RawHTTP.request(url: server.url("/"))
        #expect(response.text == "first second")
    }

    @Test func skipsInterimResponses() async throws {
        let server = try ScriptedServer([
            .text("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"),
            .text("HTTP/1.1 201 Created\r\nContent-Length: 2\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\nok"),
        ])
        let response = try await RawHTTP.request(method: "POST", url: server.url("/"), body: [])
        #expect(response.status == 201 && response.text == "ok")
        #expect(response.headers(named: "set-cookie") == ["a=1", "b=2"] && response.header("Link") == nil)
        #expect(server.receivedText().contains("Content-Length: 0\r\n"), "an empty body still has its length")
    }

    @Test func aGarbageStatusLineIsMalformed() async throws {
        let server = try ScriptedServer([.text("SSH-2.0-OpenSSH_9.2\r\n\r\n")])
        let error = await #expect(throws: RawHTTPError.self) { try await RawHTTP.request(url: server.url("/")) }
        guard case .malformedResponse = error else {
            Issue.record("expected malformedResponse, got \(String(describing: error))")
            return
        }
    }
}
