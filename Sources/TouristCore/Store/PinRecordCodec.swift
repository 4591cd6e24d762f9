import Foundation

/// Fast JSON for pin summaries, so `pin list` stays quick with tens of thousands of pins.
///
/// A pin is one flat JSON object on one line with its keys in a fixed order: the rows of
/// `Pin.fields`, as `Pin`'s `Codable` form has them (`createdAt` as ISO 8601 in UTC). Reading accepts any flat object (keys in
/// any order, any JSON escapes), scanning bytes directly instead of going through `JSONDecoder`,
/// which is about ten times slower for this; writing appends bytes to one buffer.
public enum PinRecordCodec {
    /// The first line of `index/pins.json`.
    static let snapshotHeader = "{\"version\":1,\"pins\":["

    /// One pin as a one-line JSON object.
    public static func encode(_ pin: Pin) -> String {
        var bytes: [UInt8] = []
        encode(pin, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one pin as a one-line JSON object, its fields in `Pin.fields`' order.
    public static func encode(_ pin: Pin, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for field in Pin.fields {
            let mark = out.count
            if !first { out.append(UInt8(ascii: ",")) }
            out += field.recordKey
            if appendValue(of: field, in: pin, to: &out) {
                first = false
            } else {
                out.removeSubrange(mark...)  // an optional field that is absent
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Appends the field's value; false when the pin has none.
    private static func appendValue(of field: PinField, in pin: Pin, to out: inout [UInt8]) -> Bool {
        switch field.value {
        case .text(let get, _), .word(let get, _):
            guard let text = get(pin) else { return false }
            appendQuoted(text, to: &out)
        case .number(let get, _):
            guard let number = get(pin) else { return false }
            out += number.description.utf8
        case .count(let get, _):
            guard let count = get(pin) else { return false }
            out += String(count).utf8
        case .date(let get, _):
            guard let date = get(pin) else { return false }
            out += #"""#.utf8
            out += ISO8601UTC.format(date).utf8
            out += #"""#.utf8
        }
        return true
    }

    /// A JSON document with one pin a line: `{<header>\n<pin>,\n…<pin>\n]}\n`.
    static func document(_ pins: [Pin], header: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(pins.count * 200 + 64)
        out += header.utf8
        out.append(UInt8(ascii: "\n"))
        for (index, pin) in pins.enumerated() {
            encode(pin, into: &out)
            if index + 1 < pins.count { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\n"))
        }
        out += "]}\n".utf8
        return out
    }

    /// The pin list snapshot: a JSON document with one pin record a line.
    public static func snapshot(_ pins: [Pin]) -> [UInt8] { document(pins, header: snapshotHeader) }

    /// `{"pins": [...]}` with one pin a line, as `pin list --json` prints it.
    public static func listDocument(_ pins: [Pin]) -> [UInt8] { document(pins, header: "{\"pins\":[") }

    private static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        if text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += JSONValue.quoted(text).utf8
        } else {
            out.append(UInt8(ascii: "\""))
            out += text.utf8
            out.append(UInt8(ascii: "\""))
        }
    }

    /// Decodes one flat JSON object into a pin; nil when it is not one. A member of the wrong type
    /// or with a value its enum does not have counts as absent; keys tourist does not know are ignored.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Pin? {
        var scanner = FlatObjectScanner(bytes: bytes)
        var pin = Pin.blank
        var found: UInt64 = 0  // a bit per row of `Pin.fields`
        let complete = scanner.scan { key, value in
            guard let index = fieldIndex(key) else { return }
            switch (Pin.fields[index].value, value) {
            case (.text(_, let set), .string(let raw)): set(&pin, raw.string)
            case (.word(_, let set), .string(let raw)): guard set(&pin, raw.string) else { return }
            case (.number(_, let set), .number(let number)): set(&pin, number)
            case (.count(_, let set), .number(let number)):
                guard let whole = Int(exactly: number) else { return }
                set(&pin, whole)
            case (.date(_, let set), .string(let raw)):
                guard let date = raw.withBytes({ ISO8601UTC.parse($0) }) else { return }
                set(&pin, date)
            default: return
            }
            found |= 1 << index
        }
        guard complete, found & requiredFields == requiredFields,
            (try? GeoPoint(latitude: pin.latitude, longitude: pin.longitude)) != nil
        else { return nil }
        return pin
    }

    /// A bit for each required row of `Pin.fields`.
    private static let requiredFields: UInt64 = Pin.fields.indices.reduce(0) { Pin.fields[$1].isRequired ? $0 | 1 << $1 : $0 }

    /// The row of `Pin.fields` a member's key names.
    private static func fieldIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = key.first else { return nil }
        return Pin.fields.firstIndex { $0.nameUTF8.first == first && $0.nameUTF8.elementsEqual(key) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes spell `name`.
    func matches(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { $0.elementsEqual(self) }
    }
}

/// Reads one flat JSON object (string, number, boolean and null values) from bytes, without
/// copying keys or plain strings until asked.
struct FlatObjectScanner {
    /// A string value: its raw bytes when it had no escapes, else the decoded text.
    enum Text {
        case raw(UnsafeBufferPointer<UInt8>)
        case decoded(String)

        var string: String {
            switch self {
            case .raw(let bytes): String(decoding: bytes, as: UTF8.self)
            case .decoded(let text): text
            }
        }

        /// Calls `body` with the text's UTF-8 bytes, copying only when it had escapes.
        func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            switch self {
            case .raw(let bytes): body(bytes)
            case .decoded(let text): Array(text.utf8).withUnsafeBufferPointer(body)
            }
        }
    }

    enum Value {
        case string(Text)
        case number(Double)
        case other
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// Calls `member` for each key and value; false when the bytes are not one flat object.
    mutating func scan(_ member: (UnsafeBufferPointer<UInt8>, Value) -> Void) -> Bool {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "}")) { return true }
        while true {
            skipSpace()
            guard case .raw(let key)? = string() else { return false }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipSpace()
            guard let value = value() else { return false }
            member(key, value)
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func value() -> Value? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return string().map(Value.string)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let start = index
            while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
            return word.matches("true") || word.matches("false") || word.matches("null") ? .other : nil
        default:
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            let length = index - start
            guard length > 0, length < 64 else { return nil }
            // strtod on a NUL-terminated copy: no String is made for a number.
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> Value? in
                for offset in 0..<length { buffer[offset] = CChar(bitPattern: bytes[start + offset]) }
                buffer[length] = 0
                var end: UnsafeMutablePointer<CChar>?
                let number = strtod(buffer.baseAddress!, &end)
                guard let end, end - buffer.baseAddress! == length, number.isFinite else { return nil }
                return .number(number)
            }
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// A string at the current position; escapes are rare in pin records, so the plain case copies nothing.
    private mutating func string() -> Text? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return .raw(UnsafeBufferPointer(rebasing: bytes[start..<index - 1]))
        }
        // An escape: hand the whole string to the strict parser.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        guard end < bytes.count, case .string(let text)? = try? JSONParser.parse(Array(bytes[(start - 1)...end])) else { return nil }
        index = end + 1
        return .decoded(text)
    }
}

/// ISO 8601 dates in UTC with whole seconds (`2024-05-01T12:00:00Z`), formatted and parsed by
/// arithmetic (days from the civil calendar), much faster than `ISO8601DateFormatter`.
public enum ISO8601UTC {
    public static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return date.formatted(.iso8601) }
        var text = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int, at offset: Int, digits: Int) {
            var rest = value
            for position in stride(from: offset + digits - 1, through: offset, by: -1) {
                text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(year, at: 0, digits: 4)
        put(month, at: 5, digits: 2)
        put(day, at: 8, digits: 2)
        put(secondOfDay / 3600, at: 11, digits: 2)
        put(secondOfDay / 60 % 60, at: 14, digits: 2)
        put(secondOfDay % 60, at: 17, digits: 2)
        for (offset, byte) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")] as [(Int, Unicode.Scalar)] {
            text[offset] = UInt8(ascii: byte)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`; other ISO 8601 forms go through Foundation's parser.
    public static func parse(_ text: String) -> Date? { Array(text.utf8).withUnsafeBufferPointer { parse($0) } }

    static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> Date? {
        guard utf8.count == 20, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"), utf8[10] == UInt8(ascii: "T"),
            utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"), utf8[19] == UInt8(ascii: "Z")
        else { return try? Date(String(decoding: utf8, as: UTF8.self), strategy: .iso8601) }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in utf8[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Howard Hinnant's days_from_civil.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Howard Hinnant's civil_from_days.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
