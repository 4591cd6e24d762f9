import Fixture
import Foundation
import Logging
import Testing
import TestSupport
@testable import TouristCore

/// The `merge` strategy with real fixture providers: everyone asked at once, photos interleaved
/// by distance, failures and time-outs reported without holding the others, and the same bytes
/// from two providers kept once by the album.
@Suite struct MergeRoutingTests {
    let folder = TemporaryDirectory()
    let center = try! GeoPoint(latitude: 10, longitude: 20)

    /// Fixture photos `offsetKm` north of the center and then every 0.1 km; `prefix` seeds their bytes.
    func provider(
        _ name: String, prefix: String? = nil, offsetKm: Double = 0, latencyMs: Int = 0, failEvery: Int = 0, timeout: Double? = nil
    ) throws -> ConfiguredProvider {
        let set = folder.child(name)
        try FixtureSetWriter.write(
            in: set, prefix: prefix ?? name, latitude: center.latitude + offsetKm / 111.195, longitude: center.longitude, count: 6)
        let entry = TouristConfig.ProviderEntry(
            name: name, type: "fixture", enabled: true, timeoutSeconds: timeout, concurrency: nil, coverage: nil,
            options: ProviderOptions(file: "test", path: "providers[0]", values: [:]), written: .null
        )
        return ConfiguredProvider(
            entry: entry, provider: try FixtureProvider(name: name, folder: set, latencyMs: latencyMs, failEvery: failEvery))
    }

    @Test func photosOfEveryProviderInterleavedByDistance() async throws {
        let near = try provider("near"), between = try provider("between", offsetKm: 0.05)
        let broken = try provider("broken", failEvery: 1)
        let slow = try provider("slow", latencyMs: 600_000, timeout: 0.2)
        let endings = SearchEndings(slow.provider)
        let router = Router(providers: [slow.recording(endings), near, broken, between], strategy: .merge)
        let result = await router.search(center: center, radiusKm: 5, count: 5, exclude: [])
        #expect(
            endings.recorded == [.cancelled],
            "the slow provider's time-out cuts its search short: the router does not wait the 600 s it takes")
        #expect(
            result.candidates.map(\.key.description) == [
                "near:near-001", "between:between-001", "near:near-002", "between:between-002", "near:near-003",
            ])
        #expect(result.failures.map(\.provider) == ["slow", "broken"], "in config order")
        #expect(result.failures.map(\.reason.rawValue) == ["timed out", "unavailable"])
        #expect(result.pages.seen["near"] == [1] && result.pages.seen["between"] == [1])
    }

    @Test func theSameBytesFromTwoProvidersAreKeptOnce() async throws {
        // Both sets hold the same six photos (same bytes), at the same places.
        let first = try provider("first", prefix: "same"), mirror = try provider("mirror", prefix: "same")
        let store = try Store(path: folder.child("store"))
        let pin = try store.transaction { try $0.addPin(name: "here", location: center, radiusKm: 5, target: 6).pin }
        let fetcher = AlbumFetcher(
            store: store, router: Router(providers: [first, mirror], strategy: .merge), downloads: TouristConfig.Downloads(),
            size: .small240, retryPolicy: RetryPolicy(retries: 0), logger: Logger(label: "test")
        )
        let outcome = try await fetcher.fetch(pin: pin.id, count: nil)
        let stored = outcome.album.photos.filter { $0.state == .stored }
        #expect(stored.count == 6)
        #expect(Set(stored.compactMap(\.sha256)).count == 6, "no two stored photos share their bytes")
        let rejected = outcome.album.photos.filter { $0.state == .rejected }
        #expect(!rejected.isEmpty)
        for photo in rejected {
            #expect(
                photo.error?.hasSuffix("(identical bytes)") == true && photo.error?.hasPrefix("the same photo as ") == true,
                "\(photo.error ?? "")")
            let original = try #require(photo.identicalTo, "it names the photo it repeats")
            #expect(stored.contains { $0.key == original && $0.key.id == photo.key.id }, "a stored photo, the same file")
            #expect(photo.error?.contains(original.description) == true)
            let setAside = PhotoJSON(photo: photo, store: store).stored?.setAside
            #expect(setAside?.kind == "identical" && setAside?.of == original.description)
        }
        #expect(Set(stored.map(\.key.id)).count == 6, "six different photos, whichever provider each came from")
        #expect(Set(outcome.album.photos.map(\.key.provider)) == ["first", "mirror"], "both were asked and each photo keeps its provider")
        #expect(try store.verify().ok)
    }
}
