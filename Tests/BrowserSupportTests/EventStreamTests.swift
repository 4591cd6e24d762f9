import TestSupport
import BrowserSupport
import Foundation
import LoopbackHTTP
import Testing

/// RawHTTP.EventStream against hand-written event streams (ScriptedServer).
struct EventStreamTests {
    static let chunkedHead =
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n"

    /// `text` as one HTTP chunk.
    static func chunk(_ text: String) -> ScriptedServer.Step {
        let bytes = Array(text.utf8)
        return .send(Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + [13, 10])
    }

    @Test func readsEventsThroughChunksIncrementally() async throws {
        let server = try ScriptedServer([
            .text(Self.chunkedHead),
            Self.chunk(": connected\n\nevent: pin\ndata: {\"id\":1}\n\n"),
            .awaitProceed,
            Self.chunk("data: line one\r\ndata:line two\r"),
            Self.chunk("\nid: 42\n"),
            Self.chunk("\r\nevent: empty\ndata\n\n: keep-alive\n\nevent: no-data\n\n"),
            Self.chunk("retry: 1000\nevent: done\ndata: bye\n\ndata: never dispatched"),
            .text("0\r\n\r\n"),
        ])
        let stream = try RawHTTP.EventStream(url: server.url("/api/events"), headers: [("Origin", "http://127.0.0.1")])
        #expect(stream.status == 200 && stream.header("cache-control") == "no-cache")

        let first = try await stream.next()
        #expect(first?.event == "pin" && first?.data == #"{"id":1}"#)

        // The server sends nothing more until told: a short wait times out and loses nothing.
        let error = await #expect(throws: RawHTTPError.self) { try await stream.next(timeout: 0.1) }
        #expect(error?.isTimeout == true)
        server.proceed()

        let second = try await stream.next()
        #expect(second?.event == "message" && second?.data == "line one\nline two")
        #expect(stream.lastEventID == "42")
        let third = try await stream.next()
        #expect(third?.event == "empty" && third?.data == "")
        let fourth = try await stream.next()
        #expect(fourth?.event == "done" && fourth?.data == "bye", "an event without data is not dispatched")
        #expect(try await stream.next() == nil, "the stream ended; an unterminated event is dropped")
        #expect(try await stream.next() == nil)

        let request = server.receivedText()
        #expect(request.hasPrefix("GET /api/events HTTP/1.1\r\n") && request.contains("\r\nAccept: text/event-stream\r\n"))
        #expect(request.contains("\r\nOrigin: http://127.0.0.1\r\n"))
    }

    @Test func readsAStreamEndedByClosing() async throws {
        let server = try ScriptedServer([
            .text("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n"),
            .text("data: a\n\n"),
            .pause(0.05),
            .text("data: b\n\n"),
        ])
        let stream = try RawHTTP.EventStream(url: server.url("/events"))
        #expect(try await stream.next()?.data == "a")
        #expect(try await stream.next()?.data == "b")
        #expect(try await stream.next() == nil)
    }

    @Test func closingHangsUp() async throws {
        // The server waits for the hang-up far longer than a loaded machine can delay this test's
        // blocking calls (a full suite once took over a minute to get from the event to close()).
        let server = try ScriptedServer([.text(Self.chunkedHead), Self.chunk("data: hello\n\n"), .awaitHangUp(600)])
        let stream = try RawHTTP.EventStream(url: server.url("/events"))
        #expect(try await stream.next()?.data == "hello")
        stream.close()
        #expect(try await Blocking.run { server.clientHungUp(timeout: 600) })
        #expect(try await stream.next(timeout: 1) == nil)
    }

    @Test func somethingElseThanAnEventStreamIsAnError() async throws {
        let server = try LoopbackServer { _ in .json(#"{"error":"bad origin"}"#, status: 403) }
        defer { server.stop() }
        let error = #expect(throws: RawHTTPError.self) { try RawHTTP.EventStream(url: server.url("/api/events")) }
        #expect(error == .notAnEventStream(status: 403, contentType: "application/json", body: #"{"error":"bad origin"}"#))

        let plain = try LoopbackServer { _ in .text("not events") }
        defer { plain.stop() }
        let other = #expect(throws: RawHTTPError.self) { try RawHTTP.EventStream(url: plain.url("/")) }
        #expect(other == .notAnEventStream(status: 200, contentType: "text/plain; charset=utf-8", body: "not events"))
    }
}
