import Foundation

/// Text from outside kept or offered as one line of plain words (a geocoder's place names): each
/// run of control characters (escape, which starts a terminal's sequences; tabs and line breaks),
/// invisible format characters (a bidirectional override, which reorders what is shown) and line or
/// paragraph separators becomes one space, and the ends are trimmed. What is left is text a pin
/// name may hold (`PinName`), shown alike on a terminal and on a page.
public enum PlainLine {
    /// `text` with every run of control, format and separator characters made one space, trimmed.
    public static func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text.trimmingCharacters(in: .whitespaces) }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isControl(scalar), scalar != " " {
                out.append(scalar)
            } else if out.last != " " {
                out.append(" ")  // one space for a run of them and the spaces around it
            }
        }
        return String(out).trimmingCharacters(in: .whitespaces)
    }

    /// Control and format characters: C0 and C1 controls (escape, tab, line breaks), the invisible
    /// formatting ones (bidirectional overrides) and Unicode's line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
