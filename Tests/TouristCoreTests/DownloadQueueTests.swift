import Testing
@testable import TouristCore

@Suite struct DownloadQueueTests {
    func photo(_ provider: String, _ id: String) -> AlbumPhoto {
        AlbumPhoto(candidate: PhotoCandidate(key: PhotoKey(provider: provider, id: id), title: id, sources: [:]), size: .small240)
    }

    func ids(_ photos: [AlbumPhoto?]) -> [String] { photos.map { $0?.key.description ?? "-" } }

    @Test func providersTakeTurnsAndNoneExceedsItsConcurrency() {
        let photos = [photo("a", "1"), photo("a", "2"), photo("a", "3"), photo("b", "1"), photo("b", "2"), photo("b", "3")]
        var queue = DownloadQueue(photos, limits: ["a": 1])
        #expect(
            ids((0..<5).map { _ in queue.next() }) == ["a:1", "b:1", "b:2", "b:3", "-"],
            "a waits for its one slot; b has no limit of its own")
        queue.finished("a")
        #expect(ids([queue.next(), queue.next()]) == ["a:2", "-"])
        queue.finished("a")
        #expect(ids([queue.next(), queue.next()]) == ["a:3", "-"])
    }

    @Test func withoutLimitsPhotosAlternateByProviderInAlbumOrder() {
        let photos = [photo("a", "1"), photo("a", "2"), photo("b", "1"), photo("c", "1"), photo("a", "3")]
        var queue = DownloadQueue(photos, limits: [:])
        #expect(ids((0..<6).map { _ in queue.next() }) == ["a:1", "b:1", "c:1", "a:2", "a:3", "-"])
    }
}
