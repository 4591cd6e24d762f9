import Foundation
import Glibc
import Testing
import TestSupport

/// `tourist serve --idle-timeout` closes connections that make no progress, so that clients too
/// slow on purpose cannot hold its places: one that sends nothing after an answer, one that sends
/// a request head a byte at a time and never ends it, and one that stops reading a large answer.
/// Each is waited on as an event (the server's end of the connection closing), with the one-second
/// time-out the test sets, never timed. A request sent right after connecting can still reach a
/// busy server after its second: a connection closed before it answered is opened again, so only
/// the behaviour under test can fail the test.
@Suite struct ServeTimeoutTests {
    /// A connection to `server` that got an answer to `request` (the server's first bytes are
    /// there, peeked at): the connection is opened again, up to 10 times, when the server closed it
    /// before answering (the request came later than the time-out, on a busy machine).
    static func answered(_ server: ServedStore, _ request: String) async throws -> LoopbackConnection {
        for _ in 1..<10 {
            let connection = try LoopbackConnection(port: server.port)
            try connection.send(request)
            try await Waiting.until("the server to answer or close", poll: .milliseconds(5)) { connection.hasBytesOrClosed() }
            if !connection.isClosedByPeer() || connection.hasBytes() { return connection }
        }
        let connection = try LoopbackConnection(port: server.port)
        try connection.send(request)
        return connection
    }

    /// Whether `server` still answers: a fresh request, tried again when a busy machine let the
    /// one-second time-out close its connection before the request arrived.
    static func stillServes(_ server: ServedStore) async throws -> Bool {
        for _ in 1..<10 {
            if let answer = try? await server.get("/api/settings") { return answer.status == 200 }
        }
        return try await server.get("/api/settings").status == 200
    }

    @Test func aConnectionIdleAfterItsAnswerIsClosed() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness, arguments: ["--idle-timeout", "1"])
        defer { Task { _ = await server.stop() } }
        let connection = try await Self.answered(server, "GET /api/settings HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let answer = String(decoding: try await connection.readUntilClosed(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(200))")
    }

    @Test func aRequestHeadSentAByteAtATimeIsClosedWithinTheTimeOut() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness, arguments: ["--idle-timeout", "1"])
        defer { Task { _ = await server.stop() } }
        let connection = try LoopbackConnection(port: server.port)
        try connection.send("GET /api/settings HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Slow: ")
        // A byte every 50 ms never lets the connection look idle; the head itself must be whole
        // within the time-out. Without that the loop goes on until the test's patience ends.
        try await Waiting.until("the server to close a connection whose request head never ends", poll: .milliseconds(50)) {
            if connection.isClosedByPeer() { return true }
            try? connection.send("a")
            return false
        }
        #expect(server.process.isRunning)
        #expect(try await Self.stillServes(server))
    }

    @Test func anAnswerItsClientStopsReadingIsClosed() async throws {
        let harness = try Harness()
        _ = try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")
        // A photo larger than the sockets' buffers hold, so its answer stalls when nobody reads.
        let pattern = (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 9) }
        var bytes = Data(capacity: pattern.count * 768)
        for _ in 0..<768 { bytes.append(contentsOf: pattern) }
        let scratch = harness.folder.path + "/large.bin"
        try bytes.write(to: URL(fileURLWithPath: scratch))
        let sha256 = try sha256sum(scratch)
        let shard = harness.store + "/blobs/sha256/" + sha256.prefix(2)
        try FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: scratch, toPath: shard + "/" + sha256)
        let server = try await ServedStore(harness, arguments: ["--idle-timeout", "1"])
        defer { Task { _ = await server.stop() } }
        // Nothing is read (nor peeked at) until the server has let go of its end (seen in the
        // kernel's table); a connection it closed before the request arrived is opened again.
        var answer = Data()
        for _ in 1...10 where answer.isEmpty {
            let connection = try LoopbackConnection(port: server.port)
            try connection.send("GET /blobs/\(sha256) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            try await Waiting.until("the server to close a connection whose answer is not read", poll: .milliseconds(50)) {
                try !connection.peerIsEstablished()
            }
            answer = try await connection.readUntilClosed()
        }
        #expect(answer.starts(with: "HTTP/1.1 200".utf8))
        #expect(answer.count < bytes.count, "the whole answer arrived though it was never read in time")
        #expect(try await Self.stillServes(server))
    }
}

/// A plain TCP connection to 127.0.0.1, byte by byte, for clients that behave as no browser does.
final class LoopbackConnection: Sendable {
    private let fd: Int32
    private let localPort: Int
    private let serverPort: Int

    init(port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in.loopback(port: port)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let connected = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, connected else {
            if fd >= 0 { close(fd) }
            throw ServedStore.ServeFailure("connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        localPort = Int(UInt16(bigEndian: address.sin_port))
        serverPort = port
    }

    deinit { close(fd) }

    func send(_ text: String) throws {
        let sent = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == text.utf8.count else { throw ServedStore.ServeFailure("send: \(String(cString: strerror(errno)))") }
    }

    /// Whether the server has closed its end: the socket reads as ended (or reset), without
    /// taking any byte that came before.
    func isClosedByPeer() -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) == 1 else { return false }
        var byte: UInt8 = 0
        let peeked = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return peeked <= 0 && !(peeked < 0 && errno == EAGAIN)
    }

    /// Whether the server has sent a byte not read yet.
    func hasBytes() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// Whether the server has sent a byte or closed its end.
    func hasBytesOrClosed() -> Bool {
        hasBytes() || isClosedByPeer()
    }

    /// Whether the server's end of this connection is still established, from `/proc/net/tcp`
    /// (its end closed with unsent bytes is in FIN-WAIT-1, or gone).
    func peerIsEstablished() throws -> Bool {
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let serverEnd = String(format: "0100007F:%04X", serverPort), clientEnd = String(format: "0100007F:%04X", localPort)
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1] == serverEnd && fields[2] == clientEnd && fields[3] == "01"
        }
    }

    /// Everything until the server closes the connection, taken as it arrives.
    func readUntilClosed() async throws -> Data {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        try await Waiting.until("the server to close the connection", poll: .milliseconds(5)) {
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                guard count > 0 else { return count == 0 || errno != EAGAIN }
                received.append(contentsOf: buffer[..<count])
            }
        }
        return received
    }
}
