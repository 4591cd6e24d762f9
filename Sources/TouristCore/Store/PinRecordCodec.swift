import Foundation

/// Fast JSON for pin summaries, so `pin list` stays quick with tens of thousands of pins.
///
/// A pin is one flat JSON object on one line with its keys in a fixed order, the same fields as
/// `Pin`'s `Codable` form (`createdAt` as ISO 8601 in UTC). Reading accepts any flat object (keys in
/// any order, any JSON escapes), scanning bytes directly instead of going through `JSONDecoder`,
/// which is about ten times slower for this.
public enum PinRecordCodec {
    /// One pin as a one-line JSON object.
    public static func encode(_ pin: Pin) -> String {
        var out = "{\"createdAt\":\"\(ISO8601UTC.format(pin.createdAt))\","
        if let error = pin.error { out += "\"error\":\(JSONValue.quoted(error))," }
        out += "\"id\":\(JSONValue.quoted(pin.id)),\"latitude\":\(pin.latitude),\"longitude\":\(pin.longitude),"
        out += "\"name\":\(JSONValue.quoted(pin.name)),\"photos\":\(pin.photos),\"radiusKm\":\(pin.radiusKm),\"state\":\"\(pin.state.rawValue)\"}"
        return out
    }

    /// The first line of `index/pins.json`.
    static let snapshotHeader = "{\"version\":1,\"pins\":["

    /// The pin list snapshot: a JSON document with one pin record a line.
    public static func snapshot(_ pins: [Pin]) -> String {
        var text = snapshotHeader + "\n"
        text.reserveCapacity(pins.count * 200)
        for (index, pin) in pins.enumerated() { text += encode(pin) + (index + 1 < pins.count ? ",\n" : "\n") }
        return text + "]}\n"
    }

    /// `{"pins": [...]}` with one pin a line, as `pin list --json` prints it.
    public static func listDocument(_ pins: [Pin]) -> String {
        var text = "{\"pins\":[\n"
        text.reserveCapacity(pins.count * 200)
        for (index, pin) in pins.enumerated() { text += encode(pin) + (index + 1 < pins.count ? ",\n" : "\n") }
        return text + "]}\n"
    }

    /// Decodes one flat JSON object into a pin; nil when it is not one.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Pin? {
        var scanner = FlatObjectScanner(bytes: bytes)
        var id: String?, name: String?, createdAt: Date?, state: PinState?
        var latitude: Double?, longitude: Double?, radiusKm: Double?, photos: Int?, error: String?
        let complete = scanner.scan { key, value in
            switch (key, value) {
            case ("id", .string(let text)): id = text
            case ("name", .string(let text)): name = text
            case ("createdAt", .string(let text)): createdAt = ISO8601UTC.parse(text)
            case ("state", .string(let text)): state = PinState(rawValue: text)
            case ("error", .string(let text)): error = text
            case ("latitude", .number(let number)): latitude = number
            case ("longitude", .number(let number)): longitude = number
            case ("radiusKm", .number(let number)): radiusKm = number
            case ("photos", .number(let number)): photos = Int(exactly: number)
            default: break
            }
        }
        guard complete, let id, let name, let createdAt, let state, let latitude, let longitude, let radiusKm, let photos,
              let location = try? GeoPoint(latitude: latitude, longitude: longitude)
        else { return nil }
        var pin = Pin(id: id, name: name, location: location, radiusKm: radiusKm, createdAt: createdAt)
        pin.state = state
        pin.photos = photos
        pin.error = error
        return pin
    }
}

/// Reads one flat JSON object (string, number, boolean and null values) from bytes.
struct FlatObjectScanner {
    enum Value {
        case string(String)
        case number(Double)
        case other
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// Calls `member` for each key and value; false when the bytes are not one flat object.
    mutating func scan(_ member: (String, Value) -> Void) -> Bool {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "}")) { return true }
        while true {
            skipSpace()
            guard let key = string() else { return false }
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
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
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
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            return ["true", "false", "null"].contains(word) ? .other : nil
        default:
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            guard index > start, let number = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) else { return nil }
            return .number(number)
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// A string at the current position; escapes are rare in pin records, so the plain case is one copy.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
        }
        // An escape: hand the whole string to the strict parser.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        guard end < bytes.count, case .string(let text)? = try? JSONParser.parse(Array(bytes[(start - 1)...end])) else { return nil }
        index = end + 1
        return text
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
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`; other ISO 8601 forms go through Foundation's parser.
    public static func parse(_ text: String) -> Date? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 20, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"), utf8[10] == UInt8(ascii: "T"),
              utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"), utf8[19] == UInt8(ascii: "Z")
        else { return try? Date(text, strategy: .iso8601) }
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
