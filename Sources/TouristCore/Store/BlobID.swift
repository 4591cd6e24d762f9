/// A blob's SHA-256 as 32 bytes, the key of the whole-store passes (verify, repair, gc): they handle
/// hundreds of thousands of blobs and compare, sort and join these instead of 64-character strings,
/// with no allocation per blob. Ordered as their hex names are.
struct BlobID: Hashable, Comparable, Sendable, CustomStringConvertible {
    // The digest's bytes, big-endian, so comparing the words compares the hex names.
    private let first: UInt64, second: UInt64, third: UInt64, fourth: UInt64

    /// Reads 64 lowercase hex digits (a blob file's name); nil for anything else.
    init?(hex: UnsafeBufferPointer<UInt8>) {
        guard hex.count == 64 else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for word in 0..<4 {
            var value: UInt64 = 0, invalid: UInt8 = 0
            for byte in hex[(word * 16)..<(word * 16 + 16)] {
                let digit = Self.digitValues[Int(byte)]
                invalid |= digit
                value = value << 4 | UInt64(digit & 0x0F)
            }
            guard invalid & 0x80 == 0 else { return nil }
            switch word {
            case 0: words.0 = value
            case 1: words.1 = value
            case 2: words.2 = value
            default: words.3 = value
            }
        }
        (first, second, third, fourth) = words
    }

    /// Reads a hex name kept as a string (an album photo's `sha256`).
    init?(_ hex: String) {
        var text = hex
        guard let id = text.withUTF8({ BlobID(hex: $0) }) else { return nil }
        self = id
    }

    /// The SHA-256 digest `bytes` (32 of them).
    init?(digest bytes: some Sequence<UInt8>) {
        var words: [UInt64] = []
        var value: UInt64 = 0, count = 0
        for byte in bytes {
            value = value << 8 | UInt64(byte)
            count += 1
            if count % 8 == 0 { words.append(value); value = 0 }
        }
        guard count == 32 else { return nil }
        (first, second, third, fourth) = (words[0], words[1], words[2], words[3])
    }

    /// Each byte's value as a lowercase hex digit, 0x80 for any other byte.
    private static let digitValues: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x30...0x39: UInt8(byte - 0x30)
        case 0x61...0x66: UInt8(byte - 0x61 + 10)
        default: 0x80
        }
    }

    /// The 64 lowercase hex digits, as the blob's file is named.
    var hex: String {
        Hex.string(
            [first, second, third, fourth].flatMap { word in (0..<8).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } })
    }

    var description: String { hex }

    static func < (lhs: BlobID, rhs: BlobID) -> Bool {
        (lhs.first, lhs.second, lhs.third, lhs.fourth) < (rhs.first, rhs.second, rhs.third, rhs.fourth)
    }
}
