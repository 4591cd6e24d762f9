import Foundation
import SyntheticImages

/// Writes small fixture sets for tests: a manifest plus image files whose bytes start with a real
/// JPEG signature and differ per photo, placed on rings around a centre at known distances.
public struct FixtureSetWriter {
    public struct Photo {
        public var id: String
        public var latitude: Double
        public var longitude: Double
        public var files: [String: String]
        /// When it was taken, in ISO 8601; nil: the manifest gives no date.
        public var takenAt: String?

        public init(id: String, latitude: Double, longitude: Double, files: [String: String], takenAt: String? = Self.defaultTakenAt) {
            self.id = id
            self.latitude = latitude
            self.longitude = longitude
            self.files = files
            self.takenAt = takenAt
        }

        /// The date every photo has unless told otherwise.
        public static let defaultTakenAt = "2020-01-02T03:04:05Z"
    }

    /// Writes `count` photos around (`latitude`, `longitude`): photo i lies `0.1 * (i + 1)` km north,
    /// so photo ids sort by distance, taken at `takenAt(i)` (ISO 8601; nil: no date). Returns the photos.
    @discardableResult
    public static func write(
        in folder: String, prefix: String = "p", latitude: Double, longitude: Double, count: Int, bytesPerPhoto: Int = 2048,
        takenAt: (Int) -> String? = { _ in Photo.defaultTakenAt }
    ) throws -> [Photo] {
        try FileManager.default.createDirectory(atPath: folder + "/img", withIntermediateDirectories: true)
        var photos: [Photo] = []
        for index in 0..<count {
            let id = String(format: "%@-%03d", prefix, index + 1)
            let north = 0.1 * Double(index + 1) / 111.195
            var files: [String: String] = [:]
            for size in ["m", "z"] {
                let name = "img/\(id)-\(size).jpg"
                try jpegLikeBytes(seed: "\(id)-\(size)", count: size == "m" ? bytesPerPhoto : bytesPerPhoto * 3).write(
                    to: URL(fileURLWithPath: folder + "/" + name))
                files[size] = name
            }
            photos.append(Photo(id: id, latitude: latitude + north, longitude: longitude, files: files, takenAt: takenAt(index)))
        }
        try writeManifest(photos, in: folder)
        return photos
    }

    /// Writes `manifest.json` for `photos`.
    public static func writeManifest(_ photos: [Photo], in folder: String) throws {
        let entries = photos.map { photo -> [String: Any] in
            var entry: [String: Any] = [
                "id": photo.id, "title": "Photo \(photo.id)", "owner": "Tester", "license": "CC0 1.0",
                "latitude": photo.latitude, "longitude": photo.longitude, "files": photo.files,
            ]
            if let takenAt = photo.takenAt { entry["takenAt"] = takenAt }
            return entry
        }
        let data = try JSONSerialization.data(
            withJSONObject: ["version": 1, "name": "test", "photos": entries], options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: folder + "/manifest.json"))
    }

    /// A real JPEG of `count` bytes (`SyntheticJPEG`) whose picture and bytes are unique to `seed`
    /// (below about 350 bytes, only the JPEG signature and bytes derived from `seed`).
    public static func jpegLikeBytes(seed: String, count: Int) -> Data {
        if let jpeg = SyntheticJPEG.make(seed: seed, label: Array(seed.utf8), length: count) { return Data(jpeg) }
        return Data(([0xFF, 0xD8, 0xFF, 0xE0] + Array(seed.utf8) + [UInt8](repeating: 0, count: count)).prefix(count))
    }
}
