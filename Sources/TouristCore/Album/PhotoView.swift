/// One more size of an album photo, kept in the store beside the album's own: the larger size a
/// photo page shows, or what `photo get` downloaded. Its blob is referenced like the photo's
/// (`index/refs` line `PIN PHOTO SIZE`), so it goes when the photo leaves the album.
public struct PhotoView: Sendable, Codable, Equatable {
    public var size: PhotoSize
    public var sha256: String
    public var bytes: Int
    public var mimeType: String?

    public init(size: PhotoSize, sha256: String, bytes: Int, mimeType: String?) {
        self.size = size
        self.sha256 = sha256
        self.bytes = bytes
        self.mimeType = mimeType
    }

    /// The `index/refs` line that records album photo `key` of pin `pin` using a blob: `PIN PHOTO`
    /// for the album's own size, `PIN PHOTO SIZE` for a view. `PHOTO` is `key` with `%` and control
    /// characters (line breaks among them) percent-encoded, so a use is one line whatever a
    /// provider's ids hold (a directory provider's id is a file name, which may hold a line break).
    static func referenceLine(pin: String, key: PhotoKey, view: PhotoSize?) -> String {
        referenceLine(pin: pin, key: key, use: view?.rawValue)
    }

    /// The `index/refs` line of album photo `key` of pin `pin` using a blob for `use`: nil for the
    /// album's own size, a size letter for a view, a recipe id for a derived image (`PIN PHOTO
    /// thumbnail-400-webp-q75-v2`).
    static func referenceLine(pin: String, key: PhotoKey, use: String?) -> String {
        let photo = lineSafe(key.description)
        return use.map { "\(pin) \(photo) \($0)" } ?? "\(pin) \(photo)"
    }

    /// `text` with `%`, C0 controls and DEL percent-encoded (`%0A`); unchanged when it holds none.
    static func lineSafe(_ text: String) -> String {
        func needsEncoding(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") }
        guard text.utf8.contains(where: needsEncoding) else { return text }
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            if needsEncoding(byte) {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
