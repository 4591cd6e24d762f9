/// A photo's pixel size as its container states it (the image data's own header, which EXIF's
/// PixelXDimension may contradict after an edit): JPEG's SOF segment, PNG's IHDR, WebP's VP8X, VP8
/// or VP8L header, HEIF's primary item's `ispe` property (the full image, not a tile or a thumbnail).
enum PixelSize {
    static func read(_ reader: ByteReader) -> (width: Int, height: Int)? {
        guard let head = reader.read(at: 0, count: min(32, reader.size)), let container = ImageContainer.of(head) else { return nil }
        switch container {
        case .jpeg: return jpeg(reader)
        case .png: return png(head)
        case .webp: return webp(reader)
        case .heif: return heif(reader)
        case .tiff: return nil
        }
    }

    /// JPEG: the frame header (SOF0–SOF15 but DHT, JPG and DAC) gives height, then width.
    private static func jpeg(_ reader: ByteReader) -> (width: Int, height: Int)? {
        let frames: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]
        // A damaged header gives no size (`try?`); the file's EXIF reading reports the damage.
        return try? JPEGSegments.first(in: reader) { marker, data, _ -> (width: Int, height: Int)? in
            guard frames.contains(marker), let frame = reader.read(at: data, count: 5), let height = frame.bigEndian(at: 1, count: 2),
                let width = frame.bigEndian(at: 3, count: 2), width > 0, height > 0
            else { return nil }
            return (width, height)
        }
    }

    private static func png(_ head: [UInt8]) -> (width: Int, height: Int)? {
        guard head.fourCC(at: 12) == "IHDR", let width = head.bigEndian(at: 16, count: 4), let height = head.bigEndian(at: 20, count: 4),
            width > 0, height > 0
        else { return nil }
        return (width, height)
    }

    private static func webp(_ reader: ByteReader) -> (width: Int, height: Int)? {
        guard let header = reader.read(at: 12, count: 8), let payload = reader.read(at: 20, count: min(10, max(0, reader.size - 20))) else {
            return nil
        }
        func le24(_ index: Int) -> Int? {
            guard index + 3 <= payload.count else { return nil }
            return Int(payload[index]) | Int(payload[index + 1]) << 8 | Int(payload[index + 2]) << 16
        }
        switch header.fourCC(at: 0) {
        case "VP8X":
            guard let width = le24(4), let height = le24(7) else { return nil }
            return (width + 1, height + 1)
        case "VP8 ":
            guard payload.count >= 10, payload[3] == 0x9D, payload[4] == 0x01, payload[5] == 0x2A else { return nil }
            return ((Int(payload[6]) | Int(payload[7]) << 8) & 0x3FFF, (Int(payload[8]) | Int(payload[9]) << 8) & 0x3FFF)
        case "VP8L":
            guard payload.count >= 5, payload[0] == 0x2F, let bits = payload.littleEndian32(at: 1) else { return nil }
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        default:
            return nil
        }
    }

    /// HEIF: the `ispe` (image spatial extent) property of the primary item (`pitm`, its
    /// properties listed by `ipma`): a grid's size, not its tiles'. Without those boxes, the largest
    /// `ispe` (the full image, not a tile or a thumbnail, in the files that lack them).
    private static func heif(_ reader: ByteReader) -> (width: Int, height: Int)? {
        guard let meta = try? ExifLocator.topLevelBox("meta", reader), meta.size <= ExifLocator.maximumBlock,
            let box = reader.read(at: meta.offset, count: meta.size)
        else { return nil }
        let boxes = BoxWalker.children(of: box, from: meta.header + 4)
        guard let iprp = boxes["iprp"] else { return nil }
        let properties = BoxWalker.children(of: box, from: iprp.lowerBound + 8)
        guard let ipco = properties["ipco"] else { return nil }
        var extents: [Int: (width: Int, height: Int)] = [:]  // by property index, from 1
        var index = 1
        var position = ipco.lowerBound + 8
        while position < ipco.upperBound, let size = box.bigEndian(at: position, count: 4), size >= 8, position + size <= ipco.upperBound {
            if box.fourCC(at: position + 4) == "ispe", let width = box.bigEndian(at: position + 12, count: 4),
                let height = box.bigEndian(at: position + 16, count: 4)
            {
                extents[index] = (width, height)
            }
            position += size
            index += 1
        }
        if let pitm = boxes["pitm"], let ipma = properties["ipma"], let primary = primaryItem(box, pitm: pitm),
            let extent = HEIFItems.propertyIndices(of: primary, ipma: Array(box[ipma])).lazy.compactMap({ extents[$0] }).first
        {
            return extent
        }
        // 32-bit sides: the products do not overflow.
        return extents.values.max { UInt64($0.width) * UInt64($0.height) < UInt64($1.width) * UInt64($1.height) }
    }

    /// The primary item's id, from `pitm` (a 16-bit id in version 0, else 32-bit).
    private static func primaryItem(_ box: [UInt8], pitm: Range<Int>) -> Int? {
        guard pitm.count >= 14, let version = box.bigEndian(at: pitm.lowerBound + 8, count: 1) else { return nil }
        let end = pitm.lowerBound + 12 + (version == 0 ? 2 : 4)
        guard end <= pitm.upperBound else { return nil }
        return box.bigEndian(at: pitm.lowerBound + 12, count: version == 0 ? 2 : 4)
    }
}
