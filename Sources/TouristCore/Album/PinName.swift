import Foundation

/// The rules a pin's name keeps, for every front end: what a user types is trimmed of surrounding
/// white space; it must not be empty, hold a control character (an escape sequence would reach the
/// terminal of whoever lists the pins; tabs and line breaks would break tables and lines), or be
/// another pin's id (then the id would name two pins).
public enum PinName {
    /// `raw` trimmed, or a `usage` error naming the problem and the fix.
    public static func checked(_ raw: String) throws(LibraryError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw LibraryError(.usage, "a pin's name must not be empty; give it a name, or leave the name out to use its coordinates")
        }
        if let control = name.unicodeScalars.first(where: isControl) {
            let code = String(format: "U+%04X", control.value)
            throw LibraryError(.usage, "the pin name \(name.debugDescription) holds a control character (\(code)); use letters, digits, spaces and punctuation only")
        }
        return name
    }

    /// Control and format characters: C0 and C1 controls (escape, tab, line breaks) and the
    /// invisible formatting ones (bidirectional overrides, which reorder what a terminal shows).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
