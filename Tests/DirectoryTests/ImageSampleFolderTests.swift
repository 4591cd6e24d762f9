import Foundation
import Logging
import ProviderExpectations
import Testing
import TestSupport
import TouristCore
@testable import Directory

/// The directory provider over a folder of the real images of `Tests/ImageSamples` (made by libvips:
/// a HEIC, JPEGs turned by EXIF orientation, a CMYK JPEG, a 16-bit PNG, a PNG with transparency, an
/// animated and a lossy WebP, a progressive JPEG, an interlaced PNG, a TIFF, a truncated JPEG,
/// garbage named .jpg and two decompression bombs): each is listed or skipped as its container says,
/// located ones are found where their EXIF places them (HEIC too, through libexif), and a fetch
/// hands over the file's bytes, which libvips decodes.
@Suite struct ImageSampleFolderTests {
    let folder = TemporaryDirectory()
    var photos: String { folder.child("photos") }

    /// The samples the generator geotags, in the order of its POSITIONS: the n-th lies at latitude
    /// 48.8584 + n × 0.001, longitude 2.2945.
    static let located = [
        "upright.jpg", "orientation-6.jpg", "orientation-8.jpg", "cmyk.jpg", "rgb16.png", "alpha.png", "animated.webp", "photo.heic",
        "truncated.jpg", "progressive.jpg", "interlaced.png", "photo.webp", "bomb.png", "bomb.jpg",
    ]
    static let unlocated = ["photo.tiff"]

    init() throws {
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in Self.located + Self.unlocated + ["garbage.jpg"] {
            try FileManager.default.copyItem(atPath: ImageSamples.path(name), toPath: "\(photos)/\(name)")
        }
    }

    func provider() -> DirectoryProvider {
        DirectoryProvider(
            name: "own", tree: DirectoryTree(roots: [photos]), indexPath: folder.child("state/scan-index"), logger: Logger(label: "test"))
    }

    @Test func everyRealImageIsListedAndGarbageIsSkipped() throws {
        let scan = try DirectoryScanner(tree: DirectoryTree(roots: [photos]), indexPath: folder.child("state/scan-index"))
            .scan(cancellation: ScanCancellation())
        #expect(scan.skipped.map { ($0.path as NSString).lastPathComponent } == ["garbage.jpg"])
        #expect(scan.skipped.map(\.reason) == [.notAnImage])
        let listed = Set(scan.files.filter { (try? $0.outcome.get()) != nil }.map { ($0.file.path as NSString).lastPathComponent })
        #expect(listed == Set(Self.located + Self.unlocated))
    }

    @Test func locatedImagesAreFoundWhereTheirEXIFPlacesThem() async throws {
        let center = try GeoPoint(latitude: 48.8624, longitude: 2.2945)
        let page = try await provider().search(GeoQuery(center: center, radiusKm: 5, limit: 50))
        #expect(Set(page.candidates.map(\.title)) == Set(Self.located))
        for candidate in page.candidates {
            let index = try #require(Self.located.firstIndex(of: candidate.title))
            let location = try #require(candidate.location, "\(candidate.title) has a position")
            #expect(abs(location.latitude - (48.8584 + Double(index) * 0.001)) < 1e-6, "\(candidate.title): \(location)")
            #expect(abs(location.longitude - 2.2945) < 1e-6, "\(candidate.title): \(location)")
        }
    }

    @Test(arguments: ["photo.heic", "orientation-6.jpg", "cmyk.jpg", "rgb16.png", "animated.webp", "truncated.jpg"])
    func aFetchHandsOverTheFileWhichLibvipsReads(name: String) async throws {
        let provider = provider()
        let photo = try await provider.photo(id: name)
        let sink = RecordingSink()
        try await provider.fetch(photo, size: .original, into: sink)
        #expect(Data(sink.bytes) == FileManager.default.contents(atPath: ImageSamples.path(name)), "the file's bytes, unchanged")

        let fetched = try folder.write("fetched/\(name)", Data(sink.bytes))
        let decoder = try ImageDecoder()
        let header = try decoder.header(ofFile: fetched)
        #expect(header.width > 0 && header.height > 0)
        if name == "truncated.jpg" {
            #expect(throws: ImageError.self, "a truncated photo is listed and fetched, and libvips calls it damaged") {
                try decoder.decode(file: fetched, fittingWithin: 64)
            }
        } else {
            let (_, image) = try decoder.decode(file: fetched, fittingWithin: 64)
            #expect(image.width == header.width && image.height == header.height, "\(name): \(header)")
        }
    }

    /// (The HEIC is a grid of one 64 × 64 tile showing 64 × 48: the primary item's size counts.)
    @Test func theSizeTheScanReadsIsTheStoredSize() throws {
        let scan = try DirectoryScanner(tree: DirectoryTree(roots: [photos]), indexPath: folder.child("state/scan-index"))
            .scan(cancellation: ScanCancellation())
        let decoder = try ImageDecoder()
        var compared: [String] = []
        for entry in scan.files {
            guard let metadata = try? entry.outcome.get(), let width = metadata.width, let height = metadata.height else { continue }
            compared.append((entry.file.path as NSString).lastPathComponent)
            let header = try decoder.header(ofFile: entry.file.path)
            #expect(
                width == header.storedWidth && height == header.storedHeight,
                "\(entry.file.path): the scan says \(width)×\(height), libvips \(header.storedWidth)×\(header.storedHeight)")
        }
        #expect(compared.contains("photo.heic") && compared.count >= 10, "\(compared)")
    }
}
