/// A blob's name (64 lowercase hex digits, its SHA-256) read from a request path into 32 bytes: a
/// cache key that is checked, hashed and compared without making a string.
struct BlobName: Hashable, Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// Nil unless `text` is exactly 64 lowercase hex digits.
    init?(_ text: Substring) {
        let utf8 = text.utf8
        guard utf8.count == 64 else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for (index, byte) in utf8.enumerated() {
            let digit: UInt64
            switch byte {
            case 0x30...0x39: digit = UInt64(byte - 0x30)
            case 0x61...0x66: digit = UInt64(byte - 0x61 + 10)
            default: return nil
            }
            switch index / 16 {
            case 0: words.0 = words.0 << 4 | digit
            case 1: words.1 = words.1 << 4 | digit
            case 2: words.2 = words.2 << 4 | digit
            default: words.3 = words.3 << 4 | digit
            }
        }
        self.words = words
    }

    static func == (left: BlobName, right: BlobName) -> Bool {
        left.words == right.words
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
