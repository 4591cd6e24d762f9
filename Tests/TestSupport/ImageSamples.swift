import Foundation

/// The synthetic test images of `Tests/ImageSamples`, made by its `make-samples.py` (what each file
/// holds is listed there): most are 64 × 48, a red left half (200, 30, 30) and a blue right half
/// (30, 30, 200), in every format tourist decodes and some it refuses.
public enum ImageSamples {
    /// The folder of the samples.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImageSamples").standardized.path

    /// The path of sample `name` ("upright.jpg", "photo.heic", …).
    public static func path(_ name: String) -> String { "\(folder)/\(name)" }

    /// Every sample image's file name (the generator itself left out).
    public static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".py") }.sorted()
    }
}
