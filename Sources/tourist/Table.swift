/// A plain text table with aligned columns, for human output.
struct Table {
    let headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) {
        self.headers = headers
    }

    mutating func add(_ cells: [String]) { rows.append(cells) }

    /// The table as text; the last column is not padded. Built as bytes, so 10,000 rows stay fast.
    func rendered() -> String {
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
        return String(decoding: out, as: UTF8.self)
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

    /// Six decimals, by integer arithmetic (String(format:) is slow enough to matter for 10,000 pins).
    static func degrees(_ value: Double) -> String {
        let scaled = (abs(value) * 1_000_000).rounded()
        guard scaled < 1e15 else { return "\(value)" }
        let micro = Int(scaled)
        let fraction = String(micro % 1_000_000)
        return (value < 0 && micro != 0 ? "-" : "") + "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    static func kilometres(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) km" : String(format: "%.2f km", value)
    }
}
