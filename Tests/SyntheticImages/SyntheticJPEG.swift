/// Small real JPEGs made by hand, for the fakes that serve photos (Flickr, Commons, the directory
/// and fixture test sets): a baseline greyscale image whose 8×8 blocks are each one flat shade (DC
/// coefficients only, so the encoder is a few lines), which every decoder reads. A picture is a
/// grid of cells of shades unique to a seed, drawn at a scale, so one photo at two sizes is the
/// same picture and two photos are different pictures. Comment segments carry a label and padding,
/// so a file is exactly as long as a test asks.
public enum SyntheticJPEG {
    /// The cells of every picture: 12 across, 8 down (a 3:2 photo).
    public static let columns = 12
    public static let rows = 8

    /// A JPEG of the picture `seed` names, each cell `scale` blocks (8 px) a side (96×64 px at
    /// scale 1), carrying `label`, padded to exactly `length` bytes (nil: no padding). Nil when it
    /// cannot be that short.
    public static func make(seed: String, scale: Int = 1, label: [UInt8] = [], length: Int? = nil) -> [UInt8]? {
        make(seed: seed, width: columns * 8 * max(1, scale), height: rows * 8 * max(1, scale), label: label, length: length)
    }

    /// A JPEG of the picture `seed` names at `width` × `height` pixels (its cells stretched to
    /// fill it), with `segments` (whole marker segments, such as an EXIF APP1) after its APP0,
    /// carrying `label`, padded to exactly `length` bytes (nil: no padding). Nil when it cannot be
    /// that short.
    public static func make(
        seed: String, width: Int, height: Int, segments: [UInt8] = [], label: [UInt8] = [], length: Int? = nil
    ) -> [UInt8]? {
        let shades = shades(seed: seed)
        let blocksAcross = (max(1, width) + 7) / 8, blocksDown = (max(1, height) + 7) / 8
        var scan = BitWriter()
        var previous = 0
        for blockRow in 0..<blocksDown {
            for blockColumn in 0..<blocksAcross {
                let shade = shades[(blockRow * rows / blocksDown) * columns + blockColumn * columns / blocksAcross]
                // With a quantisation of 1, a block's DC coefficient is 8 × (its shade − 128).
                let dc = 8 * (Int(shade) - 128)
                scan.writeDC(dc - previous)
                previous = dc
                scan.write(0, bits: 1)  // end of block: no AC coefficients
            }
        }
        let before: [UInt8] = [0xFF, 0xD8] + segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]) + segments
        let after =
            segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
            + segment(0xC0, [8] + bigEndian(max(1, height)) + bigEndian(max(1, width)) + [1, 1, 0x11, 0])
            + segment(0xC4, [0x00] + counts(length: 4, symbols: 12) + Array(0...11) + [0x10] + counts(length: 1, symbols: 1) + [0x00])
            + segment(0xDA, [1, 1, 0x00, 0, 63, 0]) + scan.finished() + [0xFF, 0xD9]
        guard let length else { return before + comments(label) + after }
        let room = length - before.count - after.count
        // Comment segments of at most 65,533 bytes each, with 4 bytes of marker and length apiece.
        let segmentCount = max(1, (room + 65_536) / 65_537)
        let padding = room - 4 * segmentCount - label.count
        guard padding >= 0 else { return nil }
        return before + comments(label + filler(seed: label, count: padding), segments: segmentCount) + after
    }

    /// The shades of the picture `seed` names, row by row: smooth enough to look like a picture,
    /// different enough between seeds that no two look alike.
    public static func shades(seed: String) -> [UInt8] {
        var state = seed.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var shades: [UInt8] = []
        for _ in 0..<(columns * rows) { shades.append(UInt8(32 + next() % 192)) }
        return shades
    }

    private static func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian(data.count + 2) + data
    }

    /// `data` as `segments` comment segments (the last holding what is left).
    private static func comments(_ data: [UInt8], segments: Int = 1) -> [UInt8] {
        var result: [UInt8] = []
        var start = 0
        for index in 0..<segments {
            let end = index == segments - 1 ? data.count : min(data.count, start + 65_533)
            result += segment(0xFE, Array(data[start..<end]))
            start = end
        }
        return result
    }

    /// A Huffman table's count of codes of each length (1 to 16): `symbols` codes of `length` bits.
    private static func counts(length: Int, symbols: Int) -> [UInt8] {
        (1...16).map { $0 == length ? UInt8(symbols) : 0 }
    }

    private static func bigEndian(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }

    /// `count` bytes unique to `seed` for the first 4 KiB, then a filler shared by all (so large
    /// files are quick to make).
    private static func filler(seed: [UInt8], count: Int) -> [UInt8] {
        var state = seed.reduce(UInt64(1_469_598_103_934_665_603)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < min(count, 4096) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            result.append(UInt8(truncatingIfNeeded: state >> 33))
        }
        while result.count < count { result += shared.prefix(count - result.count) }
        return result
    }

    /// 1 MiB of fixed pseudo-random bytes.
    private static let shared: [UInt8] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<(1 << 20)).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }()
}

/// The entropy-coded bits of a scan, most significant first, with a 0 stuffed after each 0xFF byte.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var current = 0
    private var used = 0

    mutating func write(_ value: Int, bits: Int) {
        for bit in stride(from: bits - 1, through: 0, by: -1) {
            current = current << 1 | (value >> bit & 1)
            used += 1
            if used == 8 { flush() }
        }
    }

    /// A DC difference: its size category (a 4-bit code: the table gives categories 0 to 11 four
    /// bits each, in order), then its bits (a negative one as its one's complement).
    mutating func writeDC(_ difference: Int) {
        let magnitude = abs(difference)
        let category = magnitude == 0 ? 0 : Int.bitWidth - magnitude.leadingZeroBitCount
        write(category, bits: 4)
        if category > 0 { write(difference >= 0 ? difference : difference + (1 << category) - 1, bits: category) }
    }

    private mutating func flush() {
        bytes.append(UInt8(current))
        if current == 0xFF { bytes.append(0) }
        current = 0
        used = 0
    }

    /// The bytes, the last one filled with 1 bits.
    mutating func finished() -> [UInt8] {
        if used > 0 { write((1 << (8 - used)) - 1, bits: 8 - used) }
        return bytes
    }
}
