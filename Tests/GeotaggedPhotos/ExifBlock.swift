/// Writes EXIF blocks (TIFF structures) with known tags, the way cameras and phones do: IFD0 with
/// the pixel size, DateTime and pointers to the EXIF and GPS IFDs; the EXIF IFD with
/// DateTimeOriginal and PixelX/YDimension; the GPS IFD with version, refs, degrees/minutes/seconds
/// as RATIONALs and, when given, the altitude. Little- or big-endian.
public struct ExifBlock: Sendable {
    /// One IFD entry: tag, TIFF type, component count and the value's bytes in the block's byte order.
    public struct Entry: Sendable {
        public var tag: Int
        public var type: Int
        public var count: Int
        public var value: [UInt8]

        public init(tag: Int, type: Int, count: Int, value: [UInt8]) {
            self.tag = tag
            self.type = type
            self.count = count
            self.value = value
        }
    }

    public var bigEndian: Bool
    public var ifd0: [Entry] = []
    public var exif: [Entry] = []
    public var gps: [Entry] = []
    /// Replaces the GPS IFD pointer in IFD0 (to make it point outside the block, or back at IFD0).
    public var gpsPointerOverride: Int?
    /// The TIFF type of the EXIF and GPS IFD pointers: LONG (4), as most writers use, or IFD (13),
    /// as TIFF/EP and EXIF 2.3 also allow.
    public var pointerType = 4

    public init(bigEndian: Bool = false) {
        self.bigEndian = bigEndian
    }

    /// The block for `photo`'s tags.
    public init(_ photo: GeotaggedPhoto) {
        self.init(bigEndian: photo.bigEndian)
        ifd0 = [long(0x0100, photo.width), long(0x0101, photo.height)]
        if let make = photo.make { ifd0.append(ascii(0x010F, make)) }
        if let model = photo.model { ifd0.append(ascii(0x0110, model)) }
        if let taken = photo.takenAt {
            ifd0.append(ascii(0x0132, taken))
            exif.append(ascii(0x9003, taken))
        }
        exif += [long(0xA002, photo.width), long(0xA003, photo.height)]
        if let latitude = photo.latitude, let longitude = photo.longitude {
            gps = [
                Entry(tag: 0x0000, type: 1, count: 4, value: [2, 3, 0, 0]),
                ascii(0x0001, latitude < 0 ? "S" : "N"), degrees(0x0002, abs(latitude)),
                ascii(0x0003, longitude < 0 ? "W" : "E"), degrees(0x0004, abs(longitude)),
            ]
            if let altitude = photo.altitude {
                gps.append(Entry(tag: 0x0005, type: 1, count: 1, value: [altitude < 0 ? 1 : 0]))
                gps.append(rationals(0x0006, [(UInt32((abs(altitude) * 100).rounded()), 100)]))
            }
            if photo.reversedGPSTags { gps.reverse() }
        }
        gpsPointerOverride = photo.gpsPointerOverride
        pointerType = photo.pointerType
    }

    /// `count` bytes of `value`, in this block's byte order.
    public func integer(_ value: Int, _ count: Int) -> [UInt8] {
        let big = (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
        return bigEndian ? big : big.reversed()
    }

    public func long(_ tag: Int, _ value: Int) -> Entry { Entry(tag: tag, type: 4, count: 1, value: integer(value, 4)) }

    public func ascii(_ tag: Int, _ text: String) -> Entry {
        Entry(tag: tag, type: 2, count: text.utf8.count + 1, value: Array(text.utf8) + [0])
    }

    public func rationals(_ tag: Int, _ values: [(UInt32, UInt32)]) -> Entry {
        Entry(tag: tag, type: 5, count: values.count, value: values.flatMap { integer(Int($0.0), 4) + integer(Int($0.1), 4) })
    }

    /// Degrees, minutes and seconds (to 1e-7 s) of a non-negative angle.
    public func degrees(_ tag: Int, _ angle: Double) -> Entry {
        let whole = angle.rounded(.down)
        let minutes = ((angle - whole) * 60).rounded(.down)
        let seconds = ((angle - whole) * 60 - minutes) * 60
        return rationals(tag, [(UInt32(whole), 1), (UInt32(minutes), 1), (UInt32((seconds * 1e7).rounded()), 10_000_000)])
    }

    /// The TIFF structure: header, IFD0, the EXIF IFD, the GPS IFD (each when it has entries),
    /// then the values longer than 4 bytes. `leading` bytes (image data, say) come between the
    /// header and IFD0, as in a TIFF file whose strips precede its tags.
    public func bytes(leading: [UInt8] = []) -> [UInt8] {
        var first = ifd0
        if !exif.isEmpty { first.append(Entry(tag: 0x8769, type: pointerType, count: 1, value: [])) }
        if !gps.isEmpty { first.append(Entry(tag: 0x8825, type: pointerType, count: 1, value: [])) }
        first.sort { $0.tag < $1.tag }
        let size = { (entries: [Entry]) in 2 + 12 * entries.count + 4 }
        let ifd0Offset = 8 + leading.count
        let exifOffset = ifd0Offset + size(first)
        let gpsOffset = exifOffset + (exif.isEmpty ? 0 : size(exif))
        var dataOffset = gpsOffset + (gps.isEmpty ? 0 : size(gps))
        var data: [UInt8] = []
        func table(_ entries: [Entry], pointers: Bool = false) -> [UInt8] {
            var out = integer(entries.count, 2)
            for entry in entries {
                out += integer(entry.tag, 2) + integer(entry.type, 2) + integer(entry.count, 4)
                switch entry.tag {
                case 0x8769 where pointers: out += integer(exifOffset, 4)
                case 0x8825 where pointers: out += integer(gpsPointerOverride ?? gpsOffset, 4)
                default:
                    if entry.value.count <= 4 {
                        out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
                    } else {
                        out += integer(dataOffset, 4)
                        data += entry.value
                        dataOffset += entry.value.count
                    }
                }
            }
            return out + integer(0, 4)
        }
        let header: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        var out = header + integer(ifd0Offset, 4) + leading + table(first, pointers: true)
        if !exif.isEmpty { out += table(exif) }
        if !gps.isEmpty { out += table(gps) }
        return out + data
    }
}
