import Foundation
import Testing
@testable import TouristCore

/// Every real photo of ../shared/corpus/exif-samples (JPEG, HEIC, HEIF, TIFF; rotated, damaged)
/// through `PhotoExamination`, when the corpus is there: each either gives a thumbnail and a
/// preview of the size and shape its header says (its orientation applied), a thumbnail under
/// 150 KB, or fails as a photo problem, never otherwise.
@Suite(.enabled(if: Corpus.files != nil, "the shared corpus (../shared/corpus/exif-samples) is absent"))
struct CorpusExaminationTests {

    @Test func eachPhotoGivesImagesOfItsShapeOrIsAPhotoProblem() throws {
        let decoder = try ImageDecoder()
        var made = 0
        for name in Corpus.files ?? [] {
            let examination: PhotoExamination
            do {
                examination = try PhotoExamination.examine(file: Corpus.folder + "/" + name, decoder: decoder)
            } catch {
                #expect(error.isPhotoProblem, "\(name): \(error)")
                continue
            }
            made += 1
            let header = examination.header
            for image in examination.images {
                // Its proportions are the photo's as seen (within a pixel of rounding).
                let seen = Double(header.width) / Double(header.height), derived = Double(image.width) / Double(image.height)
                #expect(abs(seen - derived) < 2 / Double(min(image.width, image.height)) + 0.01, "\(name) \(image.recipe.id)")
                #expect(max(image.width, image.height) <= max(header.width, header.height), "\(name): never enlarged")
                if image.recipe.kind == .thumbnail {
                    #expect(image.bytes.count < 150_000, "\(name): \(image.bytes.count) bytes")
                    // The shorter side fills a tile (400 px, within a pixel of rounding), unless the
                    // longer side reached its 800 px or the photo is smaller.
                    let shorter = min(image.width, image.height), wanted = min(400, min(header.width, header.height))
                    #expect(
                        abs(shorter - wanted) <= 1 || max(image.width, image.height) == 800,
                        "\(name): \(image.width)×\(image.height) of \(header.width)×\(header.height)")
                }
            }
        }
        #expect(made > 0)
    }
}

/// The real photos in ../shared/corpus/exif-samples, read only when there.
private enum Corpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/corpus/exif-samples").standardized.path

    /// The photos' file names, or nil when the corpus is absent.
    static var files: [String]? {
        (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { !$0.hasSuffix(".txt") && !$0.hasSuffix(".json") }.sorted()
    }
}
