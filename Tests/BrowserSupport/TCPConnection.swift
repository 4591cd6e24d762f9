import Foundation
import Glibc

/// One blocking TCP connection over a POSIX socket, with every wait bounded by a deadline.
/// Used by one thread at a time; the descriptor is closed by `close()` or when the value goes.
final class TCPConnection {
    private var fd: Int32

    /// Resolves `host` with getaddrinfo (an IPv4 or bracket-less IPv6 literal, or a name) and
    /// connects to the first address that answers before `deadline`.
    init(host: String, port: Int, deadline: Deadline) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw RawHTTPError.connectFailed(
                host: host, port: port, reason: "cannot resolve the host: \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var reasons: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            entry = current.pointee.ai_next
            do {
                fd = try Self.connect(current.pointee, deadline: deadline)
                return
            } catch let error as RawHTTPError {
                if case .timedOut = error { throw RawHTTPError.timedOut("connecting to \(host):\(port)") }
                reasons.append("\(error)")
            }
        }
        throw RawHTTPError.connectFailed(host: host, port: port, reason: reasons.joined(separator: "; "))
    }

    deinit { close() }

    func close() {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
        fd = -1
    }

    /// A non-blocking connect, awaited with poll until `deadline`; the socket is blocking again after.
    private static func connect(_ address: addrinfo, deadline: Deadline) throws -> Int32 {
        // Close-on-exec: a process another test spawns meanwhile must not keep the connection open
        // after this side closes it.
        let fd = socket(address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.ai_protocol)
        guard fd >= 0 else { throw RawHTTPError.ioFailed("socket: \(errorText())") }
        var ok = false
        defer { if !ok { _ = Glibc.close(fd) } }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        if Glibc.connect(fd, address.ai_addr, address.ai_addrlen) != 0 {
            guard errno == EINPROGRESS || errno == EINTR else { throw RawHTTPError.ioFailed("connect: \(errorText())") }
            try wait(fd, for: Int16(POLLOUT), until: deadline, doing: "connecting")
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
            guard failure == 0 else { throw RawHTTPError.ioFailed("connect: \(String(cString: strerror(failure)))") }
        }
        _ = fcntl(fd, F_SETFL, flags)
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        ok = true
        return fd
    }

    /// Sends every byte before `deadline` (MSG_NOSIGNAL: a peer that hung up is an error, not a crash).
    func send(_ bytes: [UInt8], deadline: Deadline) throws {
        try bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                try Self.wait(fd, for: Int16(POLLOUT), until: deadline, doing: "sending the request")
                let sent = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                if sent < 0, errno == EINTR || errno == EAGAIN { continue }
                guard sent > 0 else { throw RawHTTPError.ioFailed("send: \(Self.errorText())") }
                offset += sent
            }
        }
    }

    /// The next bytes received (at most 64 KiB), or nil when the peer closed the connection.
    /// Throws `RawHTTPError.timedOut` when nothing arrives before `deadline`.
    func receive(deadline: Deadline) throws -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            try Self.wait(fd, for: Int16(POLLIN), until: deadline, doing: "waiting for the response")
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count < 0 { throw RawHTTPError.ioFailed("recv: \(Self.errorText())") }
            if count == 0 { return nil }
            return Array(chunk[..<count])
        }
    }

    /// Polls `fd` for `events` until `deadline`; errors and hang-ups count as ready (the next call reports them).
    private static func wait(_ fd: Int32, for events: Int16, until deadline: Deadline, doing what: String) throws {
        while true {
            let left = deadline.remaining
            guard left > 0 else { throw RawHTTPError.timedOut(what) }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 3_600_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw RawHTTPError.ioFailed("poll: \(errorText())") }
            if ready > 0 { return }
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// A point in time on the monotonic clock that a blocking operation must finish by.
struct Deadline: Sendable {
    private let instant: ContinuousClock.Instant

    init(after seconds: Double) {
        instant = .now + .milliseconds(Int64((max(0, seconds) * 1000).rounded()))
    }

    /// Seconds left (negative once passed).
    var remaining: Double {
        let duration = instant - .now
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
