/// Reads the EXIF of a TIFF file without reading its image data: the IFD0 entries tourist uses,
/// the EXIF IFD and the GPS IFD, with their out-of-line values, copied into a small new TIFF
/// structure (same byte order, offsets rewritten) that libexif reads like any EXIF block.
/// Pointers are followed one level only, so an IFD offset that loops cannot make it spin.
enum TIFFCompactor {
    /// IFD0 tags kept: width, height, DateTime, and the EXIF and GPS IFD pointers.
    static let ifd0Tags: Set<Int> = [0x0100, 0x0101, 0x0132, 0x8769, 0x8825]
    /// EXIF IFD tags kept: DateTimeOriginal, PixelXDimension, PixelYDimension.
    static let exifTags: Set<Int> = [0x9003, 0xA002, 0xA003]
    /// The most bytes one entry's value may take.
    static let maximumValue = 64 * 1024
    /// The most bytes all kept values may take together (so many large GPS tags cannot add up to gigabytes).
    static let maximumValues = ExifLocator.maximumBlock

    private struct Entry {
        var tag: Int
        var type: Int
        var count: Int
        /// The value's bytes, in the file's byte order.
        var value: [UInt8]
    }

    /// The compact TIFF structure of the file `reader` reads, which must start with a TIFF header.
    static func compact(_ reader: ByteReader) throws(DamagedContainer) -> [UInt8] {
        guard let header = reader.read(at: 0, count: 8) else { throw DamagedContainer(description: "the TIFF header is cut short") }
        let little = header[0] == 0x49
        func integer(_ bytes: [UInt8], _ index: Int, _ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            let slice = Array(bytes[index..<(index + count)])
            return (little ? slice.reversed() : slice).reduce(0) { $0 << 8 | Int($1) }
        }
        var valueBytes = 0
        func readIFD(at offset: Int, keeping tags: Set<Int>?) throws(DamagedContainer) -> [Entry] {
            guard let countBytes = reader.read(at: offset, count: 2), let count = integer(countBytes, 0, 2) else {
                throw DamagedContainer(description: "an IFD offset (\(offset)) lies outside the file")
            }
            guard let table = reader.read(at: offset + 2, count: 12 * count) else {
                throw DamagedContainer(description: "an IFD at \(offset) is cut short")
            }
            var entries: [Entry] = []
            for index in 0..<count {
                let base = 12 * index
                guard let tag = integer(table, base, 2), let type = integer(table, base + 2, 2),
                    let components = integer(table, base + 4, 4)
                else { continue }
                // Type 13 is IFD: an offset, as EXIF 2.3 and TIFF/EP allow for the EXIF and GPS pointers.
                guard tags?.contains(tag) ?? true,
                    let unit = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4][type]
                else { continue }
                let length = unit * components
                guard length <= maximumValue else { continue }
                valueBytes += length
                guard valueBytes <= maximumValues else {
                    throw DamagedContainer(description: "the TIFF's tags hold more than \(maximumValues) bytes")
                }
                var value = Array(table[(base + 8)..<(base + 12)].prefix(length))
                if length > 4 {
                    guard let offset = integer(table, base + 8, 4), let bytes = reader.read(at: offset, count: length) else {
                        throw DamagedContainer(description: "the value of tag \(tag) lies outside the file")
                    }
                    value = bytes
                }
                entries.append(Entry(tag: tag, type: type, count: components, value: value))
            }
            return entries
        }
        guard let first = integer(header, 4, 4) else { throw DamagedContainer(description: "the TIFF header is cut short") }
        let ifd0 = try readIFD(at: first, keeping: ifd0Tags)
        func pointer(_ tag: Int) -> Int? { ifd0.first { $0.tag == tag }.flatMap { integer($0.value, 0, 4) } }
        let exif = try pointer(0x8769).map { offset throws(DamagedContainer) in try readIFD(at: offset, keeping: exifTags) } ?? []
        let gps = try pointer(0x8825).map { offset throws(DamagedContainer) in try readIFD(at: offset, keeping: nil) } ?? []
        return write(ifd0: ifd0.filter { $0.tag != 0x8769 && $0.tag != 0x8825 }, exif: exif, gps: gps, little: little)
    }

    /// A TIFF: header, IFD0 (with pointers to the EXIF and GPS IFDs when they have entries), the two
    /// IFDs, then every value longer than 4 bytes.
    private static func write(ifd0: [Entry], exif: [Entry], gps: [Entry], little: Bool) -> [UInt8] {
        func bytes(_ value: Int, _ count: Int) -> [UInt8] {
            let big = (0..<count).map { UInt8(value >> (8 * (count - 1 - $0)) & 0xFF) }
            return little ? big.reversed() : big
        }
        var first = ifd0
        let size = { (entries: [Entry]) in 2 + 12 * entries.count + 4 }
        if !exif.isEmpty { first.append(Entry(tag: 0x8769, type: 4, count: 1, value: [])) }
        if !gps.isEmpty { first.append(Entry(tag: 0x8825, type: 4, count: 1, value: [])) }
        first.sort { $0.tag < $1.tag }
        let exifOffset = 8 + size(first), gpsOffset = exifOffset + (exif.isEmpty ? 0 : size(exif))
        var dataOffset = gpsOffset + (gps.isEmpty ? 0 : size(gps))
        var data: [UInt8] = []
        func table(_ entries: [Entry]) -> [UInt8] {
            var out = bytes(entries.count, 2)
            for entry in entries {
                out += bytes(entry.tag, 2) + bytes(entry.type, 2) + bytes(entry.count, 4)
                switch entry.tag {
                case 0x8769 where entry.value.isEmpty: out += bytes(exifOffset, 4)
                case 0x8825 where entry.value.isEmpty: out += bytes(gpsOffset, 4)
                default:
                    if entry.value.count <= 4 {
                        out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
                    } else {
                        out += bytes(dataOffset, 4)
                        data += entry.value
                        dataOffset += entry.value.count
                    }
                }
            }
            return out + bytes(0, 4)
        }
        let header: [UInt8] = little ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]
        var out = header + bytes(8, 4) + table(first)
        if !exif.isEmpty { out += table(exif) }
        if !gps.isEmpty { out += table(gps) }
        return out + data
    }
}
