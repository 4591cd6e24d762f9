import Foundation

/// Reads one HTTP/1.1 response from a connection: the head, then the body piece by piece, decoding
/// `Content-Length`, `Transfer-Encoding: chunked` or read-until-close framing. All its state lives
/// in the object, so a timeout in the middle of a body loses nothing: the next read carries on.
final class HTTPResponseStream {
    /// A status line and its headers.
    struct Head {
        var version: String
        var status: Int
        var reason: String
        var headers: [(String, String)]

        func header(_ name: String) -> String? { headers.last(where: { $0.0.equalsIgnoringCase(name) })?.1 }
        func values(_ name: String) -> [String] { headers.filter { $0.0.equalsIgnoringCase(name) }.map(\.1) }
    }

    private enum Framing {
        case none
        case length(left: Int)
        case untilClose
        case chunked(ChunkState)
    }

    private enum ChunkState {
        case size
        case data(left: Int)
        case dataEnd
        case trailers
    }

    /// The longest status line, header line or chunk-size line accepted.
    static let maxLine = 1 << 20
    /// The most header lines accepted.
    static let maxHeaderLines = 1000
    /// Optional white space around header values and chunk sizes.
    private static let blanks = CharacterSet(charactersIn: " \t")

    private let connection: TCPConnection
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var framing: Framing = .none
    private var bodyDone = true
    /// Trailer fields after a chunked body (once it has been read).
    private(set) var trailers: [(String, String)] = []

    init(connection: TCPConnection) {
        self.connection = connection
    }

    /// Reads the response head (skipping 1xx interim responses other than 101) and sets the body
    /// framing up; `headRequest` means the body is empty whatever the headers say.
    func readHead(headRequest: Bool, deadline: Deadline) throws -> Head {
        while true {
            let head = try readOneHead(deadline: deadline)
            if (100..<200).contains(head.status), head.status != 101 { continue }
            framing = try Self.framing(of: head, headRequest: headRequest)
            bodyDone = false
            return head
        }
    }

    /// The next decoded body bytes (never empty), or nil once the body is complete.
    func readBody(deadline: Deadline) throws -> [UInt8]? {
        while !bodyDone {
            if let bytes = try step(), !bytes.isEmpty { return bytes }
            if bodyDone { break }
            if try !fill(deadline: deadline) {
                if case .untilClose = framing {
                    bodyDone = true
                    break
                }
                throw RawHTTPError.prematureEnd(endDescription())
            }
        }
        return nil
    }

    /// The whole rest of the body.
    func readWholeBody(deadline: Deadline) throws -> [UInt8] {
        var body: [UInt8] = []
        while let bytes = try readBody(deadline: deadline) { body.append(contentsOf: bytes) }
        return body
    }

    // MARK: - Framing

