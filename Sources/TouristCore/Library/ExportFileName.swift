import Foundation

/// An exported photo's file name without its extension, `NN TITLE` (`01 DSCN0042`: the number
/// tells the files apart, the sidecar names the photo), made safe to use as one: the title loses
/// an image file's extension (a directory provider titles a photo by its file's name, and the
/// export adds the extension of the bytes' format), has no slashes, colons or control characters
/// and no leading dot, and is cut to a number of UTF-8 bytes at a character's boundary, so that the
/// whole name stays within the 255 bytes a file system allows (eighty CJK characters take 240, a
/// row of emoji more) and never ends in half a character.
enum ExportFileName {
    /// The most bytes a title takes in a name.
    static let titleBytes = 200

    /// Extensions of image files, dropped from the end of a title.
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "gif", "webp", "tif", "tiff", "avif", "heic", "heif", "hif"]

    /// `NN TITLE` for photo number `number` (padded to `digits`) titled `title`.
    static func base(number: Int, digits: Int, title: String) -> String {
        let padded = String(repeating: "0", count: max(0, digits - String(number).count)) + String(number)
        return padded + " " + part(withoutImageExtension(title), maxBytes: titleBytes)
    }

    /// `title` without a trailing image file extension (`DSCN0042.JPG` gives `DSCN0042`).
    static func withoutImageExtension(_ title: String) -> String {
        guard let dot = title.lastIndex(of: "."), dot > title.startIndex,
            imageExtensions.contains(title[title.index(after: dot)...].lowercased())
        else { return title }
        return String(title[..<dot])
    }

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
