/// A plain text table with aligned columns, for human output.
struct Table {
    let headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) {
        self.headers = headers
    }

    mutating func add(_ cells: [String]) { rows.append(cells) }

    /// The table as text; the last column is not padded.
    func rendered() -> String { String(decoding: renderedBytes(), as: UTF8.self) }

    /// The table as UTF-8 bytes, built in one buffer so 10,000 rows stay fast.
    func renderedBytes() -> [UInt8] {
        var widths = headers.map(Self.width)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], Self.width(cell)) }
        }
        var out: [UInt8] = []
        out.reserveCapacity((rows.count + 1) * (widths.reduce(0, +) + 2 * widths.count + 1))
        func line(_ cells: [String]) {
            for (index, cell) in cells.enumerated() {
                out += cell.utf8
                if index < cells.count - 1 { out += repeatElement(UInt8(ascii: " "), count: widths[index] - Self.width(cell) + 2) }
            }
            out.append(UInt8(ascii: "\n"))
        }
        line(headers)
        for row in rows { line(row) }
        return out
    }

    /// Columns a cell takes: its byte count when it is ASCII, else its characters.
    private static func width(_ cell: String) -> Int {
        cell.utf8.allSatisfy { $0 < 0x80 } ? cell.utf8.count : cell.count
    }
}

/// Human-friendly number formats.
enum Format {
    static func bytes(_ count: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: value < 10 ? "%.1f %@" : "%.0f %@", value, units[unit])
    }

    /// Six decimals, by integer arithmetic into one buffer (String(format:) is slow enough to matter
    /// for 10,000 pins).
    static func degrees(_ value: Double) -> String {
        let scaled = (abs(value) * 1_000_000).rounded()
        guard scaled < 1e15 else { return "\(value)" }
        var micro = Int(scaled)
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        for _ in 0..<6 {
            digits.append(UInt8(ascii: "0") + UInt8(micro % 10))
            micro /= 10
        }
        digits.append(UInt8(ascii: "."))
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(micro % 10))
            micro /= 10
        } while micro > 0
        if value < 0, scaled > 0 { digits.append(UInt8(ascii: "-")) }
        return String(decoding: digits.reversed(), as: UTF8.self)
    }

    static func kilometres(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) km" : String(format: "%.2f km", value)
    }
}
