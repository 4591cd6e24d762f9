import Fixture
import Foundation
import Logging
import Testing
import TestSupport
@testable import TouristCore

/// Real fixture providers on generated sets, routed in different orders.
@Suite struct RouterTests {
    let folder = TemporaryDirectory()
    let center = try! GeoPoint(latitude: 10, longitude: 20)

    func provider(
        _ name: String, photosNear point: GeoPoint? = nil, count: Int = 12, latencyMs: Int = 0, failEvery: Int = 0, timeout: Double? = nil,
        coverage: GeoBox? = nil
    ) throws -> ConfiguredProvider {
        let set = folder.child(name)
        let point = point ?? center
        try FixtureSetWriter.write(in: set, prefix: name, latitude: point.latitude, longitude: point.longitude, count: count)
        let provider = try FixtureProvider(name: name, folder: set, latencyMs: latencyMs, failEvery: failEvery)
        let entry = TouristConfig.ProviderEntry(
            name: name, type: "fixture", enabled: true, timeoutSeconds: timeout, concurrency: nil, coverage: coverage,
            options: ProviderOptions(file: "test", path: "providers[0]", values: [:]), written: .null
        )
        return ConfiguredProvider(entry: entry, provider: provider)
    }

    /// A provider whose coverage the query circle misses is not asked, even when it has photos
    /// there (its coverage is what the user said); a circle that reaches into a box asks it.
    @Test func providersOutsideTheirCoverageAreNotAsked() async throws {
        let europe = GeoBox(minLongitude: -10, minLatitude: 35, maxLongitude: 30, maxLatitude: 60)
        let elsewhere = try provider("elsewhere", latencyMs: 0, failEvery: 1, coverage: europe)  // would fail if asked
        let local = try provider("local")
        let result = await Router(providers: [elsewhere, local]).search(center: center, radiusKm: 5, count: 2, exclude: [])
        #expect(result.candidates.map(\.key.provider) == ["local", "local"])
        #expect(result.failures.map(\.reason.rawValue) == ["outside coverage"])
        #expect(result.failures.first?.message == "the search circle does not meet its coverage [-10, 35, 30, 60]")
        #expect(result.failures.first?.isNoPhotos == true)
        #expect(result.pages.seen["elsewhere"] == nil, "no page was asked for")

        let reach = europe.distanceKm(from: center)
        let near = await Router(providers: [elsewhere]).search(center: center, radiusKm: reach + 1, count: 1, exclude: [])
        #expect(near.failures.map(\.reason.rawValue) == ["unavailable"], "inside its reach the provider is asked (and fails)")
        let far = await Router(providers: [elsewhere]).search(center: center, radiusKm: reach - 1, count: 1, exclude: [])
        #expect(far.failures.map(\.reason.rawValue) == ["outside coverage"])
    }

    @Test func firstStrategyFallsThroughEmptyAndFailingProvidersInOrder() async throws {
        let faraway = try provider("faraway", photosNear: try GeoPoint(latitude: -40, longitude: -60))
        let broken = try provider("broken", failEvery: 1)
        let good = try provider("good")
        let spare = try provider("spare")
        let router = Router(providers: [faraway, broken, good, spare])
        let result = await router.search(center: center, radiusKm: 5, count: 5, exclude: [])
        #expect(result.candidates.map(\.key.description) == (1...5).map { String(format: "good:good-%03d", $0) })
        #expect(result.failures.map(\.provider) == ["faraway", "broken"])
        #expect(result.failures.map(\.reason.rawValue) == ["empty", "unavailable"])
    }

    @Test func theOrderOfProvidersIsThePriority() async throws {
        let one = try provider("one"), two = try provider("two")
        #expect(
            await Router(providers: [two, one]).search(center: center, radiusKm: 5, count: 1, exclude: []).candidates.first?.key.provider
                == "two")
        #expect(
            await Router(providers: [one, two]).search(center: center, radiusKm: 5, count: 1, exclude: []).candidates.first?.key.provider
                == "one")
    }

    @Test func aSlowProviderTimesOutAndTheNextAnswers() async throws {
        let fixture = try provider("slow", latencyMs: 600_000, timeout: 0.1)
        let endings = SearchEndings(fixture.provider)
        let quick = try provider("quick")
        let result = await Router(providers: [fixture.recording(endings), quick]).search(center: center, radiusKm: 5, count: 3, exclude: [])
        // The slow search was cancelled, not waited for (its 600 s would have answered it), and the
        // failure says it was the time-out that ended it.
        #expect(endings.recorded == [.cancelled])
        #expect(result.candidates.first?.key.provider == "quick")
        #expect(
            result.failures == [ProviderFailure(provider: "slow", error: ProviderError.timedOut("provider slow took longer than 0.1 s"))])
    }

    @Test func excludedPhotosNeverComeBackAndPagingCollectsTheRest() async throws {
        let only = try provider("only", count: 12)
        let exclude = Set((1...4).map { PhotoKey(provider: "only", id: String(format: "only-%03d", $0)) })
        let result = await Router(providers: [only]).search(center: center, radiusKm: 5, count: 20, exclude: exclude)
        #expect(result.candidates.map(\.key.id) == (5...12).map { String(format: "only-%03d", $0) })
        #expect(result.failures.isEmpty)
    }

    @Test func disabledProvidersAreSkipped() async throws {
        var off = try provider("off")
        off = ConfiguredProvider(
            entry: {
                var entry = off.entry; entry.enabled = false; return entry
            }(), provider: off.provider)
        let on = try provider("on")
        #expect(Router(providers: [off, on]).providers.map(\.entry.name) == ["on"])
    }
}

@Suite struct RouterRetryTests {
    let folder = TemporaryDirectory()

    @Test func transientSearchFailuresAreRetriedBeforeFallingThrough() async throws {
        let set = folder.child("flaky")
        try FixtureSetWriter.write(in: set, prefix: "f", latitude: 10, longitude: 20, count: 5)
        // Every 2nd request fails: the first search succeeds, so fail the first by asking twice.
        let provider = try FixtureProvider(name: "flaky", folder: set, failEvery: 2)
        _ = try? await provider.search(GeoQuery(center: try GeoPoint(latitude: 10, longitude: 20), radiusKm: 5, limit: 1))
        let entry = TouristConfig.ProviderEntry(
            name: "flaky", type: "fixture", enabled: true, timeoutSeconds: nil, concurrency: nil, coverage: nil,
            options: ProviderOptions(file: "test", path: "providers[0]", values: [:]), written: .null
        )
        let configured = ConfiguredProvider(entry: entry, provider: provider)
        let center = try GeoPoint(latitude: 10, longitude: 20)
        let once = await Router(providers: [configured], retryPolicy: RetryPolicy(retries: 1, baseDelay: 0.001))
            .search(center: center, radiusKm: 5, count: 3, exclude: [])
        #expect(once.candidates.count == 3, "the failed 2nd request was retried: \(once.failures)")
        #expect(once.pages.seen["flaky"] == [1])
        #expect(once.pages.pageCounts["flaky"] == 2)
        let never = await Router(providers: [configured]).search(center: center, radiusKm: 5, count: 3, exclude: [])
        #expect(never.candidates.isEmpty, "without retries the failing 4th request falls through")
        #expect(never.failures.map(\.reason.rawValue) == ["unavailable"])
    }
}
