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
            var value: UInt64 = 0
            for byte in hex[(word * 16)..<(word * 16 + 16)] {
                guard let digit = Self.digitValue(byte) else { return nil }
                value = value << 4 | UInt64(digit)
            }
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

    private static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The 64 lowercase hex digits, as the blob's file is named.
    var hex: String {
        Hex.string([first, second, third, fourth].flatMap { word in (0..<8).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } })
    }

    var description: String { hex }

    static func < (lhs: BlobID, rhs: BlobID) -> Bool {
        (lhs.first, lhs.second, lhs.third, lhs.fourth) < (rhs.first, rhs.second, rhs.third, rhs.fourth)
    }
}
