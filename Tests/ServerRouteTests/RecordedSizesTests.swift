import Testing
import TouristCore
@testable import TouristServer

/// The sizes `tourist serve` holds downloads against: learnt from the stored photos and kept views
/// of the albums shown, and bounded, the older half forgotten first.
@Suite struct RecordedSizesTests {
    static func sha256(_ number: Int) -> String {
        String(repeating: "0", count: 64 - String(number, radix: 16).count) + String(number, radix: 16)
    }

    static func name(_ number: Int) throws -> BlobName {
        try #require(BlobName(Substring(sha256(number))))
    }

    static func photo(_ number: Int, state: PhotoState = .stored) -> AlbumPhoto {
        var photo = AlbumPhoto(
            candidate: PhotoCandidate(key: PhotoKey(provider: "t", id: "\(number)"), title: "\(number)", sources: [:]), size: .small240)
        photo.state = state
        photo.sha256 = sha256(number)
        photo.bytes = number * 10
        return photo
    }

    @Test func storedPhotosAndTheirViewsAreLearnt() throws {
        let sizes = RecordedSizes()
        var withView = Self.photo(1)
        withView.views = [PhotoView(size: .large1024, sha256: Self.sha256(2), bytes: 2_000, mimeType: "image/jpeg")]
        sizes.learn([withView, Self.photo(3, state: .failed)])
        sizes.learn(PhotoView(size: .large1024, sha256: Self.sha256(4), bytes: 4_000, mimeType: nil))
        #expect(sizes.size(of: try Self.name(1)) == 10)
        #expect(sizes.size(of: try Self.name(2)) == 2_000)
        #expect(sizes.size(of: try Self.name(3)) == nil, "a photo not stored records no size")
        #expect(sizes.size(of: try Self.name(4)) == 4_000)
    }

    @Test func atMostItsCapacityIsHeldTheOldestForgottenFirst() throws {
        let sizes = RecordedSizes(capacity: 10)
        sizes.learn((1...12).map { Self.photo($0) })
        let held = try (1...12).filter { sizes.size(of: try Self.name($0)) != nil }
        #expect(held.count <= 10)
        #expect(held.contains(12) && held.contains(7), "the newest are held: \(held)")
        #expect(!held.contains(1), "the oldest are forgotten: \(held)")
    }
}
