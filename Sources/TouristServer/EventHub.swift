import Foundation
import Synchronization

/// One Server-Sent Event, rendered: `event: NAME\ndata: JSON\n\n`.
struct ServerEvent: Sendable {
    let text: String

    /// An event named `name` whose data is `value` as one line of JSON.
    init(_ name: String, _ value: some Encodable) {
        let data = (try? ServerJSON.line(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        text = "event: \(name)\ndata: \(data)\n\n"
    }

    /// A comment line, which keeps an idle connection open through proxies and time-outs.
    static let keepAlive = ServerEvent(text: ": keep-alive\n\n")

    private init(text: String) {
        self.text = text
    }
}

/// Passes events to every open event stream (`GET /api/events`). Publishing never waits: a
/// subscriber that falls far behind loses the oldest events it has not read.
final class EventHub: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<ServerEvent>.Continuation]>([:])

    /// A new stream of every event published from now on, until `finishAll` or the caller stops.
    func subscribe() -> AsyncStream<ServerEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: ServerEvent.self, bufferingPolicy: .bufferingNewest(256))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    func publish(_ event: ServerEvent) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    /// Ends every stream (the server is stopping).
    func finishAll() {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.finish() }
    }

    var subscriberCount: Int { subscribers.withLock { $0.count } }
}
