import TouristCore

/// A plain text table with aligned columns, for human output.
/// Cells are kept in one flat array with their widths, so a 10,000-row table costs few allocations.
struct Table {
    let headers: [String]
    private var cells: [String] = []
    private var cellWidths: [Int] = []
    private var widths: [Int]

    init(_ headers: String...) {
        self.init(headers: headers)
    }

    init(headers: [String]) {
        self.headers = headers
        widths = headers.map(Self.width)
    }

    /// Makes room for `count` rows.
    mutating func reserve(rows count: Int) {
        cells.reserveCapacity(count * headers.count)
        cellWidths.reserveCapacity(count * headers.count)
    }

    /// Adds a row with one cell per header, control characters escaped (`TerminalText`): cells
    /// hold what providers say.
    mutating func add(_ row: [String]) {
        add(row, escaped: false)
    }

    /// Adds a row whose cells are escaped already when `escaped`.
    private mutating func add(_ row: [String], escaped: Bool) {
        precondition(row.count == headers.count, "a row needs \(headers.count) cells")
        for (index, raw) in row.enumerated() {
            let cell = escaped ? raw : TerminalText.escaped(raw)
            let width = Self.width(cell)
            cells.append(cell)
            cellWidths.append(width)
            widths[index] = max(widths[index], width)
        }
    }

    /// The table as text; the last column is not padded.
    func rendered() -> String { String(decoding: renderedBytes(), as: UTF8.self) }

    /// Headers of the columns left out, in this order, while the table is wider than the terminal
    /// (`rendered(fitting:)`): the ones a reader misses least (a pin's coordinates, beside its place).
    var droppable: [String] = []
    /// Columns that are cut at their end ("near New York C…"), keeping their beginning, and never
    /// below this many terminal columns (others: their header's width, and 8).
    var keepingStart: [String: Int] = [:]

    /// The table as text within `columns` terminal columns (nil: as wide as its cells). While it is
    /// wider, the `droppable` columns are left out, in order; then the widest column loses a column
    /// (none below its floor), and its longer cells are cut ("…": in the middle, or at the end for
    /// `keepingStart` columns), so every row stays one line when the floors allow it.
    func rendered(fitting columns: Int?) -> String {
        guard let columns else { return rendered() }
        func total(_ kept: [Int], _ widths: [Int]) -> Int { kept.map { widths[$0] }.reduce(0, +) + 2 * (kept.count - 1) }
        var kept = Array(headers.indices)
        for header in droppable where total(kept, widths) > columns {
            kept.removeAll { headers[$0] == header }
        }
        var fitted = widths
        let floor = headers.map { keepingStart[$0] ?? max(Self.width($0), 8) }
        while total(kept, fitted) > columns, let widest = kept.filter({ fitted[$0] > floor[$0] }).max(by: { fitted[$0] < fitted[$1] }) {
            fitted[widest] -= 1
        }
        guard fitted != widths || kept.count < headers.count else { return rendered() }
        var table = Table(headers: kept.map { headers[$0] })
        for start in stride(from: 0, to: cells.count, by: headers.count) {
            table.add(
                kept.map { column in
                    let cell = cells[start + column]
                    return keepingStart[headers[column]] == nil
                        ? DisplayWidth.cutMiddle(cell, to: fitted[column]) : DisplayWidth.cut(cell, to: fitted[column])
                }, escaped: true)
        }
        return table.rendered()
    }

    /// The table as UTF-8 bytes, built in one buffer.
    func renderedBytes() -> [UInt8] {
        let columns = headers.count
        var out: [UInt8] = []
        out.reserveCapacity((cells.count / max(columns, 1) + 1) * (widths.reduce(0, +) + 2 * columns + 1))
        func append(_ cell: String, width: Int, column: Int) {
            out += cell.utf8
            if column < columns - 1 { out += repeatElement(UInt8(ascii: " "), count: widths[column] - width + 2) }
            if column == columns - 1 { out.append(UInt8(ascii: "\n")) }
        }
        for (column, header) in headers.enumerated() { append(header, width: Self.width(header), column: column) }
        for index in cells.indices { append(cells[index], width: cellWidths[index], column: index % columns) }
        return out
    }

    /// Columns a cell takes on a terminal (`DisplayWidth`); its byte count when it is ASCII.
    private static func width(_ cell: String) -> Int {
        cell.utf8.allSatisfy { $0 < 0x80 } ? cell.utf8.count : DisplayWidth.of(cell)
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
}
