/// Parses a `text/event-stream` body fed in arbitrary pieces, as the HTML standard describes:
/// lines end with CRLF, LF or CR; `event:` names the event (default "message"); `data:` lines are
/// joined with "\n"; `id:` sets the last event ID; `retry:` a reconnection time; lines starting with
/// ":" are comments; a blank line dispatches the event (none when it had no data); one space after
/// the colon is dropped; an unfinished event at the end of the stream is discarded.
struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var skipLineFeed = false
    private var firstLine = true
    private var eventType = ""
    private var data = ""
    private var ready: [(event: String, data: String)] = []
    private var readIndex = 0
    /// The last `id:` field seen ("" until one arrives).
    private(set) var lastEventID = ""
    /// The last valid `retry:` field, in milliseconds.
    private(set) var retry: Int?

    mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes {
            if skipLineFeed {
                skipLineFeed = false
                if byte == 10 { continue }
            }
            switch byte {
            case 13:
                endLine()
                skipLineFeed = true
            case 10:
                endLine()
            default:
                line.append(byte)
            }
        }
    }

    /// The oldest dispatched event not taken yet.
    mutating func take() -> (event: String, data: String)? {
        guard readIndex < ready.count else { return nil }
        let event = ready[readIndex]
        readIndex += 1
        if readIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readIndex = 0
        }
        return event
    }

    private mutating func endLine() {
        var text = String(decoding: line, as: UTF8.self)
        line.removeAll(keepingCapacity: true)
        if firstLine {
            firstLine = false
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        if text.isEmpty {
            dispatch()
            return
        }
        if text.hasPrefix(":") { return }
        var field = text[...], value = ""[...]
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        }
        switch field {
        case "event": eventType = String(value)
        case "data": data += value + "\n"
        case "id": if !value.contains("\0") { lastEventID = String(value) }
        case "retry": if !value.isEmpty, value.allSatisfy(\.isASCIIDigit), let milliseconds = Int(value) { retry = milliseconds }
        default: break
        }
    }

    private mutating func dispatch() {
        defer {
            eventType = ""
            data = ""
        }
        guard !data.isEmpty else { return }
        data.removeLast()
        ready.append((event: eventType.isEmpty ? "message" : eventType, data: data))
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
