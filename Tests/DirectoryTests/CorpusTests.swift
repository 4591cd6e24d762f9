import Foundation
import Testing
@testable import Directory

/// Real photos from ../shared/corpus/exif-samples against their reference.json: every file's
/// position within 1e-6 degrees, and no position where the reference has none; every JPEG and
/// HEIF's pixel size. Shown as skipped when the corpus is absent.
@Suite(.enabled(if: SharedCorpus.isPresent, SharedCorpus.absence))
struct CorpusTests {
    @Test func positionsMatchTheReferenceWithin1e6Degrees() throws {
        let references = try #require(SharedCorpus.references())
        var compared = 0
        for reference in references {
            guard let name = reference["file"] as? String, let reader = ByteReader(path: SharedCorpus.folder + "/" + name) else { continue }
            let block = try? ExifLocator.tiffBlock(in: reader)
            let found = block.flatMap(ExifTags.read(tiff:))?.location
            if let latitude = reference["latitude"] as? Double, let longitude = reference["longitude"] as? Double {
                guard let point = found else {
                    Issue.record("\(name): no position, the reference has \(latitude), \(longitude)")
                    continue
                }
                #expect(abs(point.latitude - latitude) <= 1e-6, "\(name): latitude \(point.latitude), reference \(latitude)")
                #expect(abs(point.longitude - longitude) <= 1e-6, "\(name): longitude \(point.longitude), reference \(longitude)")
                compared += 1
            } else {
                #expect(found == nil, "\(name): position \(String(describing: found)) where the reference has none")
            }
        }
        #expect(compared == 18, "\(compared) located photos compared")
    }

    @Test func pixelSizesMatchTheReference() throws {
        let references = try #require(SharedCorpus.references())
        var compared = 0
        for reference in references {
            guard let name = reference["file"] as? String, !name.contains("__tiff__"), let width = reference["width"] as? Int,
                let height = reference["height"] as? Int, let reader = ByteReader(path: SharedCorpus.folder + "/" + name)
            else { continue }
            let size = PixelSize.read(reader)
            #expect(size?.width == width && size?.height == height, "\(name): \(String(describing: size)), reference \(width) × \(height)")
            compared += 1
        }
        #expect(compared > 20, "\(compared) photos compared")
    }
}
