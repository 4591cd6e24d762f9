import Foundation
import GeotaggedPhotos

/// Writes `count` geotagged photos into `folder`, 100 per sub-folder, cycling through the five
/// containers (JPEG, PNG, WebP, HEIF, TIFF) with positions spread over the globe, dates and sizes
/// that differ, and every tenth photo without a position (as real libraries have).
func writePhotos(folder: String, count: Int) throws {
    let formats = GeotaggedPhoto.Format.allCases
    for index in 0..<count {
        let subfolder = "\(folder)/batch-\(String(format: "%03d", index / 100))"
        if index % 100 == 0 { try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: true) }
        let located = index % 10 != 9
        var photo = GeotaggedPhoto(
            latitude: located ? Double(index % 170) - 85 + Double(index % 7) * 0.01 : nil,
            longitude: located ? Double(index * 37 % 360) - 180 + Double(index % 11) * 0.01 : nil,
            altitude: index % 3 == 0 ? Double(index % 2000) : nil,
            takenAt: String(format: "20%02d:%02d:%02d 12:%02d:00", 10 + index % 15, 1 + index % 12, 1 + index % 28, index % 60),
            width: 4000 + index % 100, height: 3000
        )
        photo.bigEndian = index % 2 == 0
        photo.imageBytes = 16 * 1024
        let format = formats[index % formats.count]
        try photo.write(format, to: "\(subfolder)/generated-\(String(format: "%05d", index)).\(format.fileExtension)")
    }
}
