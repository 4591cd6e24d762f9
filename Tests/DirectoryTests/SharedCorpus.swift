import Foundation
import Testing

/// The real photos in ../shared/corpus/exif-samples and their reference.json. Tests that use them
/// are enabled only when the corpus is there, so they show as skipped elsewhere.
enum SharedCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/corpus/exif-samples").standardized.path

    /// reference.json's entries, or nil when the corpus is absent.
    static func references() -> [[String: Any]]? {
        guard let data = FileManager.default.contents(atPath: folder + "/reference.json") else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    }

    static var isPresent: Bool { references() != nil }

    /// Why the tests are skipped when it is absent.
    static let absence: Comment = "the shared corpus (../shared/corpus/exif-samples) is absent"
}
