import Foundation
import SyntheticImages

/// A photo the fake Flickr serves: its metadata and the bytes of each size it has.
public struct FakePhoto: Sendable {
    /// Numeric-looking, as Flickr's: "53600000000".
    public var id: String
    /// The owner's NSID: "10000000@N00".
    public var owner: String
    /// The owner's display name (extra `owner_name`).
    public var ownerName: String
    public var title: String
    /// Where it was taken (extra `geo`); searches match within their radius of this point.
    public var latitude: Double
    public var longitude: Double
    /// Flickr's license id, 0-10 (extra `license`).
    public var license: Int
    /// As Flickr writes it: "2023-05-01 12:34:56".
    public var dateTaken: String
    /// The secret in the URLs of sizes s to b.
    public var secret: String
    /// The secret of sizes h, k and o, which Flickr keeps apart from the others.
    public var originalSecret: String
    /// The image server in its URLs: "65535".
    public var server: String
    /// Size letter (s t q m n w z c b h k o) → image bytes.
    public var sizes: [String: [UInt8]]

    /// A photo with exactly these fields.
    public init(
        id: String, owner: String, ownerName: String, title: String, latitude: Double, longitude: Double, license: Int,
        dateTaken: String, secret: String, originalSecret: String, server: String = "65535", sizes: [String: [UInt8]]
    ) {
        self.id = id
        self.owner = owner
        self.ownerName = ownerName
        self.title = title
        self.latitude = latitude
        self.longitude = longitude
        self.license = license
        self.dateTaken = dateTaken
        self.secret = secret
        self.originalSecret = originalSecret
        self.server = server
        self.sizes = sizes
    }

    /// `count` photos within about `radiusKm` of a point, each with `sizes` of `bytes` bytes (a JPEG
    /// signature, then bytes that differ per photo and size). Deterministic: the same arguments give
    /// the same photos.
    public static func around(
        latitude: Double, longitude: Double, count: Int, radiusKm: Double = 1, sizes: [String] = ["m", "z", "b"], bytes: Int = 2048
    ) -> [FakePhoto] {
        (0..<max(0, count)).map { index in
            let angle = Double(index) * 2.399963  // golden angle: spread evenly
            let distance = radiusKm * (Double(index % 10) + 1) / 11
            let dLat = distance / 111.2 * cos(angle)
            let dLon = distance / (111.2 * max(0.01, cos(latitude * .pi / 180))) * sin(angle)
            let id = String(53_600_000_000 + index * 7919)
            var images: [String: [UInt8]] = [:]
            for size in sizes { images[size] = image(id: id, size: size, bytes: bytes) }
            return FakePhoto(
                id: id, owner: "\(10_000_000 + index % 7)@N0\(index % 3)", ownerName: "Owner \(index % 7)",
                title: "Photo \(index)", latitude: latitude + dLat, longitude: longitude + dLon, license: index % 11,
                dateTaken: String(format: "2023-%02d-%02d 12:%02d:00", index % 12 + 1, index % 28 + 1, index % 60),
                secret: String(format: "%010x", index &* 2_654_435_761 % 0xFFFF_FFFF),
                originalSecret: String(format: "o%09x", index &* 40503 % 0xFFFF_FFF),
                sizes: images
            )
        }
    }

    /// Exactly `bytes` bytes of a real JPEG (`SyntheticJPEG`): the photo's own picture, larger for
    /// a larger size letter (96×64 px for `m`, twice that for `z` and `c`, three times from `b`)
    /// when that fits in `bytes`, carrying the label "ID_SIZE" and padding unique to it. Below the
    /// smallest JPEG (about 350 bytes), the JPEG signature, then the label and bytes derived from it.
    public static func image(id: String, size: String, bytes: Int) -> [UInt8] {
        let label = Array("\(id)_\(size)".utf8)
        let largest = ["z": 2, "c": 2, "b": 3, "h": 3, "k": 3, "o": 3][size] ?? 1
        for scale in stride(from: largest, through: 1, by: -1) {
            if let jpeg = SyntheticJPEG.make(seed: id, scale: scale, label: label, length: bytes) { return jpeg }
        }
        var result: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + label
        var state = label.reduce(UInt64(1_469_598_103_934_665_603)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        while result.count < bytes {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            result.append(UInt8(truncatingIfNeeded: state >> 33))
        }
        return Array(result.prefix(max(0, bytes)))
    }
}
