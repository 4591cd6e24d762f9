import Foundation
import SyntheticImages

/// A file page of the fake Commons: where it was taken, what it is, its metadata as Commons gives it
/// (HTML where Commons gives HTML) and the bytes of its original.
public struct FakeCommonsFile: Sendable {
    public var pageID: Int
    /// With the `File:` prefix: "File:Eiffel Tower at dusk.jpg".
    public var title: String
    public var latitude: Double
    public var longitude: Double
    /// An object location besides the camera's (a non-primary coordinate), if any.
    public var secondaryCoordinate: (latitude: Double, longitude: Double)?
    /// False: the file's only coordinate is non-primary (found by `ggsprimary=all`, not by default).
    public var primaryCoordinate = true
    public var mime = "image/jpeg"
    public var width = 4000
    public var height = 3000
    public var original: [UInt8]
    public var artistHTML: String
    public var creditHTML = "<span class=\"int-own-work\" lang=\"en\">Own work</span>"
    public var descriptionHTML: String
    public var objectName: String?
    public var licenseShortName = "CC BY-SA 4.0"
    public var licenseURL: String? = "https://creativecommons.org/licenses/by-sa/4.0"
    public var attributionRequired = true
    public var dateTimeOriginal: String? = "2020-05-01 12:00:00"
    public var user = "Uploader"
    public var timestamp = "2020-01-02T03:04:05Z"
    /// The page is listed but its file is gone: answered with `missing` and no image info.
    public var missing = false

    public init(pageID: Int, title: String? = nil, latitude: Double, longitude: Double) {
        self.pageID = pageID
        self.title = title ?? "File:Photo \(pageID).jpg"
        self.latitude = latitude
        self.longitude = longitude
        artistHTML = "<a href=\"//commons.wikimedia.org/wiki/User:Photographer\" title=\"User:Photographer\">Photographer \(pageID)</a>"
        descriptionHTML =
            "<div class=\"description en\" lang=\"en\"><span class=\"language en\"><b>English:</b></span> Photo \(pageID)</div>"
        original = Self.jpeg(pageID, label: "original \(pageID)", scale: 3, length: 2048)
    }

    /// A real JPEG of this file's picture (`SyntheticJPEG`), larger for a larger width, unique to
    /// this file and width, about 40 bytes per pixel of width, for thumbnails.
    public func thumbnailBytes(width: Int) -> [UInt8] {
        Self.jpeg(
            pageID, label: "thumbnail \(pageID) \(width)", scale: width <= 250 ? 1 : width <= 960 ? 2 : 3, length: max(800, width * 40))
    }

    /// `count` photos spread around a centre, page ids from `firstPageID`, each `spacingMetres`
    /// farther than the last (deterministic; bearings follow the golden angle), photo i taken on the
    /// 1st of month i % 12 + 1 of 2020.
    public static func around(latitude: Double, longitude: Double, count: Int, spacingMetres: Double, firstPageID: Int = 1000)
        -> [FakeCommonsFile]
    {
        (0..<count).map { index in
            let distance = Double(index + 1) * spacingMetres
            let bearing = Double(index) * 137.507764 * .pi / 180
            let metresPerDegree = 6_371_008.8 * .pi / 180
            let north = distance * cos(bearing) / metresPerDegree
            let east = distance * sin(bearing) / (metresPerDegree * cos(latitude * .pi / 180))
            var file = FakeCommonsFile(pageID: firstPageID + index, latitude: latitude + north, longitude: longitude + east)
            file.dateTimeOriginal = String(format: "2020-%02d-01 12:00:00", index % 12 + 1)
            return file
        }
    }

    /// The title without `File:`, spaces as underscores: how URLs name the file.
    var urlName: String { String(title.dropFirst(title.hasPrefix("File:") ? 5 : 0)).replacingOccurrences(of: " ", with: "_") }

    /// File `pageID`'s picture as a JPEG of exactly `length` bytes carrying `label`, at `scale`
    /// or the largest smaller scale that fits.
    static func jpeg(_ pageID: Int, label: String, scale: Int, length: Int) -> [UInt8] {
        for scale in stride(from: scale, to: 1, by: -1) {
            if let jpeg = SyntheticJPEG.make(seed: "file \(pageID)", scale: scale, label: Array(label.utf8), length: length) { return jpeg }
        }
        return SyntheticJPEG.make(seed: "file \(pageID)", label: Array(label.utf8), length: length) ?? []
    }
}
