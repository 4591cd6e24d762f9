import Foundation

/// The rules a pin's name keeps, for every front end: what a user types is trimmed of surrounding
/// white space and put in Unicode's composed form (NFC), so the two spellings of one accented name
/// are one name; it must not be empty, be longer than `maximumLength` characters, hold a control
/// character (an escape sequence would reach the terminal of whoever lists the pins; tabs and line
/// breaks would break tables and lines), or be another pin's id (then the id would name two pins).
public enum PinName {
    /// The most characters a pin's name may hold.
    public static let maximumLength = 200

    /// What a pin given no name is called, in words for a form's empty name field (`Library.addPin`
    /// names it so).
    public static let defaultDescription = "Its coordinates, when left empty"

    /// `raw` trimmed and composed (NFC), or a `usage` error naming the problem and the fix.
    public static func checked(_ raw: String) throws(LibraryError) -> String {
        let name = normalized(raw)
        guard !name.isEmpty else {
            throw LibraryError(.usage, "a pin's name must not be empty; give it a name, or leave the name out to use its coordinates")
        }
        guard name.count <= maximumLength else {
            throw LibraryError(
                .usage,
                "the pin name \"\(name.prefix(40))…\" is \(name.count) characters long; a pin's name may hold at most \(maximumLength): shorten it"
            )
        }
        if let control = name.unicodeScalars.first(where: PlainLine.isControl) {
            let code = String(format: "U+%04X", control.value)
            throw LibraryError(
                .usage,
                "the pin name \(name.debugDescription) holds a control character (\(code)); use letters, digits, spaces and punctuation only"
            )
        }
        return name
    }

    /// A name made of outside text (a geocoder's name for a place), cleaned (`PlainLine`), when the
    /// result keeps the rules; nil otherwise, for the caller to name the pin another way.
    public static func suggested(from text: String) -> String? {
        try? checked(PlainLine.cleaned(text))
    }

    /// `text` trimmed of surrounding white space and composed (NFC): how a name is stored and
    /// looked up, whichever spelling was typed.
    public static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
    }
}
