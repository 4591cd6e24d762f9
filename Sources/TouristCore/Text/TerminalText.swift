/// Text from outside (a provider's titles and ids, a plugin's log, a server's message) made safe to
/// print on a terminal: a control character would let it move the cursor, retitle the window, or
/// hide what comes before it (ESC starts those sequences), a line separator would break a table's
/// row, and a bidirectional override would reorder what is shown. Each is written out visibly as `\u{1b}`; a tab becomes a space.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) and bidirectional override escaped;
    /// line feeds are kept when `keepingLineBreaks` (a message of several lines).
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) && !(keepingLineBreaks && $0 == "\n") }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                out.append(" ")
            } else if needsEscape(scalar), !(keepingLineBreaks && scalar == "\n") {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A C0 or C1 control, DEL, a line or paragraph separator (U+2028, U+2029: line breaks to
    /// some terminals and pagers), or a bidirectional embedding, override or isolate.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
