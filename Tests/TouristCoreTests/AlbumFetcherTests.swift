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
        #expect(
            try store.verify()
                == {
                    var report = VerifyReport(); report.blobs = 30; return report
                }())
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

    /// The case: 25 photos, an album of 10, and the third collection finds 5 left. It is
    /// not made unasked: the album, its files and what it has shown stay as they were.
    @Test func fewerUnseenPhotosThanTheAlbumHoldsLeaveItUnlessAllowed() async throws {
        let store = try Store(path: folder.child("store"))
        let pin = try newPin(store)
        _ = try await fetcher(store, count: 25).fetch(pin: pin.id, count: nil)
        let second = try await fetcher(store).newCollection(pin: pin.id, count: nil)
        #expect(second.report.kind == .complete)
        let few = try await fetcher(store).newCollection(pin: pin.id, count: nil)
        #expect(few.report.kind == .fewUnseen && few.report.unseen == 5, "\(few.report)")
        #expect(few.report.advice?.question == "Only 5 unseen photos are left within 5 km: replace 10 photos with 5?")
        #expect(few.album == second.album)
        #expect(try store.album(pin.id) == second.album)
        #expect(
            try store.verify()
                == {
                    var report = VerifyReport(); report.blobs = 30; return report
                }())
        // Asked for 5: no loss, no question.
        let five = try await fetcher(store).newCollection(pin: pin.id, count: 5)
        #expect(five.report.kind == .complete && five.album.photos.count == 5)
        #expect(Set(five.album.photos.map(\.key)).isDisjoint(with: second.album.photos.map(\.key)))
        // An album that holds fewer than it is to hold loses nothing to as many or more.
        let pinned = try store.transaction { try $0.addPin(name: "there", location: center, radiusKm: 5, target: 10).pin }
        _ = try await fetcher(store).fetch(pin: pinned.id, count: 3)
        try store.transaction { transaction in
            var album = try transaction.album(pinned.id)
            album.target = 10
            try transaction.save(album)
        }
        let grown = try await fetcher(store).newCollection(pin: pinned.id, count: nil)
        #expect(grown.report.kind == .complete && grown.album.photos.count == 10, "\(grown.report)")
    }

    @Test func allowedFewerReplacesTheAlbumWithASmallerOneThatSaysSo() async throws {
        let store = try Store(path: folder.child("store"))
        let pin = try newPin(store)
        _ = try await fetcher(store, count: 13).fetch(pin: pin.id, count: nil)
        let smaller = try await fetcher(store).newCollection(pin: pin.id, count: nil, allowFewer: true)
        #expect(smaller.report.kind == .short && smaller.album.pin.state == .ready)
        #expect(Set(smaller.album.photos.map(\.key.id)) == ["p-011", "p-012", "p-013"] && smaller.album.storedCount == 3)
        #expect(smaller.report.advice?.action == .widenRadius)
        let none = try await fetcher(store).newCollection(pin: pin.id, count: nil, allowFewer: true)
        #expect(none.report.kind == .noNewPhotos && none.album == smaller.album)
        #expect(try store.verify().ok)
    }

    /// By the `first` strategy one provider answers a search: one with fewer unseen photos than
    /// asked is not all there is while the next has more, so both count.
    @Test func theUnseenPhotosOfEveryProviderCount() async throws {
        let store = try Store(path: folder.child("store"))
        func provider(_ name: String, count: Int) throws -> ConfiguredProvider {
            let set = folder.child(name)
            try FixtureSetWriter.write(in: set, prefix: name, latitude: center.latitude, longitude: center.longitude, count: count)
            let entry = TouristConfig.ProviderEntry(
                name: name, type: "fixture", enabled: true, timeoutSeconds: nil, concurrency: nil, coverage: nil,
                options: ProviderOptions(file: "test", path: "providers", values: [:]), written: .null
            )
            return ConfiguredProvider(entry: entry, provider: try FixtureProvider(name: name, folder: set))
        }
        let fetcher = AlbumFetcher(
            store: store, router: Router(providers: [try provider("a", count: 3), try provider("b", count: 4)]),
            downloads: TouristConfig.Downloads(), size: .small240, retryPolicy: RetryPolicy(retries: 0), logger: Logger(label: "test")
        )
        let pin = try newPin(store, target: 2)
        #expect(try await fetcher.fetch(pin: pin.id, count: nil).album.photos.map(\.key.description) == ["a:a-001", "a:a-002"])
        let next = try await fetcher.newCollection(pin: pin.id, count: nil)
        #expect(next.report.kind == .complete, "\(next.report)")
        #expect(next.album.photos.map(\.key.description) == ["a:a-003", "b:b-001"])
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
