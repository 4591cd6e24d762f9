import Foundation

/// Photos drawn by the tests (never copied from anywhere): a building under a sky, seen from a
/// spot (`view`), written as an uncompressed TIFF that libvips reads, so the tests can make copies
/// of it at other sizes and encodings with tourist's own encoder.
struct SyntheticScene {
    /// Where the building stands in the frame and how large, as shares of the frame.
    var left = 0.3, top = 0.25, width = 0.4, height = 0.6
    /// The sky's colour at the top, and the light (a burst's next shot is a little brighter).
    var sky: (Double, Double, Double) = (90, 140, 220)
    var light = 1.0
    /// How far the whole scene is shifted right, as a share of the frame (a burst's hand shake).
    var shift = 0.0

    /// The same building from another spot: nearer, to the left, under another sky.
    static let otherSpot = SyntheticScene(left: 0.05, top: 0.1, width: 0.55, height: 0.85, sky: (200, 170, 120))

    func colour(x: Double, y: Double) -> (Double, Double, Double) {
        let x = x - shift
        let inside = x >= left && x < left + width && y >= top && y < top + height
        if inside {
            // Windows: a grid of dark panes on pale stone.
            let column = (x - left) / width * 6, row = (y - top) / height * 9
            let pane = column.truncatingRemainder(dividingBy: 1) > 0.3 && row.truncatingRemainder(dividingBy: 1) > 0.35
            return pane ? (40, 50, 70) : (225, 215, 190)
        }
        if y > 0.8 { return (70, 110, 60) }  // the lawn
        let fade = 1 - y
        return (sky.0 * fade + 255 * y * 0.5, sky.1 * fade + 255 * y * 0.5, sky.2 * fade + 230 * y * 0.5)
    }

    /// The scene as a baseline TIFF of `width` x `height` pixels (8-bit RGB, uncompressed).
    func tiff(width pixelsWide: Int, height pixelsHigh: Int) -> [UInt8] {
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let entries: [(tag: Int, type: Int, count: Int, value: Int)]
        let ifdSize = 2 + 9 * 12 + 4
        let bitsOffset = 8 + ifdSize, pixelsOffset = bitsOffset + 6
        entries = [
            (256, 4, 1, pixelsWide), (257, 4, 1, pixelsHigh), (258, 3, 3, bitsOffset), (259, 3, 1, 1), (262, 3, 1, 2),
            (273, 4, 1, pixelsOffset), (277, 3, 1, 3), (278, 4, 1, pixelsHigh), (279, 4, 1, pixelsWide * pixelsHigh * 3),
        ]
        var bytes: [UInt8] = Array("II".utf8) + le(42, 2) + le(8, 4) + le(entries.count, 2)
        for entry in entries {
            bytes += le(entry.tag, 2) + le(entry.type, 2) + le(entry.count, 4)
            bytes += entry.type == 3 && entry.count == 1 ? le(entry.value, 2) + [0, 0] : le(entry.value, 4)
        }
        bytes += le(0, 4) + le(8, 2) + le(8, 2) + le(8, 2)
        bytes.reserveCapacity(bytes.count + pixelsWide * pixelsHigh * 3)
        for row in 0..<pixelsHigh {
            for column in 0..<pixelsWide {
                let (red, green, blue) = colour(x: Double(column) / Double(pixelsWide), y: Double(row) / Double(pixelsHigh))
                bytes += [red, green, blue].map { UInt8(max(0, min(255, $0 * light))) }
            }
        }
        return bytes
    }
}
