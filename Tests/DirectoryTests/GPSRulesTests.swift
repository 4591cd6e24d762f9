import Foundation
import Testing
import TestSupport
@testable import Directory

/// The location rules of `ExifTags`, on EXIF blocks written here (little-endian TIFF: IFD0 with
/// a GPSInfo pointer, then the GPS IFD with the given entries, in the given order).
@Suite struct GPSRulesTests {
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var data: [UInt8]
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
    static func ascii(_ tag: UInt16, _ text: String) -> Entry {
        Entry(tag: tag, type: 2, count: UInt32(text.utf8.count + 1), data: Array(text.utf8) + [0])
    }
    static func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)], signed: Bool = false) -> Entry {
        Entry(tag: tag, type: signed ? 10 : 5, count: UInt32(values.count), data: values.flatMap { le32($0.0) + le32($0.1) })
    }
    static let version = Entry(tag: 0x0000, type: 1, count: 4, data: [2, 3, 0, 0])

    /// `padding` bytes (image data, say) come between the header and IFD0; `gpsPointer` replaces
    /// the GPS IFD's offset (to make it point somewhere else).
    static func tiff(gps entries: [Entry], padding: Int = 0, gpsPointer: Int? = nil) -> [UInt8] {
        let ifd0 = 8 + padding
        let gpsOffset = ifd0 + 2 + 12 + 4
        var dataOffset = gpsOffset + 2 + 12 * entries.count + 4
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(UInt32(ifd0)) + [UInt8](repeating: 0x77, count: padding)
        out += le16(1) + le16(0x8825) + le16(4) + le32(1) + le32(UInt32(gpsPointer ?? gpsOffset)) + le32(0)
        var data: [UInt8] = []
        out += le16(UInt16(entries.count))
        for entry in entries {
            out += le16(entry.tag) + le16(entry.type) + le32(entry.count)
            if entry.data.count <= 4 {
                out += entry.data + [UInt8](repeating: 0, count: 4 - entry.data.count)
            } else {
                out += le32(UInt32(dataOffset))
                data += entry.data
                dataOffset += entry.data.count
            }
        }
        return out + le32(0) + data
    }

    static func location(_ entries: [Entry]) -> (latitude: Double, longitude: Double)? {
        ExifTags.read(tiff: tiff(gps: entries))?.location.map { ($0.latitude, $0.longitude) }
    }

    static let sydney: [Entry] = [
        version, ascii(0x0001, "S"), rationals(0x0002, [(33, 1), (51, 1), (2460, 100)]),
        ascii(0x0003, "E"), rationals(0x0004, [(151, 1), (12, 1), (5508, 100)]),
    ]

    @Test func signedDegreesFromRefsInAnyOrder() throws {
        let point = try #require(Self.location(Self.sydney))
        #expect(abs(point.latitude - -(33 + 51.0 / 60 + 24.6 / 3600)) < 1e-9)
        #expect(abs(point.longitude - (151 + 12.0 / 60 + 55.08 / 3600)) < 1e-9)
        let shuffled = try #require(Self.location(Self.sydney.reversed()))
        #expect(shuffled.latitude == point.latitude && shuffled.longitude == point.longitude)
        var west = Self.sydney
        west[1] = Self.ascii(0x0001, "N")
        west[3] = Self.ascii(0x0003, "W")
        #expect(Self.location(west).map { $0.latitude > 0 && $0.longitude < 0 } == true)
        var signed = Self.sydney
        signed[2] = Self.rationals(0x0002, [(33, 1), (51, 1), (2460, 100)], signed: true)
        #expect(Self.location(signed)?.latitude == point.latitude, "SRATIONAL degrees, as some phones write them")
    }

    @Test func noPositionWithoutUsableRefsOrValues() {
        var noRef = Self.sydney
        noRef.remove(at: 1)
        #expect(Self.location(noRef) == nil, "missing latitude ref")
        var emptyRef = Self.sydney
        emptyRef[3] = Self.ascii(0x0003, "")
        #expect(Self.location(emptyRef) == nil, "empty longitude ref")
        var zeroDegrees = Self.sydney
        zeroDegrees[2] = Self.rationals(0x0002, [(0, 0), (51, 1), (0, 1)])
        #expect(Self.location(zeroDegrees) == nil, "0/0 degrees")
        var zeroMinutes = Self.sydney
        zeroMinutes[4] = Self.rationals(0x0004, [(151, 1), (0, 0), (0, 1)])
        #expect(Self.location(zeroMinutes) == nil, "0/0 minutes")
        #expect(Self.location([Self.version]) == nil, "a GPS block with only its version")
        #expect(Self.location([]) == nil, "an empty GPS block")
        let origin = [
            Self.ascii(0x0001, "N"), Self.rationals(0x0002, [(0, 1), (0, 1), (0, 1)]), Self.ascii(0x0003, "E"),
            Self.rationals(0x0004, [(0, 1), (0, 1), (0, 1)]),
        ]
        #expect(Self.location(origin) == nil, "exactly (0, 0)")
        var tooFar = Self.sydney
        tooFar[2] = Self.rationals(0x0002, [(91, 1), (0, 1), (0, 1)])
        #expect(Self.location(tooFar) == nil, "latitude beyond 90")
        var tooWide = Self.sydney
        tooWide[4] = Self.rationals(0x0004, [(180, 1), (30, 1), (0, 1)])
        #expect(Self.location(tooWide) == nil, "longitude beyond 180")
    }

    /// A TIFF file: its tags are found after 5 MiB of image data without reading that data, and a
    /// GPS pointer that loops back to IFD0 ends in no position, not a hang.
    @Test func tiffFilesAreReadWithoutTheirImageData() throws {
        let folder = TemporaryDirectory()
        let path = folder.child("scan.tiff")
        FileManager.default.createFile(atPath: path, contents: Data(Self.tiff(gps: Self.sydney, padding: 5 << 20)))
        let reader = try #require(ByteReader(path: path))
        let block = try #require(try ExifLocator.tiffBlock(in: reader))
        let point = try #require(ExifTags.read(tiff: block)?.location)
        #expect(abs(point.latitude - -(33 + 51.0 / 60 + 24.6 / 3600)) < 1e-9)
        #expect(reader.bytesRead < 1024, "read \(reader.bytesRead) bytes of a 5 MiB file")
        let loop = folder.child("loop.tiff")
        FileManager.default.createFile(atPath: loop, contents: Data(Self.tiff(gps: Self.sydney, gpsPointer: 8)))
        let looping = try #require(ByteReader(path: loop))
        #expect(try ExifLocator.tiffBlock(in: looping).flatMap(ExifTags.read(tiff:))?.location == nil)
        let outside = folder.child("outside.tiff")
        FileManager.default.createFile(atPath: outside, contents: Data(Self.tiff(gps: Self.sydney, gpsPointer: 1 << 30)))
        #expect(throws: DamagedContainer.self) { _ = try ExifLocator.tiffBlock(in: try #require(ByteReader(path: outside))) }
    }
}