    private static func framing(of head: Head, headRequest: Bool) throws -> Framing {
        if headRequest || (100..<200).contains(head.status) || head.status == 204 || head.status == 304 { return .none }
        let codings = head.values("Transfer-Encoding")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: Self.blanks).lowercased() }
        if let last = codings.last {
            return last == "chunked" ? .chunked(.size) : .untilClose
        }
        let lengths = Set(head.values("Content-Length").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: Self.blanks) })
        guard let text = lengths.first else { return .untilClose }
        guard lengths.count == 1, let length = Int(text), length >= 0 else {
            throw RawHTTPError.malformedResponse("Content-Length \(lengths.sorted())")
        }
        return .length(left: length)
    }

    /// Decodes what the buffer holds: body bytes, or nil when more input is needed (or the body ended).
    private func step() throws -> [UInt8]? {
        switch framing {
        case .none:
            bodyDone = true
            return nil
        case .length(let left):
            if left == 0 {
                bodyDone = true
                return nil
            }
            let bytes = take(upTo: left)
            framing = .length(left: left - bytes.count)
            if left - bytes.count == 0 { bodyDone = true }
            return bytes
        case .untilClose:
            return take(upTo: .max)
        case .chunked(let state):
            return try stepChunked(state)
        }
    }

    private func stepChunked(_ state: ChunkState) throws -> [UInt8]? {
        var state = state
        while true {
            switch state {
            case .size:
                guard let line = try takeLine() else { return nil }
                let text = String(decoding: line, as: UTF8.self)
                let digits = text.prefix { $0 != ";" }.trimmingCharacters(in: Self.blanks)
                guard !digits.isEmpty, digits.count <= 15, let size = Int(digits, radix: 16), size >= 0 else {
                    throw RawHTTPError.malformedResponse("chunk size line \(text.debugDescription)")
                }
                state = size == 0 ? .trailers : .data(left: size)
            case .data(let left):
                let bytes = take(upTo: left)
                state = bytes.count == left ? .dataEnd : .data(left: left - bytes.count)
                framing = .chunked(state)
                return bytes
            case .dataEnd:
                guard let line = try takeLine() else {
                    framing = .chunked(state)
                    return nil
                }
                guard line.isEmpty else { throw RawHTTPError.malformedResponse("no CRLF after a chunk's data") }
                state = .size
            case .trailers:
                guard let line = try takeLine() else {
                    framing = .chunked(state)
                    return nil
                }
                if line.isEmpty {
                    framing = .chunked(state)
                    bodyDone = true
                    return nil
                }
                if let field = Self.headerField(line) { trailers.append(field) }
            }
            framing = .chunked(state)
        }
    }

    // MARK: - Head

    private func readOneHead(deadline: Deadline) throws -> Head {
        let statusLine = String(decoding: try readLine(deadline: deadline, what: "the status line"), as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3, let status = Int(parts[1]) else {
            throw RawHTTPError.malformedResponse("status line \(statusLine.debugDescription)")
        }
        var headers: [(String, String)] = []
        while true {
            let line = try readLine(deadline: deadline, what: "the headers")
            if line.isEmpty { break }
            guard headers.count < Self.maxHeaderLines else {
                throw RawHTTPError.malformedResponse("more than \(Self.maxHeaderLines) header lines")
            }
            if let first = line.first, first == 32 || first == 9, let last = headers.popLast() {
                // An obsolete folded continuation line.
                headers.append((last.0, last.1 + " " + String(decoding: line, as: UTF8.self).trimmingCharacters(in: Self.blanks)))
            } else if let field = Self.headerField(line) {
                headers.append(field)
            } else {
                throw RawHTTPError.malformedResponse("header line \(String(decoding: line, as: UTF8.self).debugDescription)")
            }
        }
        return Head(version: String(parts[0]), status: status, reason: parts.count > 2 ? String(parts[2]) : "", headers: headers)
    }

    private static func headerField(_ line: [UInt8]) -> (String, String)? {
        guard let colon = line.firstIndex(of: 58), colon > 0 else { return nil }
        let name = String(decoding: line[..<colon], as: UTF8.self)
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: Self.blanks)
        return (name, value)
    }

    // MARK: - Buffer

    /// A line (without its LF or CRLF), reading until one is complete.
    private func readLine(deadline: Deadline, what: String) throws -> [UInt8] {
        while true {
            if let line = try takeLine() { return line }
            guard try fill(deadline: deadline) else {
                throw RawHTTPError.prematureEnd("while reading \(what)")
            }
        }
    }

    /// The next whole line in the buffer, or nil when its end has not arrived yet.
    private func takeLine() throws -> [UInt8]? {
        guard let newline = buffer[position...].firstIndex(of: 10) else {
            guard buffer.count - position <= Self.maxLine else {
                throw RawHTTPError.malformedResponse("a line longer than \(Self.maxLine) bytes")
            }
            return nil
        }
        var end = newline
        if end > position, buffer[end - 1] == 13 { end -= 1 }
        let line = Array(buffer[position..<end])
        position = newline + 1
        return line
    }

    private func take(upTo count: Int) -> [UInt8] {
        let available = min(count, buffer.count - position)
        let bytes = Array(buffer[position..<position + available])
        position += available
        return bytes
    }

    /// Receives more bytes; false at the end of the stream.
    private func fill(deadline: Deadline) throws -> Bool {
        guard !atEnd else { return false }
        if position > 0, position * 2 >= buffer.count {
            buffer.removeFirst(position)
            position = 0
        }
        guard let bytes = try connection.receive(deadline: deadline) else {
            atEnd = true
            return false
        }
        buffer.append(contentsOf: bytes)
        return true
    }

    private func endDescription() -> String {
        switch framing {
        case .length(let left): "\(left) bytes of the body (by Content-Length) never arrived"
        case .chunked: "the chunked body ended without its last (0-length) chunk"
        default: "the body is incomplete"
        }
    }
}

extension String {
    /// ASCII-case-insensitive equality, as HTTP header names compare.
    func equalsIgnoringCase(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
