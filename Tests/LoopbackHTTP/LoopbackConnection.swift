import Foundation
import Glibc

/// One accepted connection: reads request heads, writes replies (whole, truncated, stalled or reset).
/// Used by one connection thread only.
struct LoopbackConnection {
    let fd: Int32
    private let buffer = Buffer()

    /// Bytes read past the last request head (a pipelined request), and how far they were searched.
    final class Buffer {
        var bytes: [UInt8] = []
        var scanned = 0
    }

    /// The largest request head accepted; a longer one ends the connection.
    static let maxHeadBytes = 1 << 20

    init(fd: Int32) {
        self.fd = fd
    }

    func close() {
        _ = Glibc.close(fd)
    }

    /// The next request head (up to the blank line, which is consumed), or nil when the client hung up.
    func readHead() -> [UInt8]? {
        while true {
            if let end = headEnd() {
                let head = Array(buffer.bytes[..<end])
                buffer.bytes.removeFirst(end + 4)
                buffer.scanned = 0
                return head
            }
            guard buffer.bytes.count < Self.maxHeadBytes, let chunk = receive() else { return nil }
            buffer.bytes.append(contentsOf: chunk)
        }
    }

    /// Reads `count` bytes of request body, so the next head starts where it should; nil when the
    /// client hung up first.
    func readBody(_ count: Int) -> [UInt8]? {
        var body = Array(buffer.bytes.prefix(count))
        buffer.bytes.removeFirst(body.count)
        buffer.scanned = 0
        while body.count < count {
            guard let chunk = receive() else { return nil }
            let wanted = min(count - body.count, chunk.count)
            body.append(contentsOf: chunk[chunk.startIndex..<chunk.startIndex + wanted])
            if chunk.count > wanted { buffer.bytes.append(contentsOf: chunk[(chunk.startIndex + wanted)...]) }
        }
        return body
    }

    /// One `recv`, or nil at end of stream or on an error.
    private func receive() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            return Array(chunk[..<count])
        }
    }

    /// Where "\r\n\r\n" starts in the buffer, searching only bytes not searched before.
    private func headEnd() -> Int? {
        let bytes = buffer.bytes
        guard bytes.count >= 4 else { return nil }
        var index = max(0, buffer.scanned - 3)
        while index <= bytes.count - 4 {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 { return index }
            index += 1
        }
        buffer.scanned = bytes.count
        return nil
    }

    /// Parses "GET /path?query HTTP/1.1" and its headers; nil for a head that is not a request line.
    static func parse(_ head: [UInt8]) -> LoopbackRequest? {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = (lines.first ?? "").split(separator: " ")
        guard parts.count >= 2 else { return nil }
        let target = String(parts[1])
        let path = String(target.prefix { $0 != "?" && $0 != "#" })
        var rawQuery = ""
        if let mark = target.firstIndex(of: "?") {
            rawQuery = String(target[target.index(after: mark)...].prefix { $0 != "#" })
        }
        var query: [String: String] = [:]
        for pair in rawQuery.split(separator: "&") {
            let name = pair.prefix { $0 != "=" }
            let value = pair.count > name.count ? pair.dropFirst(name.count + 1) : ""
            query[decode(name)] = decode(value)
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let version = parts.count >= 3 ? String(parts[2]) : "HTTP/1.0"
        return LoopbackRequest(
            method: String(parts[0]), path: path, query: query, rawQuery: rawQuery, headers: headers, version: version, connection: 0
        )
    }

    /// Form decoding of one query name or value: "+" is a space, then percent escapes (kept as they
    /// are when malformed).
    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// Writes `reply` (without the body for a HEAD request, and with `Connection: close` when
    /// `closing`); returns whether the connection can carry another request.
    func send(_ reply: LoopbackReply, head: Bool, closing: Bool) -> Bool {
        switch reply {
        case .response(let status, let headers, let body):
            let extra = closing ? [("Connection", "close")] : []
            return write(Self.head(status, headers + extra, length: body.count)) && (head || write(body[...])) && !closing
        case .resetConnection:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            return false
        case .truncated(let status, let headers, let body, let sendBytes):
            _ = write(Self.head(status, headers, length: body.count)) && (head || write(body.prefix(max(0, sendBytes))))
            return false
        case .paced(let status, let headers, let length, let chunk, let every, let declaringLength):
            guard write(Self.head(status, headers + [("Connection", "close")], length: declaringLength ? length : nil)), !head else {
                return false
            }
            let filler = [UInt8](repeating: UInt8(ascii: "x"), count: max(1, chunk))
            var sent = 0
            while sent < length, write(filler.prefix(length - sent)) {
                sent += filler.count
                if every > 0 { Thread.sleep(forTimeInterval: every) }
            }
            return false
        case .held(let status, let headers, let body, let released):
            guard write(Self.head(status, headers + [("Connection", "close")], length: body.count)), !head else { return false }
            var sent = 0
            var lastByte = Date.distantPast
            while !released(), sent < body.count - 1 {
                if Date().timeIntervalSince(lastByte) >= 1 {
                    guard write(body[sent..<sent + 1]) else { return false }
                    sent += 1
                    lastByte = Date()
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            while !released() { Thread.sleep(forTimeInterval: 0.02) }
            _ = write(body[sent...])
            return false
        case .stall(let seconds, let status, let headers, let body, let sendBytes):
            _ = write(Self.head(status, headers, length: body.count)) && (head || write(body.prefix(max(0, sendBytes))))
            waitForHangUp(seconds: seconds)
            return false
        }
    }

    /// Sends nothing for `seconds`, returning early when the client hangs up or the server stops
    /// (which shuts the socket down). Bytes the client sends meanwhile are dropped.
    private func waitForHangUp(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return }
            if ready == 0 { continue }
            if entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return }
            guard receive() != nil else { return }
        }
    }

    /// The status line and headers, with a Content-Length unless `length` is nil.
    private static func head(_ status: Int, _ headers: [(String, String)], length: Int?) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\n" + (length.map { "Content-Length: \($0)\r\n" } ?? "")
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status"
        }
    }

    /// Sends every byte (MSG_NOSIGNAL: a client that hung up is not a crash); false on failure.
    private func write(_ bytes: [UInt8]) -> Bool { write(bytes[...]) }

    private func write(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}
