import Foundation

/// What a photo looks like: DCT perceptual hashes (pHash) of the whole photo and of ten slight
/// crops of it, and its colours on a 4 x 4 grid. Each hash is 64 bits: the photo squeezed to 32 x 32 grey pixels, their 2-D
/// discrete cosine transform taken, and each of the 8 x 8 lowest frequencies (the coarse layout
/// of light and dark) compared with their median. A resized, recompressed or re-encoded copy keeps
/// nearly every bit of the whole photo's hash; a copy cropped by a few percent keeps those of the
/// crop of the original that matches it. A different photo, even of the same building from another
/// spot, differs in many (`TouristConfig.Lookalikes` says how many differing bits still count as
/// alike; `tourist-bench lookalikes` measures it on real photos). The hashes see only light and
/// dark; the colours tell apart two pictures laid out alike in different colours.
public struct PerceptualHash: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The hash of the whole photo.
    public let whole: UInt64
    /// The hashes of the photo cropped by 4 and by 8 % of each side, centred and toward each corner.
    public let crops: [UInt64]
    /// The photo squeezed to 4 x 4 sRGB pixels, row by row (48 bytes); empty when unknown.
    public let colours: [UInt8]

    /// The side of the grey square the hashes are computed from.
    static let side = 32
    /// The side of the block of lowest frequencies kept.
    static let kept = 8
    /// The share of each side a crop leaves out, and where it leaves it (0: at the start, 1: at the end).
    static let margins = [0.04, 0.08]
    static let anchors: [(x: Double, y: Double)] = [(0.5, 0.5), (0, 0), (1, 1), (0, 1), (1, 0)]
    /// The side of the colour grid.
    static let colourSide = 4
    /// The most two photos' colours may differ, on average over the grid's 48 values (0-255), for
    /// them to be the same photo: copies and crops stay well within it (`tourist-bench lookalikes`).
    public static let colourTolerance = 18

    public init(whole: UInt64, crops: [UInt64], colours: [UInt8] = []) {
        self.whole = whole
        self.crops = crops
        self.colours = colours
    }

    /// The least difference between the darkest and the lightest of the grey square's pixels for a
    /// picture to have a layout to compare: a flat one (one colour, or a picture of a few pixels)
    /// has none, and its bits would be noise.
    static let leastContrast = 16
    /// The smallest side a picture needs to be compared.
    static let leastSide = 16

    /// The hashes and colours of `image`; nil when it has no layout to compare (`leastContrast`,
    /// `leastSide`).
    public init?(of image: DecodedImage) throws(ImageError) {
        guard image.width >= Self.leastSide, image.height >= Self.leastSide else { return nil }
        let squares = try image.squares(side: Self.side, colourSide: Self.colourSide)
        self.init(greySquare: squares.grey, colours: squares.colours)
    }

    /// The hashes of `side` x `side` grey pixels, row by row (what `PixelSquares` gives),
    /// with the colours of the 4 x 4 grid; nil when they are flat (`leastContrast`).
    init?(greySquare pixels: [UInt8], colours: [UInt8]) {
        guard let darkest = pixels.min(), let lightest = pixels.max(), Int(lightest) - Int(darkest) >= Self.leastContrast else {
            return nil
        }
        self.colours = colours
        let grey = pixels.map(Double.init)
        let n = Double(Self.side)
        whole = Self.hash(grey)
        crops = Self.margins.flatMap { margin in
            Self.anchors.map { anchor in
                let left = 2 * margin * n * anchor.x, top = 2 * margin * n * anchor.y
                return Self.hash(Self.resampled(grey, left: left, top: top, side: n * (1 - 2 * margin)))
            }
        }
    }

    /// The `side` x `side` region of `grey` at (`left`, `top`), sampled bilinearly back to the
    /// square's size.
    static func resampled(_ grey: [Double], left: Double, top: Double, side region: Double) -> [Double] {
        let n = Self.side
        let step = region / Double(n)
        func position(_ index: Int, from start: Double) -> (Int, Int, Double) {
            let place = min(max(start + (Double(index) + 0.5) * step - 0.5, 0), Double(n - 1))
            let low = Int(place)
            return (low, min(low + 1, n - 1), place - Double(low))
        }
        var out = [Double](repeating: 0, count: n * n)
        for y in 0..<n {
            let (y0, y1, fy) = position(y, from: top)
            for x in 0..<n {
                let (x0, x1, fx) = position(x, from: left)
                let upper = grey[y0 * n + x0] * (1 - fx) + grey[y0 * n + x1] * fx
                let lower = grey[y1 * n + x0] * (1 - fx) + grey[y1 * n + x1] * fx
                out[y * n + x] = upper * (1 - fy) + lower * fy
            }
        }
        return out
    }

    /// The 64-bit pHash of a `side` x `side` grey square, the lowest frequency first from the
    /// most significant bit.
    static func hash(_ grey: [Double]) -> UInt64 {
        let n = Self.side, k = Self.kept
        // Rows first: each row's k lowest frequencies; then those of each column of them.
        let rows = lowFrequencies(lines: n) { y, x in grey[y * n + x] }
        let low = lowFrequencies(lines: k) { u, y in rows[y * k + u] }
        // The mean brightness (the first coefficient) says nothing of the layout: it is left out
        // of the median.
        let median = low.dropFirst().sorted()[(k * k - 1) / 2]
        return low.reduce(0) { bits, value in bits << 1 | (value > median ? 1 : 0) }
    }

    /// The `kept` lowest frequencies of each of `lines` runs of `side` values (`value(line, position)`),
    /// line by line.
    private static func lowFrequencies(lines: Int, _ value: (Int, Int) -> Double) -> [Double] {
        var frequencies = [Double](repeating: 0, count: lines * kept)
        for line in 0..<lines {
            for u in 0..<kept {
                var sum = 0.0
                for x in 0..<side { sum += basis[u * side + x] * value(line, x) }
                frequencies[line * kept + u] = sum
            }
        }
        return frequencies
    }

    /// cos(π (2x + 1) u / 2n) for the k lowest frequencies u over the n positions x.
    private static let basis: [Double] = (0..<kept).flatMap { u in
        (0..<side).map { x in cos(Double.pi * Double(2 * x + 1) * Double(u) / Double(2 * side)) }
    }

    /// How many of the 64 bits differ between the two photos where they match best: the whole of
    /// each against the whole and the crops of the other (0 for the same look, about 32 for
    /// unrelated photos).
    public func distance(to other: PerceptualHash) -> Int {
        func bits(_ a: UInt64, _ b: UInt64) -> Int { (a ^ b).nonzeroBitCount }
        let mine = other.crops.map { bits(whole, $0) }.min() ?? 64
        let theirs = crops.map { bits(other.whole, $0) }.min() ?? 64
        return min(bits(whole, other.whole), mine, theirs)
    }

    /// How much the two photos' colours differ: the mean difference of their grids' 48 values
    /// (0-255); nil when either is unknown.
    public func colourDifference(to other: PerceptualHash) -> Int? {
        guard !colours.isEmpty, colours.count == other.colours.count else { return nil }
        let total = zip(colours, other.colours).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return total / colours.count
    }

    /// The bits the two photos' hashes differ in when they look alike, within `maxDistance` bits and
    /// `colourTolerance`; nil when they do not.
    public func likeness(to other: PerceptualHash, maxDistance: Int) -> Int? {
        let bits = distance(to: other)
        guard bits <= maxDistance, colourDifference(to: other) ?? 0 <= Self.colourTolerance else { return nil }
        return bits
    }

    /// The hashes as hexadecimal digits, 16 each, the whole photo's first, then `/` and the colours
    /// (two digits each): as albums keep them.
    public var description: String {
        let hashes = ([whole] + crops).map { hash in
            let text = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
        return colours.isEmpty ? hashes : hashes + "/" + Hex.string(colours)
    }

    /// The hashes written as `description` writes them; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Array($0.utf8) }
        guard parts.count <= 2, let digits = parts.first, !digits.isEmpty, digits.count % 16 == 0,
            parts.joined().allSatisfy({ Hex.value(of: $0) != nil })
        else { return nil }
        func values(_ digits: [UInt8], width: Int) -> [UInt64] {
            stride(from: 0, to: digits.count, by: width).map { start in
                digits[start..<start + width].reduce(UInt64(0)) { $0 << 4 | UInt64(Hex.value(of: $1) ?? 0) }
            }
        }
        let hashes = values(digits, width: 16)
        let colours = parts.count == 2 && parts[1].count % 2 == 0 ? values(parts[1], width: 2).map { UInt8($0) } : []
        guard parts.count == 1 || !colours.isEmpty else { return nil }
        self.init(whole: hashes[0], crops: Array(hashes.dropFirst()), colours: colours)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let hash = PerceptualHash(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a perceptual hash: \(text)")
        }
        self = hash
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
