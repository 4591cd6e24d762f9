import Foundation
import Glibc
import Synchronization

/// A small, real HTTP/1.1 server on 127.0.0.1 for tests and benchmarks: an ephemeral port,
/// keep-alive, one thread per connection (handlers may sleep), and replies chosen by a handler,
/// including broken ones (`LoopbackReply`). It records every request and the most requests it
/// handled at once.
public final class LoopbackServer: Sendable {
    /// The ephemeral port it listens on, on 127.0.0.1.
    public let port: Int
    private let core: LoopbackCore

    /// Starts listening on 127.0.0.1 (port 0: the system picks one). `delay` is added before
    /// answering every request; `handler` is called on the connection's own thread and may block.
    public init(delay: Duration = .zero, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        core = try LoopbackCore(delay: delay, handler: handler)
        port = core.port
        core.start()
    }

    /// Stops the server when the last reference goes (its threads hold only the core).
    deinit { core.stop() }

    /// "http://127.0.0.1:PORT" followed by `pathAndQuery`.
    public func url(_ pathAndQuery: String) -> String { "http://127.0.0.1:\(port)\(pathAndQuery)" }

    /// Every request received, in order.
    public var requests: [LoopbackRequest] { core.state.withLock { $0.requests } }
    /// The most requests being handled at once (from parsed to answered, the delay included).
    public var peakConcurrentRequests: Int { core.state.withLock { $0.peak } }
    /// The most requests matching `predicate` being handled at once (from parsed to answered), such
    /// as image requests only: `peakConcurrentRequests { $0.path.hasSuffix(".jpg") }`.
    public func peakConcurrentRequests(where predicate: (LoopbackRequest) -> Bool) -> Int {
        let (requests, spans) = core.state.withLock { ($0.requests, $0.spans) }
        // Every start and end has its own sequence number (taken under the lock), so a sweep over
        // them replays the in-flight count exactly; a request not answered yet ends at infinity.
        var events: [(at: Int, change: Int)] = []
        for (request, span) in zip(requests, spans) where predicate(request) {
            events.append((span.start, 1))
            events.append((span.end ?? .max, -1))
        }
        events.sort { $0.at < $1.at }
        var current = 0, peak = 0
        for event in events {
            current += event.change
            peak = max(peak, current)
        }
        return peak
    }
    /// How many requests are being handled now (parsed, not yet answered in full: a stalled reply
    /// counts until its stall ends).
    public var requestsInFlight: Int { core.state.withLock { $0.inFlight } }
    /// How many connections were accepted.
    public var connectionsAccepted: Int { core.state.withLock { $0.connections } }

    /// Closes the listener and shuts every open connection down (a stalled reply ends at once);
    /// waits for no thread. Idempotent; also done when the server is released.
    public func stop() { core.stop() }
}

/// The listening socket, the threads and the counters of a `LoopbackServer`.
private final class LoopbackCore: Sendable {
    struct State {
        var requests: [LoopbackRequest] = []
        /// For each of `requests`: sequence numbers of its start and end (nil while in flight).
        var spans: [(start: Int, end: Int?)] = []
        var sequence = 0
        var inFlight = 0
        var peak = 0
        var connections = 0
        var open: Set<Int32> = []
        var stopped = false
    }

    let port: Int
    let state = Mutex(State())
    private let listener: Int32
    private let delay: Duration
    private let handler: @Sendable (LoopbackRequest) -> LoopbackReply

    init(delay: Duration, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        self.delay = delay
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 512) == 0 else {
            close(fd)
            throw LoopbackError("bind/listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "loopback-accept"
        thread.start()
    }

    /// Shuts the listener and the open connections down, under the lock so that no descriptor is
    /// touched after its owner closed it (it could be reused by then). The accept thread closes the
    /// listener, each connection thread its connection.
    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for fd in state.open { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE, !state.withLock({ $0.stopped }) {
                    usleep(10_000)  // out of descriptors: wait for connections to close
                    continue
                }
                return
            }
            let number: Int? = state.withLock { state in
                guard !state.stopped else { return nil }
                state.connections += 1
                state.open.insert(fd)
                return state.connections
            }
            guard let number else {
                close(fd)
                return
            }
            var yes: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let thread = Thread { [self] in serve(LoopbackConnection(fd: fd), number: number) }
            thread.name = "loopback-connection"
            thread.start()
        }
    }

    private func serve(_ connection: LoopbackConnection, number: Int) {
        defer {
            state.withLock { _ = $0.open.remove(connection.fd) }
            connection.close()
        }
        while let head = connection.readHead(), var request = LoopbackConnection.parse(head) {
            request.connection = number
            let length = Int(request.headers["content-length"] ?? "") ?? 0
            let body = length > 0 ? connection.readBody(length) : []
            let drained = body != nil
            request.body = body ?? []
            let index = state.withLock { state in
                state.requests.append(request)
                state.sequence += 1
                state.spans.append((state.sequence, nil))
                state.inFlight += 1
                state.peak = max(state.peak, state.inFlight)
                return state.requests.count - 1
            }
            if delay > .zero {
                Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            }
            let reply = handler(request)
            let connectionHeader = request.headers["connection"]?.lowercased() ?? ""
            let closing =
                !drained || connectionHeader.contains("close")
                || (request.version == "HTTP/1.0" && !connectionHeader.contains("keep-alive"))
            let keepOpen = connection.send(reply, head: request.method == "HEAD", closing: closing)
            state.withLock { state in
                state.inFlight -= 1
                state.sequence += 1
                state.spans[index].end = state.sequence
            }
            if !keepOpen { return }
        }
    }
}

/// A failure to start the server.
public struct LoopbackError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
