import Foundation
import Glibc

/// One accepted connection: reads request heads, writes replies (whole, truncated, stalled or reset).
struct LoopbackConnection {
    let fd: Int32
    private let buffer = Buffer()

    /// Bytes read past the last request head (a pipelined request).
    final class Buffer {
        var bytes: [UInt8] = []
    }

    init(fd: Int32) {
        self.fd = fd
    }

    func close() {
        _ = Glibc.close(fd)
    }

    /// The next request head (up to the blank line), or nil when the client hung up.
    func readHead() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let end = Self.headEnd(buffer.bytes) {
                let head = Array(buffer.bytes[..<end])
                buffer.bytes.removeFirst(end + 4)
                return head
            }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0, buffer.bytes.count < 1 << 20 else { return nil }
            buffer.bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Parses "GET /path?query HTTP/1.1" and its headers.
    static func parse(_ head: [UInt8]) -> LoopbackRequest? {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        let target = String(parts[1])
        let path = String(target.prefix { $0 != "?" })
        let rawQuery = target.count > path.count ? String(target.dropFirst(path.count + 1)) : ""
        var query: [String: String] = [:]
        for pair in rawQuery.split(separator: "&") {
            let name = pair.prefix { $0 != "=" }
            let value = pair.count > name.count ? pair.dropFirst(name.count + 1) : ""
            query[String(name).removingPercentEncoding ?? String(name)] = String(value).removingPercentEncoding ?? String(value)
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return LoopbackRequest(method: String(parts[0]), path: path, query: query, rawQuery: rawQuery, headers: headers, connection: 0)
    }

    /// Writes `reply`; returns whether the connection can carry another request.
    func send(_ reply: LoopbackReply, head: Bool) -> Bool {
        switch reply {
        case .response(let status, let headers, let body):
            return write(Self.head(status, headers, length: body.count)) && (head || write(body))
        case .resetConnection:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            return false
        case .truncated(let status, let headers, let body, let sendBytes):
            _ = write(Self.head(status, headers, length: body.count)) && write(Array(body.prefix(sendBytes)))
            return false
        case .stall(let seconds, let status, let headers, let body, let sendBytes):
            _ = write(Self.head(status, headers, length: body.count)) && write(Array(body.prefix(sendBytes)))
            Thread.sleep(forTimeInterval: seconds)
            return false
        }
    }

    private static func head(_ status: Int, _ headers: [(String, String)], length: Int) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\nContent-Length: \(length)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    /// Sends every byte (MSG_NOSIGNAL: a client that hung up is not a crash); false on failure.
    private func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
