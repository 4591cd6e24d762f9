import Foundation
import SyntheticImages

/// A photo file written for tests and benchmarks, with a known position, taken date and pixel
/// size, in any of the containers the directory provider reads. The containers are laid out as
/// cameras and phones write them (JPEG: APP1 before the frame header; PNG: eXIf after IHDR; WebP:
/// VP8X, image chunk, EXIF chunk; HEIF: `meta` with `iinf`/`iloc`/`iprp` and the Exif item at the
/// end of the file, in `mdat`; TIFF: the tags after the image data).
public struct GeotaggedPhoto: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case jpeg, png, webp, heif, tiff

        /// The usual file name extension.
        public var fileExtension: String {
            switch self {
            case .jpeg: "jpg"
            case .png: "png"
            case .webp: "webp"
            case .heif: "heic"
            case .tiff: "tiff"
            }
        }
    }

    public var latitude: Double?
    public var longitude: Double?
    /// Metres above (or, negative, below) sea level.
    public var altitude: Double?
    /// EXIF's "YYYY:MM:DD HH:MM:SS".
    public var takenAt: String?
    /// EXIF Make and Model: the camera's maker and model, as cameras write them.
    public var make: String?
    public var model: String?
    public var width: Int
    public var height: Int
    public var bigEndian = false
    /// Writes the GPS tags in reverse order (readers must not depend on the order).
    public var reversedGPSTags = false
    /// How many bytes of (fake) image data the file holds.
    public var imageBytes = 2048
    /// HEIF: whether the Exif item starts with "Exif\0\0" (real files do either).
    public var heifExifPrefix = true
    /// Replaces the GPS IFD pointer (see `ExifBlock.gpsPointerOverride`).
    public var gpsPointerOverride: Int?
    /// The TIFF type of the EXIF and GPS IFD pointers (see `ExifBlock.pointerType`).
    public var pointerType = 4
    /// HEIF: added to the Exif item's offset in `iloc` (to point it outside the file).
    public var heifExifOffsetShift = 0

    public init(
        latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil, takenAt: String? = nil,
        width: Int = 640, height: Int = 480
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.takenAt = takenAt
        self.width = width
        self.height = height
    }

    /// The EXIF block (a TIFF structure) this photo carries.
    public var exif: [UInt8] { ExifBlock(self).bytes() }

    /// Deterministic filler standing in for compressed image data.
    var imageData: [UInt8] { (0..<imageBytes).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    /// The file's bytes in `format`.
    public func bytes(_ format: Format) -> [UInt8] {
        switch format {
        case .jpeg: jpeg()
        case .png: png()
        case .webp: webp()
        case .heif: heif()
        case .tiff: ExifBlock(self).bytes(leading: imageData)
        }
    }

    /// Writes the file in `format` to `path`.
    public func write(_ format: Format, to path: String) throws {
        try Data(bytes(format)).write(to: URL(fileURLWithPath: path))
    }

    private static func be(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }

    private static func le(_ value: Int, _ count: Int) -> [UInt8] { be(value, count).reversed() }

    /// A real JPEG (`SyntheticJPEG`) of `width` × `height`, its EXIF in APP1, as long as any picture
    /// of that size with that EXIF can be (so two photos of one size and EXIF are files of one
    /// size, as cameras write them), plus `imageBytes`.
    private func jpeg() -> [UInt8] {
        let app1 = [0xFF, 0xE1] + Self.be(exif.count + 8, 2) + Array("Exif\0\0".utf8) + exif
        let seed = "\(latitude ?? 0) \(longitude ?? 0) \(takenAt ?? "")"
        // The segments take under 400 bytes; a block's code at most 2 bytes, 4 with stuffing.
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        let length = 400 + app1.count + 4 * blocks + imageBytes
        return SyntheticJPEG.make(seed: seed, width: width, height: height, segments: app1, length: length) ?? []
    }

    private func png() -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return Self.be(data.count, 4) + body + Self.be(Int(CRC32.checksum(body)), 4)
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr = chunk("IHDR", Self.be(width, 4) + Self.be(height, 4) + [8, 2, 0, 0, 0])
        return signature + ihdr + chunk("eXIf", exif) + chunk("IDAT", imageData) + chunk("IEND", [])
    }

    private func webp() -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Array(type.utf8) + Self.le(data.count, 4) + data + (data.count % 2 == 1 ? [0] : [])
        }
        let vp8x = chunk("VP8X", [0x08, 0, 0, 0] + Self.le(width - 1, 3) + Self.le(height - 1, 3))
        let bits = (width - 1) | (height - 1) << 14
        let vp8l = chunk("VP8L", [0x2F] + Self.le(bits, 4) + imageData)
        let body = Array("WEBP".utf8) + vp8x + vp8l + chunk("EXIF", exif)
        return Array("RIFF".utf8) + Self.le(body.count, 4) + body
    }

    private func heif() -> [UInt8] {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { Self.be(8 + body.count, 4) + Array(type.utf8) + body }
        func fullBox(_ type: String, version: UInt8, _ body: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + body) }
        let prefix = heifExifPrefix ? Array("Exif\0\0".utf8) : []
        let exifItem = Self.be(prefix.count, 4) + prefix + exif
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let hdlr = fullBox("hdlr", version: 0, [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = fullBox("pitm", version: 0, [0, 1])
        let infe = { (id: Int, type: String) in fullBox("infe", version: 2, Self.be(id, 2) + [0, 0] + Array(type.utf8) + [0]) }
        let iinf = fullBox("iinf", version: 0, [0, 2] + infe(1, "hvc1") + infe(2, "Exif"))
        let ispe = fullBox("ispe", version: 0, Self.be(width, 4) + Self.be(height, 4))
        let thumbnail = fullBox("ispe", version: 0, Self.be(320, 4) + Self.be(240, 4))
        // Item 1, the image, has one essential property: the second `ispe` (the first is a thumbnail's).
        let ipma = fullBox("ipma", version: 0, Self.be(1, 4) + [0, 1, 1, 0x82])
        let iprp = box("iprp", box("ipco", thumbnail + ispe) + ipma)
        func iloc(imageAt: Int, exifAt: Int) -> [UInt8] {
            // version 1: offset and length 4 bytes, no base offset, construction method 0.
            let item = { (id: Int, offset: Int, length: Int) in
                Self.be(id, 2) + [0, 0] + [0, 0] + [0, 1] + Self.be(offset, 4) + Self.be(length, 4)
            }
            return fullBox(
                "iloc", version: 1, [0x44, 0x00] + [0, 2] + item(1, imageAt, imageData.count) + item(2, exifAt, exifItem.count))
        }
        let metaSize = 12 + hdlr.count + pitm.count + iinf.count + iloc(imageAt: 0, exifAt: 0).count + iprp.count
        let imageAt = ftyp.count + metaSize + 8
        let exifAt = imageAt + imageData.count + heifExifOffsetShift
        let meta = fullBox("meta", version: 0, hdlr + pitm + iinf + iloc(imageAt: imageAt, exifAt: exifAt) + iprp)
        return ftyp + meta + box("mdat", imageData + exifItem)
    }
}

/// The CRC-32 PNG chunks carry (ISO 3309, reflected, polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
