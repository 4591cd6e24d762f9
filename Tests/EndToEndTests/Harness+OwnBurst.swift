import Foundation
import GeotaggedPhotos
import SyntheticImages
import TouristCore

extension Harness {
    /// Where `ownBurst` writes its photos.
    static let burstPlace = (latitude: 45.4375, longitude: 12.3358)

    /// A folder of own photos (`ownPhotos(in: "trip")`) holding a burst: `shots` near-identical
    /// shots `IMG_100N.JPG` (one picture re-encoded by libvips at other sizes and qualities, each
    /// with its GPS and time in EXIF, as a camera writes them), beside `IMG_200.JPG` and
    /// `IMG_201.JPG`, two other photos of the place. Returns the photos folder and the config.
    func ownBurst(shots: Int = 3) throws -> (photos: String, config: String) {
        let (photos, config) = try ownPhotos(in: "trip")
        let place = Self.burstPlace
        let drawn = SyntheticJPEG.make(seed: "the burst", width: 640, height: 480) ?? []
        let decoded = try ImageDecoder().decode(file: try folder.write("burst.jpg", Data(drawn)), fittingWithin: 640).image
        for shot in 0..<shots {
            let exif = GeotaggedPhoto(latitude: place.latitude, longitude: place.longitude, takenAt: "2024:05:01 12:00:0\(shot)")
            let encoded = try decoded.fitted(within: 640 - 40 * shot).encoded(as: .jpeg, quality: 70 + 10 * (shot % 3))
            try Data(Self.withExif(encoded, of: exif)).write(to: URL(fileURLWithPath: "\(photos)/trip/IMG_100\(shot).JPG"))
        }
        for index in 0..<2 {
            let other = GeotaggedPhoto(
                latitude: place.latitude + 0.0005 * Double(index + 1), longitude: place.longitude, takenAt: "2024:05:01 12:\(index + 1)0:00"
            )
            try other.write(.jpeg, to: "\(photos)/trip/IMG_20\(index).JPG")
        }
        return (photos, config)
    }

    /// `jpeg` with an EXIF APP1 segment (`photo`'s GPS and time) right after its start of image.
    static func withExif(_ jpeg: [UInt8], of photo: GeotaggedPhoto) -> [UInt8] {
        let exif = photo.exif
        let length = exif.count + 8
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif\0\0".utf8) + exif
        return Array(jpeg.prefix(2)) + app1 + Array(jpeg.dropFirst(2))
    }
}
