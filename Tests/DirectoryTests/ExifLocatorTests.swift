import Foundation
import Testing
import TestSupport
@testable import Directory

/// The EXIF block found in each container, from files written here and from real photos.
@Suite struct ExifLocatorTests {
    let folder = TemporaryDirectory()

    /// A minimal little-endian TIFF structure: header, one empty IFD, a marker to tell blocks apart.
    static func tiff(_ marker: UInt8 = 7) -> [UInt8] { [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, marker] }
    static let exifPrefix = Array("Exif\0\0".utf8)

    func locate(_ bytes: [UInt8], name: String = "photo") throws -> ([UInt8]?, ByteReader) {
        let path = folder.child(name)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let reader = try #require(ByteReader(path: path))
        return (try ExifLocator.tiffBlock(in: reader), reader)
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    static func le32(_ value: Int) -> [UInt8] { be32(value).reversed() }
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }

    static func jpeg(app1 payload: [UInt8], scan: Int = 100) -> [UInt8] {
        let app0 = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [UInt8](repeating: 1, count: 9)
        let app1 = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        return [0xFF, 0xD8] + app0 + app1 + [0xFF, 0xDA, 0x00, 0x04, 0, 0] + [UInt8](repeating: 0x55, count: scan) + [0xFF, 0xD9]
    }

    @Test func jpegAPP1() throws {
        let (block, reader) = try locate(Self.jpeg(app1: Self.exifPrefix + Self.tiff(), scan: 5 << 20))
        #expect(block == Self.tiff())
        #expect(reader.bytesRead < 200, "only headers and the block are read, not the 5 MiB scan: \(reader.bytesRead)")
        #expect(try locate(Self.jpeg(app1: Array("http://ns.adobe.com/xap/1.0/\0".utf8))).0 == nil, "an XMP APP1 is no EXIF")
    }

    @Test func pngExifChunkWithAndWithoutPrefix() throws {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { Self.be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0] }
        let ihdr = chunk("IHDR", [UInt8](repeating: 0, count: 13)), idat = chunk("IDAT", [UInt8](repeating: 9, count: 1000)),
            end = chunk("IEND", [])
        #expect(try locate(signature + ihdr + chunk("eXIf", Self.tiff(1)) + idat + end).0 == Self.tiff(1))
        #expect(
            try locate(signature + ihdr + idat + chunk("eXIf", Self.exifPrefix + Self.tiff(2)) + end).0 == Self.tiff(2), "after IDAT too")
        #expect(try locate(signature + ihdr + idat + end).0 == nil)
    }

    @Test func webpExifChunkOddSizedChunksArePadded() throws {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Array(type.utf8) + Self.le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
        }
        let body =
            Array("WEBP".utf8) + chunk("VP8X", [UInt8](repeating: 0, count: 10)) + chunk("VP8 ", [UInt8](repeating: 3, count: 301))
            + chunk("EXIF", Self.tiff(3))
        #expect(try locate(Array("RIFF".utf8) + Self.le32(body.count) + body).0 == Self.tiff(3))
    }

    /// A HEIF with `ftyp`, a `meta` box (hdlr, iinf with an `Exif` infe, iloc) and the item in
    /// `mdat` at the end of the file; `prefix` is what comes between the 4-byte offset and the TIFF.
    static func heif(prefix: [UInt8], version: Int = 0, ilocOffsetShift: Int = 0) -> [UInt8] {
        let ftyp = box("ftyp", Array("heicmif1heic".utf8))
        let infeExif = box("infe", [2, 0, 0, 0] + [0, 7] + [0, 0] + Array("Exif".utf8) + [0])
        let infeImage = box("infe", [2, 0, 0, 0] + [0, 1] + [0, 0] + Array("hvc1".utf8) + [0])
        let iinf = box("iinf", [0, 0, 0, 0] + [0, 2] + infeImage + infeExif)
        let payload = be32(prefix.count) + prefix + tiff(4)
        func iloc(at offset: Int) -> [UInt8] {
            // version, flags, offset_size 4 / length_size 4, base_offset_size 0 / index 0, 1 item.
            var body: [UInt8] = [UInt8(version), 0, 0, 0, 0x44, 0x00]
            body += version < 2 ? [0, 1, 0, 7] : [0, 0, 0, 1, 0, 0, 0, 7]
            if version >= 1 { body += [0, 0] }  // construction method 0
            body += [0, 0] + [0, 1] + be32(offset) + be32(payload.count)
            return box("iloc", body)
        }
        let hdlr = box("hdlr", [UInt8](repeating: 0, count: 4) + [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let metaLength = 8 + 4 + hdlr.count + iinf.count + iloc(at: 0).count
        let itemOffset = ftyp.count + metaLength + 8 + 1000
        let meta = box("meta", [0, 0, 0, 0] + hdlr + iinf + iloc(at: itemOffset + ilocOffsetShift))
        return ftyp + meta + box("mdat", [UInt8](repeating: 0xAB, count: 1000) + payload)
    }

    @Test(arguments: [0, 1, 2])
    func heifExifItemAtTheEndOfTheFile(version: Int) throws {
        #expect(try locate(Self.heif(prefix: Self.exifPrefix, version: version)).0 == Self.tiff(4))
        #expect(try locate(Self.heif(prefix: [], version: version)).0 == Self.tiff(4), "an item without the Exif\\0\\0 prefix")
    }

    @Test func damagedContainersAreReportedNotTrusted() throws {
        #expect(throws: DamagedContainer.self) { _ = try locate(Self.heif(prefix: [], ilocOffsetShift: 1 << 20)) }
        let truncated = Array(Self.jpeg(app1: Self.exifPrefix + [UInt8](repeating: 1, count: 500)).prefix(300))
        #expect(throws: DamagedContainer.self) { _ = try locate(truncated) }
        #expect(throws: DamagedContainer.self) { _ = try locate(Self.jpeg(app1: Self.exifPrefix + Array("not a tiff header".utf8))) }
        #expect(try locate([]).0 == nil, "an empty file has no EXIF")
        #expect(try locate(Array("plain text, not an image".utf8)).0 == nil)
    }

    /// Real photos: every JPEG and HEIF of ../shared/corpus/exif-samples whose reference has a
    /// location has an EXIF block; none makes the locator crash.
    @Test(.enabled(if: SharedCorpus.isPresent, SharedCorpus.absence))
    func findsTheBlockInEveryLocatedCorpusPhoto() throws {
        let corpus = SharedCorpus.folder
        let references = try #require(SharedCorpus.references())
        var checked = 0
        for reference in references {
            guard let name = reference["file"] as? String, let reader = ByteReader(path: corpus + "/" + name) else { continue }
            let located = reference["latitude"] is Double
            let block = try? ExifLocator.tiffBlock(in: reader)
            if located, !name.contains("__tiff__") {
                #expect(block != nil, "\(name): no EXIF block found")
                checked += 1
            }
        }
        #expect(checked > 10, "only \(checked) located JPEG/HEIF photos in the corpus")
    }
}
