/// What a terminal of a given width shows after some output, for tests of the progress line: "\r"
/// goes to the start of the row, "\n" to the next row, ESC[K clears to the end of the row and
/// ESC[2K the whole row, other escape sequences are skipped, and a character written past the
/// last column wraps onto a new row, as terminals do. Every character is one column wide (the
/// output tested is ASCII and "…").
struct TerminalScreen {
    private(set) var rows: [[Character]] = [[]]
    private var row = 0
    private var column = 0
    let width: Int

    init(width: Int, showing output: String = "") {
        self.width = width
        write(output)
    }

    /// The rows with text, trailing spaces dropped.
    var lines: [String] {
        rows.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.filter { !$0.isEmpty }
    }

    mutating func write(_ output: String) {
        var characters = output.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\r": column = 0
            case "\n", "\r\n": column = 0; newRow()
            case "\u{1B}":
                var sequence = ""
                while let next = characters.next() {
                    sequence.append(next)
                    if next.isLetter { break }
                }
                if sequence == "[K" { rows[row].removeSubrange(min(column, rows[row].count)...) }
                if sequence == "[2K" { rows[row] = [] }
            default:
                if column >= width { column = 0; newRow() }
                while rows[row].count <= column { rows[row].append(" ") }
                rows[row][column] = character
                column += 1
            }
        }
    }

    private mutating func newRow() {
        row += 1
        if row == rows.count { rows.append([]) }
    }

    /// The pieces of `output` drawn between line starts ("\r", "\n"), escape sequences taken out:
    /// each is what one frame of a progress line wrote on its row.
    static func segments(_ output: String) -> [String] {
        output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
            .split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }).map(String.init)
    }
}
