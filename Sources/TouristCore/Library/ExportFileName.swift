import Foundation

/// The parts of an exported photo's file name (`NN TITLE (PHOTO).EXT`), made safe to use in one:
/// no slashes, colons or control characters, no leading dot, and cut to a number of UTF-8 bytes at
/// a character's boundary, so that the whole name stays within the 255 bytes a file system allows
/// (eighty CJK characters take 240, a row of emoji more) and never ends in half a character.
enum ExportFileName {
    /// The most bytes a title takes in a name.
    static let titleBytes = 120
    /// The most bytes a photo id takes in a name: with the title, the number (up to 7 digits), the
    /// spaces, the parentheses and the longest extension (`.json`, `.jpeg`), 244 bytes at most.
    static let photoBytes = 110

    /// `text` made safe for a file name and cut to at most `maxBytes` bytes of UTF-8.
    static func part(_ text: String, maxBytes: Int) -> String {
        let cleaned = String(text.map { isForbidden($0) ? "_" : $0 }).trimmingCharacters(in: .whitespaces)
        let named = cleaned.isEmpty || cleaned.hasPrefix(".") ? "_" + cleaned : cleaned
        var cut = ""
        var bytes = 0
        for character in named {
            bytes += character.utf8.count
            guard bytes <= maxBytes else { break }
            cut.append(character)
        }
        return cut.trimmingCharacters(in: .whitespaces)
    }

    /// A path separator, a colon (a separator elsewhere), or a control character.
    private static func isForbidden(_ character: Character) -> Bool {
        if "/\\:".contains(character) { return true }
        return character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
