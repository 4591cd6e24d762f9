import Glibc
import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// How many connections `tourist serve` keeps, so that idle ones can never use up its files (at
/// the file limit nothing is answered, and libdispatch then crashes the process on purpose).
///
/// Past `idleCap` connections, each new one closes the one that has waited longest without a
/// request in progress (as nginx reuses idle keep-alive connections when it runs short): held-open
/// sockets cannot crowd out a page. Past `acceptCap` (every connection busy answering), new ones
/// wait in the listen queue until one closes. Both are well below the file limit, leaving files for
/// the store. A connection that sends nothing, or not a whole request head, is closed after the
/// HTTP idle time-out as well (`TouristServer`); one whose client stops reading its answer is closed
/// when the answer has not moved for as long (`stallTimeout`, as nginx's `send_timeout`), so slow
/// readers cannot keep every place busy either.
final class ConnectionLimit: Sendable {
    private struct Tracked {
        let channel: any Channel
        var busy: Bool
        var since: UInt64
    }

    private struct State {
        var connections: [ObjectIdentifier: Tracked] = [:]
        var clock: UInt64 = 0
    }

    /// Connections kept before idle ones are closed to make room.
    let idleCap: Int
    /// Connections kept before new ones wait to be accepted.
    let acceptCap: Int
    /// How long an answer may stay stuck (its client reads none of it) before its connection closes.
    let stallTimeout: TimeAmount
    private let state = Mutex(State())

    /// Limits for a process allowed `fileLimit` open files: half of them for connections (at most
    /// 8,192), and a quarter more for connections all busy answering.
    init(fileLimit: Int, stallTimeout: TimeAmount) {
        idleCap = max(16, min(fileLimit / 2, 8192))
        acceptCap = idleCap + idleCap / 4
        self.stallTimeout = stallTimeout
    }

    /// Raises this process's soft limit on open files to its hard limit, and answers the limit.
    static func raiseFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)  // unlimited (all ones) clamps to Int.max
    }

    /// Stops accepting past `acceptCap`, for `ApplicationConfiguration`.
    var acceptDelegate: MaximumAvailableConnections { MaximumAvailableConnections(acceptCap) }

    /// How many connections are open now.
    var count: Int { state.withLock { $0.connections.count } }

    /// A new connection: tracked, and the idle connections past `idleCap` (oldest first) closed.
    func opened(_ channel: any Channel) {
        let evicted = state.withLock { state -> [any Channel] in
            state.clock += 1
            state.connections[ObjectIdentifier(channel)] = Tracked(channel: channel, busy: false, since: state.clock)
            let excess = state.connections.count - idleCap
            guard excess > 0 else { return [] }
            let idle = state.connections.values.filter { !$0.busy && $0.channel !== channel }.sorted { $0.since < $1.since }
            let closing = idle.prefix(excess).map(\.channel)
            for channel in closing { state.connections[ObjectIdentifier(channel)] = nil }
            return closing
        }
        for channel in evicted { channel.close(promise: nil) }
    }

    /// A request began (busy) or its answer ended (idle again) on `channel`.
    func mark(_ channel: any Channel, busy: Bool) {
        state.withLock { state in
            state.clock += 1
            guard state.connections[ObjectIdentifier(channel)] != nil else { return }
            state.connections[ObjectIdentifier(channel)]?.busy = busy
            state.connections[ObjectIdentifier(channel)]?.since = state.clock
        }
    }

    func closed(_ channel: any Channel) {
        _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// The handler that reports one connection's life to this limit.
    func handler() -> ConnectionTracker { ConnectionTracker(limit: self) }
}

/// Tells a `ConnectionLimit` when its connection opens, starts and ends a request, and closes;
/// closes the connection when its answer has been stuck for the limit's `stallTimeout` (the channel
/// not writable all that time: the client reads nothing, or too little to make room).
final class ConnectionTracker: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: ConnectionLimit
    /// Closes the connection unless it becomes writable first; set while it is not writable.
    private var stalled: Scheduled<Void>?

    init(limit: ConnectionLimit) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        limit.opened(context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stalled?.cancel()
        limit.closed(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stalled?.cancel()
        limit.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stalled?.cancel()
            stalled = nil
        } else if stalled == nil {
            let channel = context.channel
            stalled = context.eventLoop.scheduleTask(in: limit.stallTimeout) { channel.close(promise: nil) }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { limit.mark(context.channel, busy: true) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { limit.mark(context.channel, busy: false) }
        context.write(data, promise: promise)
    }
}
