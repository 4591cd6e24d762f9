import Foundation

/// Commons' `DateTimeOriginal`, written many ways: "2019-06-01 18:30:00" (from EXIF, or "2019:06:01
/// 18:30:00" as EXIF writes it), "2019-06-01T18:30", "2019-06-01", or HTML such as
/// `<time class="dtstart" datetime="2019-06-01">1 June 2019</time>`. A date without a time is read as
/// midnight; a time without a zone (the camera's clock) as UTC; a year or month alone, or prose,
/// gives no date.
enum CommonsDates {
    static func parse(_ raw: String) -> Date? {
        var text = raw
        if let range = raw.range(of: "datetime=\"") {
            text = String(raw[range.upperBound...].prefix { $0 != "\"" })
        } else if raw.contains("<") {
            text = CommonsText.plain(raw)
        }
        let digits = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        func number(_ start: Int, _ length: Int) -> Int? {
            guard digits.count >= start + length else { return nil }
            var value = 0
            for byte in digits[start..<(start + length)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func separator(_ index: Int, _ allowed: String) -> Bool {
            index < digits.count && allowed.utf8.contains(digits[index])
        }
        guard let year = number(0, 4), separator(4, "-:"), let month = number(5, 2), separator(7, "-:"), let day = number(8, 2) else {
            return nil
        }
        var hour = 0, minute = 0, second = 0
        if digits.count > 10 {
            guard separator(10, " T") else { return nil }
            if let h = number(11, 2), separator(13, ":"), let m = number(14, 2) {
                hour = h
                minute = m
                if separator(16, ":"), let s = number(17, 2) { second = s }
            }
        }
        guard year >= 1800 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}
