import Foundation
import TouristCore

/// One file of a scan index: its key (path, size, modification time) and what reading it gave.
package struct IndexedFile: Sendable, Equatable {
    package var file: FoundFile
    package var outcome: Result<PhotoMetadata, SkippedFile>

    /// The entry still describes `found` when its size and modification time are unchanged.
    func isCurrent(for found: FoundFile) -> Bool {
        file.size == found.size && file.modified == found.modified
    }
}

/// A directory provider's scan index, kept in the store at `state/<provider>/scan-index`, so a
/// rescan opens only files that are new or whose size or modification time changed.
///
/// The file is binary (a scan of 100,000 photos loads in milliseconds): the line
/// `tourist-scan-index 2\n`, then one record per file, little-endian:
/// path length (u32) and UTF-8 path, size (i64), modification time in ns (i64), then either
/// `0`, flags (u8: 1 location, 2 taken date, 4 pixel size), latitude, longitude, taken date
/// (f64 seconds since 1970), width, height (u32), the camera's length (u16, 0 for none) and UTF-8
/// text; or `1`, the skip reason (u8: 0 unreadable, 1 not an image, 2 damaged), the damage
/// description's length (u16) and UTF-8 text.
/// A file that does not decode (an index of version 1, which had no camera, among them) is
/// ignored: the next scan reads every file again. Package-visible for the fuzzing door `scan-index`.
package enum ScanIndex {
    static let header = Array("tourist-scan-index 2\n".utf8)
    /// The start of the year 10000 in seconds since 1970: a time taken is read only before it
    /// (and after as long before 1970).
    static let latestTime = 253_402_300_800.0

    package static func encode(_ files: [IndexedFile]) -> [UInt8] {
        var out = header
        out.reserveCapacity(header.count + files.count * 120)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        func append(_ value: Double) { append(value.bitPattern) }
        func appendText(_ text: String) {
            let bytes = Array(text.utf8.prefix(Int(UInt16.max)))
            append(UInt16(bytes.count))
            out += bytes
        }
        for entry in files {
            let path = Array(entry.file.path.utf8)
            append(UInt32(path.count))
            out += path
            append(entry.file.size)
            append(entry.file.modified)
            switch entry.outcome {
            case .success(let metadata):
                out.append(0)
                let flags =
                    (metadata.location == nil ? 0 : 1) | (metadata.takenAt == nil ? 0 : 2)
                    | (metadata.width == nil || metadata.height == nil ? 0 : 4)
                out.append(UInt8(flags))
                append(metadata.location?.latitude ?? 0)
                append(metadata.location?.longitude ?? 0)
                append(metadata.takenAt?.timeIntervalSince1970 ?? 0)
                append(UInt32(clamping: metadata.width ?? 0))
                append(UInt32(clamping: metadata.height ?? 0))
                appendText(metadata.camera ?? "")
            case .failure(let reason):
                out.append(1)
                switch reason {
                case .unreadable: out += [0, 0, 0]
                case .notAnImage: out += [1, 0, 0]
                case .damaged(let why):
                    out.append(2)
                    appendText(why)
                }
            }
        }
        return out
    }

    /// The entries of an index file, in the order written; nil when the bytes are not a complete
    /// index of this version.
    package static func decode(_ bytes: [UInt8]) -> [IndexedFile]? {
        guard bytes.starts(with: header) else { return nil }
        var reader = RecordReader(bytes: bytes, position: header.count)
        var files: [IndexedFile] = []
        files.reserveCapacity(bytes.count / 100)
        while !reader.atEnd {
            guard let pathLength = reader.integer(UInt32.self), let path = reader.text(Int(pathLength)),
                let size = reader.integer(Int64.self), let modified = reader.integer(Int64.self), let kind = reader.integer(UInt8.self)
            else { return nil }
            let found = FoundFile(path: path, size: size, modified: modified)
            switch kind {
            case 0:
                guard let flags = reader.integer(UInt8.self), let latitude = reader.double(), let longitude = reader.double(),
                    let taken = reader.double(), let width = reader.integer(UInt32.self), let height = reader.integer(UInt32.self),
                    let cameraLength = reader.integer(UInt16.self), let camera = reader.text(Int(cameraLength))
                else { return nil }
                var metadata = PhotoMetadata()
                if flags & 1 != 0 {
                    guard let point = try? GeoPoint(latitude: latitude, longitude: longitude) else { return nil }
                    metadata.location = point
                }
                if flags & 2 != 0 {
                    // A real time, within the years tourist writes (found by the scan-index fuzzing door).
                    guard taken.isFinite, abs(taken) < ScanIndex.latestTime else { return nil }
                    metadata.takenAt = Date(timeIntervalSince1970: taken)
                }
                if flags & 4 != 0 { (metadata.width, metadata.height) = (Int(width), Int(height)) }
                if !camera.isEmpty { metadata.camera = camera }
                files.append(IndexedFile(file: found, outcome: .success(metadata)))
            case 1:
                guard let reason = reader.integer(UInt8.self), let length = reader.integer(UInt16.self), let text = reader.text(Int(length))
                else { return nil }
                let skipped: SkippedFile
                switch reason {
                case 0: skipped = .unreadable
                case 1: skipped = .notAnImage
                case 2: skipped = .damaged(text)
                default: return nil
                }
                files.append(IndexedFile(file: found, outcome: .failure(skipped)))
            default:
                return nil
            }
        }
        return files
    }
}

/// Reads little-endian values from a byte array, failing (nil) at its end rather than past it.
private struct RecordReader {
    let bytes: [UInt8]
    var position: Int

    var atEnd: Bool { position >= bytes.count }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard bytes.count - position >= size else { return nil }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: T.self) }
        position += size
        return T(littleEndian: value)
    }

    mutating func double() -> Double? { integer(UInt64.self).map(Double.init(bitPattern:)) }

    mutating func text(_ length: Int) -> String? {
        guard length >= 0, bytes.count - position >= length else { return nil }
        defer { position += length }
        return String(decoding: bytes[position..<(position + length)], as: UTF8.self)
    }
}
