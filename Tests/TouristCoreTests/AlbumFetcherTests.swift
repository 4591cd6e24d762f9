import Fixture
import Foundation
import Logging
import Testing
import TestSupport
@testable import TouristCore

/// The album lifecycle through the real store and a real fixture provider.
@Suite struct AlbumFetcherTests {
    let folder = TemporaryDirectory()
    let center = try! GeoPoint(latitude: 45, longitude: 7)

    func fetcher(_ store: Store, failEvery: Int = 0, count: Int = 30) throws -> AlbumFetcher {
        let set = folder.child("set")
        if !FileManager.default.fileExists(atPath: set) {
            try FixtureSetWriter.write(in: set, latitude: center.latitude, longitude: center.longitude, count: count)
        }
        let provider = try FixtureProvider(name: "demo", folder: set, failEvery: failEvery)
        let entry = TouristConfig.ProviderEntry(
            name: "demo", type: "fixture", enabled: true, timeoutSeconds: nil, concurrency: nil, coverage: nil,
            options: ProviderOptions(file: "test", path: "providers[0]", values: [:]), written: .null
        )
        return AlbumFetcher(
            store: store, router: Router(providers: [ConfiguredProvider(entry: entry, provider: provider)]),
            downloads: TouristConfig.Downloads(), size: .small240, retryPolicy: RetryPolicy(retries: 0), logger: Logger(label: "test")
        )
    }

    func newPin(_ store: Store, target: Int = 10) throws -> Pin {
        try store.transaction { try $0.addPin(name: "here", location: center, radiusKm: 5, target: target).pin }
    }

    @Test func fetchFillsTheAlbumOnceAndThenDoesNothing() async throws {
        let store = try Store(path: folder.child("store"))
        let pin = try newPin(store)
        let outcome = try await fetcher(store).fetch(pin: pin.id, count: nil)
        #expect(outcome.report.kind == .complete)
        #expect(outcome.album.pin.state == .ready)
        #expect(outcome.album.photos.map(\.key.id) == (1...10).map { String(format: "p-%03d", $0) })
        for photo in outcome.album.photos {
            let sha256 = try #require(photo.sha256)
            #expect(store.blobs.rehash(sha256) == sha256)
            #expect(photo.mimeType == "image/jpeg")
        }
        #expect(try store.pins().first?.photos == 10)
        let again = try await fetcher(store).fetch(pin: pin.id, count: nil)
        #expect(again.report.kind == .alreadyComplete)
        #expect(try store.verify() == { var report = VerifyReport(); report.blobs = 10; return report }())
    }

    @Test func newCollectionNeverRepeatsAndRemovedPhotosNeverReturn() async throws {
        let store = try Store(path: folder.child("store"))
        let pin = try newPin(store)
        let first = try await fetcher(store).fetch(pin: pin.id, count: nil).album
        let firstKeys = Set(first.photos.map(\.key))
        let second = try await fetcher(store).newCollection(pin: pin.id, count: nil).album
        #expect(second.photos.count == 10)
        #expect(firstKeys.isDisjoint(with: second.photos.map(\.key)))
        for photo in first.photos { #expect(!store.blobs.contains(try #require(photo.sha256))) }
        // Remove one; a third collection has only the 9 never shown, and not the removed one.
        let removed = second.photos[0]
        try store.transaction { transaction in
            var album = try transaction.album(pin.id)
            album.photos.removeAll { $0.key == removed.key }
            album.removed.insert(removed.key)
            try transaction.save(album)
            try transaction.releaseReference(try #require(removed.sha256), pin: pin.id, key: removed.key)
        }
        let third = try await fetcher(store).newCollection(pin: pin.id, count: nil)
        #expect(third.album.photos.count == 10)
        #expect(!third.album.photos.contains { $0.key == removed.key })
        #expect(third.report.kind == .complete)
        // Nothing unseen is left: the album stays as it was.
        let fourth = try await fetcher(store).newCollection(pin: pin.id, count: nil)
        #expect(fourth.report.kind == .noNewPhotos)
        #expect(fourth.album == third.album)
        #expect(try store.album(pin.id) == third.album)
        #expect(try store.verify().ok)
    }

    @Test func failedDownloadsAreKeptAndRetriedByTheNextFetch() async throws {
        let store = try Store(path: folder.child("store"))
        let pin = try newPin(store, target: 6)
        // Every 3rd request fails: the search (request 1) works, some downloads fail.
        let outcome = try await fetcher(store, failEvery: 3).fetch(pin: pin.id, count: nil)
        #expect(outcome.report.kind == .incomplete)
        #expect(outcome.album.pin.state == .failed)
        let failed = outcome.album.photos.filter { $0.state == .failed }
        #expect(!failed.isEmpty)
        #expect(failed.allSatisfy { $0.error?.hasPrefix("unavailable: fixture provider demo simulated a failure") == true })
        let retried = try await fetcher(store).fetch(pin: pin.id, count: nil)
        #expect(retried.report.kind == .complete)
        #expect(retried.album.photos.allSatisfy { $0.state == .stored })
        #expect(retried.album.photos.map(\.key) == outcome.album.photos.map(\.key))
    }
}
