/// The containers a photo's EXIF can live in.
enum ImageContainer: String, Sendable {
    case jpeg, png, webp, heif, tiff

    /// The container named by a file's first 12 bytes, or nil for anything else.
    static func of(_ head: [UInt8]) -> ImageContainer? {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.fourCC(at: 0) == "RIFF", head.fourCC(at: 8) == "WEBP" { return .webp }
        if head.fourCC(at: 4) == "ftyp" { return .heif }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        return nil
    }
}

/// A container whose structure points outside the file or is cut short.
struct DamagedContainer: Error, Equatable, CustomStringConvertible {
    let description: String
}

/// Finds the EXIF block in a JPEG (APP1), PNG (`eXIf`), WebP (RIFF `EXIF`) or HEIC/HEIF (the
/// `Exif` item of the `meta` box, through `iinf` and `iloc`, wherever in the file it is), reading
/// only the headers it walks and the block itself; a TIFF's tags are copied out of it by
/// `TIFFCompactor`. The block is returned as a TIFF structure
/// (starting "II*\0" or "MM\0*"), with any `Exif\0\0` prefix removed.
enum ExifLocator {
    /// The largest EXIF block read (JPEG's APP1 holds at most 64 KiB; other containers more).
    static let maximumBlock = 4 << 20
    /// The most boxes, chunks or segments walked before giving up on a file.
    static let maximumSteps = 10_000

    /// The TIFF-structured EXIF block of the file `reader` reads, or nil when it has none.
    static func tiffBlock(in reader: ByteReader) throws(DamagedContainer) -> [UInt8]? {
        guard let head = reader.read(at: 0, count: min(12, reader.size)), let container = ImageContainer.of(head) else { return nil }
        let block: [UInt8]?
        switch container {
        case .jpeg: block = try jpeg(reader)
        case .png: block = try png(reader)
        case .webp: block = try webp(reader)
        case .heif: block = try heif(reader)
        case .tiff: return try TIFFCompactor.compact(reader)  // its own EXIF structure, without the image data
        }
        guard let block else { return nil }
        let tiff = block.starts(with: Array("Exif\0\0".utf8)) ? Array(block.dropFirst(6)) : block
        guard ImageContainer.of(tiff + [0, 0, 0, 0, 0, 0, 0, 0]) == .tiff else {
            throw DamagedContainer(description: "the EXIF block does not start with a TIFF header")
        }
        return tiff
    }

    private static func read(_ reader: ByteReader, at offset: Int, count: Int, _ what: String) throws(DamagedContainer) -> [UInt8] {
        guard count <= maximumBlock else { throw DamagedContainer(description: "\(what) claims \(count) bytes") }
        guard let bytes = reader.read(at: offset, count: count) else {
            throw DamagedContainer(description: "\(what) at \(offset) (\(count) bytes) lies outside the file (\(reader.size) bytes)")
        }
        return bytes
    }

    /// JPEG: the first APP1 segment holding "Exif\0\0", before the scan.
    private static func jpeg(_ reader: ByteReader) throws(DamagedContainer) -> [UInt8]? {
        try JPEGSegments.first(in: reader) { marker, data, length throws(DamagedContainer) in
            guard marker == 0xE1, length >= 6, reader.read(at: data, count: 6) == Array("Exif\0\0".utf8) else { return nil }
            return try read(reader, at: data + 6, count: length - 6, "the JPEG APP1 EXIF segment")
        }
    }

    /// PNG: chunks after the signature; `eXIf` holds the block; IEND ends the file.
    private static func png(_ reader: ByteReader) throws(DamagedContainer) -> [UInt8]? {
        var position = 8
        for _ in 0..<maximumSteps {
            guard let header = reader.read(at: position, count: 8), let length = header.bigEndian(at: 0, count: 4) else { return nil }
            switch header.fourCC(at: 4) {
            case "eXIf": return try read(reader, at: position + 8, count: length, "the PNG eXIf chunk")
            case "IEND": return nil
            default: position += 12 + length
            }
        }
        return nil
    }

