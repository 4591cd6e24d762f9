import Foundation
import Glibc
import Synchronization

/// A one-connection TCP server on 127.0.0.1 that records the request's raw bytes and answers with
/// a script of raw sends and pauses: for what `LoopbackServer` cannot produce (it always sends
/// `Content-Length`): chunked bodies, bodies ended by closing, interim 1xx responses, event streams.
final class ScriptedServer: Sendable {
    enum Step: Sendable {
        /// Send these bytes.
        case send([UInt8])
        /// Wait this many seconds.
        case pause(Double)
        /// Wait (this many seconds at most) until the client closes its end; `clientHungUp` tells.
        case awaitHangUp(Double)
        /// Wait until the test calls `proceed()`, however long that takes: a step that happens after
        /// something the test checked, whatever the machine's load. The script ends instead when the
        /// client hangs up first (a test that failed before it proceeded).
        case awaitProceed

        /// Send this text (UTF-8).
        static func text(_ text: String) -> Step { .send(Array(text.utf8)) }
    }

    private struct State {
        var request: [UInt8]?
        var clientHungUp = false
        var finished = false
        var listening = true
        var proceeds = 0
    }

    let port: Int
    private let listener: Int32
    private let state = Mutex(State())

    /// Starts listening; the first connection gets its request read (the head, and as many body
    /// bytes as its Content-Length says), then `steps`, then the connection is closed.
    init(_ steps: [Step]) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ScriptedServerError("socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else {
            close(fd)
            throw ScriptedServerError("bind/listen on 127.0.0.1 failed")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve(steps) }
        thread.name = "scripted-server"
        thread.start()
    }

    /// Stops waiting for a connection (a test that failed before connecting). Idempotent.
    func stop() {
        state.withLock { state in
            if state.listening { shutdown(listener, Int32(SHUT_RDWR)) }
        }
    }

    func url(_ pathAndQuery: String) -> String { "http://127.0.0.1:\(port)\(pathAndQuery)" }

    /// The request bytes as received (head and body), once the script has run or been cut short.
    func receivedRequest(timeout: Double = 60) -> [UInt8]? {
        waitUntilFinished(timeout: timeout)
        return state.withLock { $0.request }
    }

    /// The request decoded as text.
    func receivedText(timeout: Double = 60) -> String { String(decoding: receivedRequest(timeout: timeout) ?? [], as: UTF8.self) }

    /// Lets the script go past its next `awaitProceed` step.
    func proceed() { state.withLock { $0.proceeds += 1 } }

    /// Whether the client closed its end during an `awaitHangUp` step.
    func clientHungUp(timeout: Double = 60) -> Bool {
        waitUntilFinished(timeout: timeout)
        return state.withLock { $0.clientHungUp }
    }

    private func waitUntilFinished(timeout: Double) {
        let end = Date().addingTimeInterval(timeout)
        while !state.withLock({ $0.finished }), Date() < end { usleep(5_000) }
    }

    private func serve(_ steps: [Step]) {
        defer { state.withLock { $0.finished = true } }
        let fd = accept(listener, nil, nil)
        state.withLock { state in
            state.listening = false
            close(listener)
        }
        guard fd >= 0 else { return }
        defer { close(fd) }
        let request = readRequest(fd)
        state.withLock { $0.request = request }
        for step in steps {
            switch step {
            case .send(let bytes):
                let sent = bytes.withUnsafeBytes { raw in
                    Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                }
                if sent != bytes.count { return }
            case .pause(let seconds):
                usleep(UInt32(seconds * 1_000_000))
            case .awaitProceed:
                while !state.withLock({ state in
                    guard state.proceeds > 0 else { return false }
                    state.proceeds -= 1
                    return true
                }) {
                    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    guard poll(&entry, 1, 2) > 0 else { continue }
                    var byte: UInt8 = 0
                    if recv(fd, &byte, 1, Int32(MSG_PEEK)) <= 0 { return }
                    usleep(2_000)
                }
            case .awaitHangUp(let seconds):
                let end = Date().addingTimeInterval(seconds)
                var byte: UInt8 = 0
                while Date() < end {
                    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    guard poll(&entry, 1, 50) > 0 else { continue }
                    if recv(fd, &byte, 1, 0) <= 0 {
                        state.withLock { $0.clientHungUp = true }
                        break
                    }
                }
            }
        }
    }

    /// The head up to its blank line, plus Content-Length body bytes (60 s at most).
    private func readRequest(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(60)
        while Date() < end {
            if let headEnd = Self.find([13, 10, 13, 10], in: bytes) {
                let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
                let length =
                    head.components(separatedBy: "\r\n")
                    .first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if bytes.count >= headEnd + 4 + length { return bytes }
            }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) >= 0 else { return bytes }
            if entry.revents == 0 { continue }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}

struct ScriptedServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
