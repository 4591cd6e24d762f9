import CExif
import Foundation
import TouristCore

/// What a photo file says about itself: where and when it was taken, with which camera, and its
/// pixel size.
public struct PhotoMetadata: Sendable, Equatable {
    /// Where it was taken (EXIF GPS), when the file says so.
    public var location: GeoPoint?
    /// DateTimeOriginal (else DateTime), the camera's local time read as UTC.
    public var takenAt: Date?
    /// Pixel width: the container's own header, else EXIF.
    public var width: Int?
    /// Pixel height: the container's own header, else EXIF.
    public var height: Int?
    /// The camera, from EXIF Make and Model (`ExifTags.camera`).
    public var camera: String?
}

/// Reads GPS position, taken date, camera and pixel size from a TIFF-structured EXIF block with libexif.
///
/// The rules for a location: signed decimal degrees from GPSLatitude + GPSLatitudeRef and
/// GPSLongitude + GPSLongitudeRef, tags in any order. There is none when a ref is missing or empty
/// or not N/S (E/W), when degrees or minutes are 0/0, when the GPS block is empty or holds only its
/// version, or when the point is exactly (0, 0); values outside ±90/±180 are refused.
enum ExifTags {
    /// The metadata in `tiff` (a block from `ExifLocator`), or nil when libexif cannot read it.
    static func read(tiff: [UInt8]) -> PhotoMetadata? {
        let bytes = Array("Exif\0\0".utf8) + tiff
        guard let data = bytes.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) }) else { return nil }
        defer { exif_data_unref(data) }
        let order = exif_data_get_byte_order(data)
        let ifds = data.pointee.ifd
        let reader = EntryReader(order: order)
        var metadata = PhotoMetadata()
        if let gps = ifds.3 {
            metadata.location = reader.location(in: gps)
        }
        let taken = ifds.2.flatMap { reader.text($0, tag: 0x9003) } ?? ifds.0.flatMap { reader.text($0, tag: 0x0132) }
        metadata.takenAt = taken.flatMap(parseDate)
        metadata.camera = camera(
            make: ifds.0.flatMap { reader.text($0, tag: 0x010F) }, model: ifds.0.flatMap { reader.text($0, tag: 0x0110) })
        metadata.width = ifds.2.flatMap { reader.integer($0, tag: 0xA002) } ?? ifds.0.flatMap { reader.integer($0, tag: 0x0100) }
        metadata.height = ifds.2.flatMap { reader.integer($0, tag: 0xA003) } ?? ifds.0.flatMap { reader.integer($0, tag: 0x0101) }
        return metadata
    }

    /// The camera as people name it: the model, after the make unless the model already starts
    /// with the make's first word ("Canon" and "Canon EOS R5" give "Canon EOS R5", "NIKON
    /// CORPORATION" and "NIKON D750" give "NIKON D750", "FUJIFILM" and "X-T4" give "FUJIFILM X-T4");
    /// either alone when the other is missing; nil when both are.
    static func camera(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make, let brand = make.split(separator: " ").first?.lowercased(), !model.lowercased().hasPrefix(brand) else {
            return model
        }
        return make + " " + model
    }

    /// EXIF's "2021:04:11 15:47:53", read as UTC; nil for blanks and impossible dates.
    static func parseDate(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" }).prefix(6).map { Int($0) }
        // Each field in its range before Foundation sees it: it accepts month 9223372036854775807.
        let ranges = [1801...9999, 1...12, 1...31, 0...23, 0...59, 0...60]
        guard fields.count == 6 else { return nil }
        var parts: [Int] = []
        for (field, range) in zip(fields, ranges) {
            guard let field, range.contains(field) else { return nil }
            parts.append(field)
        }
        var components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        components.calendar = calendar
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}

/// Typed access to the entries of one IFD.
private struct EntryReader {
    let order: ExifByteOrder

    func entry(_ content: UnsafeMutablePointer<ExifContent>, tag: UInt32) -> UnsafeMutablePointer<ExifEntry>? {
        // GPS tag numbers collide with other IFDs' tags in libexif's enum: build the tag from its number.
        exif_content_get_entry(content, ExifTag(rawValue: tag))
    }

    /// An ASCII entry's text, trimmed; nil when absent or empty.
    func text(_ content: UnsafeMutablePointer<ExifContent>, tag: UInt32) -> String? {
        guard let entry = entry(content, tag: tag), entry.pointee.format == EXIF_FORMAT_ASCII, let data = entry.pointee.data,
            entry.pointee.size > 0
        else { return nil }
        let bytes = UnsafeBufferPointer(start: data, count: Int(entry.pointee.size)).prefix { $0 != 0 }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// A SHORT or LONG entry's first value.
    func integer(_ content: UnsafeMutablePointer<ExifContent>, tag: UInt32) -> Int? {
        guard let entry = entry(content, tag: tag), let data = entry.pointee.data, entry.pointee.components >= 1 else { return nil }
        switch entry.pointee.format {
        case EXIF_FORMAT_SHORT where entry.pointee.size >= 2: return Int(exif_get_short(data, order))
        case EXIF_FORMAT_LONG where entry.pointee.size >= 4: return Int(exif_get_long(data, order))
        default: return nil
        }
    }

    /// A GPS coordinate: three RATIONALs (degrees, minutes, seconds; some cameras write SRATIONALs,
    /// whose magnitude counts: the sign comes from the ref); nil when degrees or minutes are 0/0.
    func degrees(_ content: UnsafeMutablePointer<ExifContent>, tag: UInt32) -> Double? {
        guard let entry = entry(content, tag: tag), entry.pointee.components >= 1, let data = entry.pointee.data else { return nil }
        let format = entry.pointee.format
        guard format == EXIF_FORMAT_RATIONAL || format == EXIF_FORMAT_SRATIONAL else { return nil }
        let count = min(3, Int(entry.pointee.components), Int(entry.pointee.size) / 8)
        var total = 0.0
        for index in 0..<count {
            let (numerator, denominator): (Double, Double)
            if format == EXIF_FORMAT_RATIONAL {
                let value = exif_get_rational(data + index * 8, order)
                (numerator, denominator) = (Double(value.numerator), Double(value.denominator))
            } else {
                let value = exif_get_srational(data + index * 8, order)
                (numerator, denominator) = (abs(Double(value.numerator)), abs(Double(value.denominator)))
            }
            if denominator == 0 {
                if index < 2 { return nil }  // 0/0 degrees or minutes: no position
                continue
            }
            total += numerator / denominator / [1, 60, 3600][index]
        }
        return total
    }

    /// The position in the GPS IFD, by the rules of `ExifTags`.
    func location(in gps: UnsafeMutablePointer<ExifContent>) -> GeoPoint? {
        guard let latitudeRef = text(gps, tag: 0x0001)?.uppercased().first, let longitudeRef = text(gps, tag: 0x0003)?.uppercased().first,
            "NS".contains(latitudeRef), "EW".contains(longitudeRef),
            let latitude = degrees(gps, tag: 0x0002), let longitude = degrees(gps, tag: 0x0004),
            latitude <= 90, longitude <= 180
        else { return nil }
        let signedLatitude = latitudeRef == "S" ? -latitude : latitude
        let signedLongitude = longitudeRef == "W" ? -longitude : longitude
        guard signedLatitude != 0 || signedLongitude != 0 else { return nil }
        return try? GeoPoint(latitude: signedLatitude, longitude: signedLongitude)
    }
}
