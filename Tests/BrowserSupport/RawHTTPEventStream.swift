import TestSupport
import Foundation
import Synchronization

extension RawHTTP {
    /// A Server-Sent Events subscription: one GET with `Accept: text/event-stream`, read event by
    /// event as the server sends them (through chunked encoding or a read-until-close body).
    ///
    /// Calls are serialized (one at a time, from any thread); `next` blocks, so from async code use
    /// its async overload. The connection closes on `close()` or when the stream is released.
    public final class EventStream: Sendable {
        /// The response's status (always 200: anything else fails `init`).
        public let status: Int
        /// The response's headers, in order.
        public let headers: [(String, String)]
        /// The URL subscribed to.
        public let url: String

        private struct State {
            var stream: HTTPResponseStream?
            var parser = ServerSentEventParser()
            var ended = false
        }
        private let state: Mutex<State>

        /// Opens the stream and checks that the answer is a 200 `text/event-stream`; otherwise
        /// throws `RawHTTPError.notAnEventStream` with the status, type and start of the body.
        /// `headers` are sent as `RawHTTP.request` sends them; `Accept: text/event-stream` is
        /// added unless the caller gave an `Accept`. `timeout` bounds connecting and the head.
        public init(url: String, headers: [(String, String)] = [], timeout: Double = 60) throws {
            let deadline = Deadline(after: timeout)
            var sent = headers
            if !headers.contains(where: { $0.0.equalsIgnoringCase("Accept") }) { sent.append(("Accept", "text/event-stream")) }
            let stream = try RawHTTP.open(method: "GET", url: url, headers: sent, body: nil, deadline: deadline)
            let head = try stream.readHead(headRequest: false, deadline: deadline)
            let contentType = head.header("Content-Type")
            let isEventStream =
                contentType?.lowercased().split(separator: ";").first?.trimmingCharacters(in: .whitespaces) == "text/event-stream"
            guard head.status == 200, isEventStream else {
                let body = (try? stream.readWholeBody(deadline: Deadline(after: min(2, max(0.1, deadline.remaining))))) ?? []
                throw RawHTTPError.notAnEventStream(
                    status: head.status, contentType: contentType, body: String(decoding: body, as: UTF8.self))
            }
            self.url = url
            status = head.status
            self.headers = head.headers
            state = Mutex(State(stream: stream))
        }

        /// The value of response header `name` (any case).
        public func header(_ name: String) -> String? { headers.last(where: { $0.0.equalsIgnoringCase(name) })?.1 }

        /// The next event (`event` is "message" when the server named none; multi-line data is
        /// joined with "\n"), or nil once the server ended the stream or `close()` was called (and
        /// the events already received were taken).
        /// Throws `RawHTTPError.timedOut` when no complete event arrives within `timeout` seconds;
        /// a timeout loses nothing, so calling again carries on where the stream was.
        public func next(timeout: Double = 60) throws -> (event: String, data: String)? {
            let deadline = Deadline(after: timeout)
            return try state.withLock { state in
                while true {
                    if let event = state.parser.take() { return event }
                    guard !state.ended, let stream = state.stream else { return nil }
                    do {
                        if let bytes = try stream.readBody(deadline: deadline) {
                            state.parser.feed(bytes)
                        } else {
                            state.ended = true
                        }
                    } catch RawHTTPError.timedOut {
                        throw RawHTTPError.timedOut("waiting \(timeout) s for a server-sent event from \(url)")
                    }
                }
            }
        }

        /// `next(timeout:)` from async code, run through `Blocking.run` (not on the cooperative pool).
        public func next(timeout: Double = 60) async throws -> (event: String, data: String)? {
            try await Blocking.run { try self.next(timeout: timeout) as (event: String, data: String)? }
        }

        /// The last `id:` the server sent ("" when none yet).
        public var lastEventID: String { state.withLock { $0.parser.lastEventID } }

        /// Closes the connection (the server sees the client go). Waits for a `next` in progress.
        public func close() {
            state.withLock { state in
                state.stream = nil
                state.ended = true
            }
        }
    }
}