    /// WebP: RIFF chunks after "RIFF size WEBP"; `EXIF` holds the block; chunks are padded to even sizes.
    private static func webp(_ reader: ByteReader) throws(DamagedContainer) -> [UInt8]? {
        var position = 12
        for _ in 0..<maximumSteps {
            guard let header = reader.read(at: position, count: 8), let length = header.littleEndian32(at: 4) else { return nil }
            if header.fourCC(at: 0) == "EXIF" { return try read(reader, at: position + 8, count: length, "the WebP EXIF chunk") }
            position += 8 + length + (length & 1)
        }
        return nil
    }

    /// HEIC/HEIF (ISO BMFF): the top-level `meta` box; its `iinf` names the `Exif` item and its
    /// `iloc` says where the item's bytes are (anywhere in the file, often at the end). The item
    /// starts with a 4-byte offset to the TIFF header.
    private static func heif(_ reader: ByteReader) throws(DamagedContainer) -> [UInt8]? {
        guard let meta = try topLevelBox("meta", reader) else { return nil }
        let box = try read(reader, at: meta.offset, count: meta.size, "the HEIF meta box")
        let children = BoxWalker.children(of: box, from: meta.header + 4)  // meta is a full box
        guard let iinf = children["iinf"], let iloc = children["iloc"],
            let item = HEIFItems.exifItemID(iinf: Array(box[iinf])),
            let location = try HEIFItems.location(of: item, iloc: Array(box[iloc]))
        else { return nil }
        var payload: [UInt8] = []
        for extent in location.extents {
            var start = try itemOffset(location.baseOffset, extent.offset)
            if location.constructionMethod == 1 {  // inside the meta box's `idat`
                guard let idat = children["idat"] else {
                    throw DamagedContainer(description: "the Exif item lives in an idat box the meta box lacks")
                }
                start = try itemOffset(start, meta.offset + idat.lowerBound + 8)
            } else if location.constructionMethod != 0 {
                return nil
            }
            let length = extent.length == 0 ? reader.size - start : extent.length
            guard length <= maximumBlock - payload.count else {
                throw DamagedContainer(description: "the HEIF Exif item's extents claim more than \(maximumBlock) bytes")
            }
            payload += try read(reader, at: start, count: length, "the HEIF Exif item")
        }
        guard let skip = payload.bigEndian(at: 0, count: 4), 4 + skip <= payload.count else {
            throw DamagedContainer(description: "the HEIF Exif item is shorter than its header offset")
        }
        return Array(payload[(4 + skip)...])
    }

    /// `base + offset` for an item extent: both come from the file's 64-bit fields, so a negative
    /// one or a sum past `Int.max` is damage, not a trap.
    private static func itemOffset(_ base: Int, _ offset: Int) throws(DamagedContainer) -> Int {
        let (sum, overflow) = base.addingReportingOverflow(offset)
        guard base >= 0, offset >= 0, !overflow else {
            throw DamagedContainer(description: "the HEIF Exif item's offset \(base) + \(offset) is out of range")
        }
        return sum
    }

    /// The top-level box of `type`: where it starts, its size, and its header's length.
    static func topLevelBox(_ type: String, _ reader: ByteReader) throws(DamagedContainer) -> (offset: Int, size: Int, header: Int)? {
        var position = 0
        for _ in 0..<maximumSteps {
            guard let header = reader.read(at: position, count: 8), var size = header.bigEndian(at: 0, count: 4) else { return nil }
            var headerLength = 8
            if size == 1 {
                size = try read(reader, at: position + 8, count: 8, "a 64-bit box size").bigEndian(at: 0, count: 8) ?? 0
                headerLength = 16
            } else if size == 0 {
                size = reader.size - position
            }
            guard size >= headerLength, !position.addingReportingOverflow(size).overflow else {
                throw DamagedContainer(description: "a box at \(position) has size \(size)")
            }
            if header.fourCC(at: 4) == type { return (position, size, headerLength) }
            position += size
        }
        return nil
    }
}
