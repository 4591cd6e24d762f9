import Fixture
import Foundation
import Logging
import Synchronization
import Testing
import TestSupport
@testable import TouristCore

/// A provider whose host cannot be reached is asked once, then left alone for a minute while
/// another provider answers, asked again after it, and asked anyway when no other answers. The
/// clock is moved by hand: nothing sleeps.
@Suite struct UnreachableCooldownTests {
    let folder = TemporaryDirectory()
    let center = try! GeoPoint(latitude: 10, longitude: 20)
    let clock = HandClock()
    let log = LogRecorder()

    /// A fixture provider with `count` photos around `point` (the query's center by default).
    func fixture(_ name: String, photosNear point: GeoPoint? = nil) throws -> ConfiguredProvider {
        let set = folder.child(name)
        let point = point ?? center
        try FixtureSetWriter.write(in: set, prefix: name, latitude: point.latitude, longitude: point.longitude, count: 6)
        return configured(try FixtureProvider(name: name, folder: set))
    }

    func configured(_ provider: any PhotoProvider) -> ConfiguredProvider {
        let entry = TouristConfig.ProviderEntry(
            name: provider.name, type: "test", enabled: true, timeoutSeconds: nil, concurrency: nil, coverage: nil,
            options: ProviderOptions(file: "test", path: "providers[0]", values: [:]), written: .null
        )
        return ConfiguredProvider(entry: entry, provider: provider)
    }

    func router(_ providers: [ConfiguredProvider], strategy: TouristConfig.Strategy = .first) -> Router {
        Router(
            providers: providers, retryPolicy: RetryPolicy(retries: 4, baseDelay: 0.001), strategy: strategy,
            logger: log.logger(level: .debug), cooldown: UnreachableCooldown(now: clock.now)
        )
    }

    func search(_ router: Router) async -> RouteResult {
        await router.search(center: center, radiusKm: 5, count: 3, exclude: [])
    }

    @Test func anUnreachableHostIsLeftAloneForAMinuteWhileAnotherAnswersThenAskedAgain() async throws {
        let commons = FlakyHost(name: "commons", at: center)
        let router = router([configured(commons), try fixture("demo")])

        let first = await search(router)
        #expect(first.candidates.map(\.key.provider) == ["demo", "demo", "demo"])
        #expect(commons.asked == 1, "asked once: a name that does not resolve is not retried")
        #expect(first.failures.map(\.reason.rawValue) == ["unavailable"])
        #expect(first.failures.first?.message == FlakyHost.message)

        clock.advance(by: .seconds(59))
        let resting = await search(router)
        #expect(commons.asked == 1, "left alone within the minute")
        #expect(resting.candidates.map(\.key.provider) == ["demo", "demo", "demo"])
        #expect(resting.failures == first.failures, "passed by with the failure that put it to rest")

        commons.isDown = false
        clock.advance(by: .seconds(1))
        let probed = await search(router)
        #expect(commons.asked == 2, "asked again once the minute is up")
        #expect(probed.candidates.map(\.key.provider) == ["commons"])
        #expect(probed.failures.isEmpty)

        #expect(
            log.messages.filter { $0.hasPrefix("commons: could not resolve") } == [
                "commons: could not resolve commons.wikimedia.org (offline?); not asked again for 60 s"
            ])
        #expect(
            log.messages.contains("commons: skipped: could not resolve commons.wikimedia.org (offline?); asked again in 1 s"),
            "\(log.messages)")
        #expect(!log.messages.contains { $0.contains("retry") }, "\(log.messages)")
    }

    @Test func aProviderAtRestIsAskedWhenNoOtherCanAnswer() async throws {
        let commons = FlakyHost(name: "commons", at: center)
        let elsewhere = try fixture("elsewhere", photosNear: try GeoPoint(latitude: -40, longitude: -60))
        for strategy in [TouristConfig.Strategy.first, .merge] {
            let router = router([configured(commons), elsewhere], strategy: strategy)
            let before = commons.asked
            let first = await search(router)
            #expect(commons.asked == before + 1)
            #expect(first.failures.map(\.reason.rawValue).sorted() == ["empty", "unavailable"])

            // At rest, but the other one has nothing here: it is asked anyway, and answers now.
            commons.isDown = false
            let second = await search(router)
            #expect(commons.asked == before + 2, "\(strategy)")
            #expect(second.candidates.map(\.key.provider) == ["commons"], "\(strategy)")
            #expect(second.failures.map(\.reason.rawValue) == ["empty"], "\(strategy)")

            // Reached again: no longer at rest.
            let third = await search(router)
            #expect(commons.asked == before + 3, "\(strategy)")
            #expect(third.candidates.map(\.key.provider) == ["commons"], "\(strategy)")
            commons.isDown = true
        }
    }

    @Test func anUnreachableProviderAloneIsAskedAtEveryQuery() async throws {
        let commons = FlakyHost(name: "commons", at: center)
        let router = router([configured(commons)])
        for round in 1...3 {
            let result = await search(router)
            #expect(commons.asked == round, "once per query, never retried")
            #expect(result.failures.map(\.reason.rawValue) == ["unavailable"])
        }
    }

    @Test func aRefusedConnectionIsWordedAsSuch() {
        let error = ProviderError.unreachable(
            host: "127.0.0.1:9", "http://127.0.0.1:9/w/api.php: Couldn't connect to server", cause: .couldNotConnect)
        #expect(Router.unreachable(error) == "could not connect to 127.0.0.1:9 (refused, or no route)")
        #expect(!RetryPolicy(retries: 4).shouldRetry(error, attempt: 1))
        #expect(
            RetryPolicy(retries: 4).shouldRetry(ProviderError.unavailable("HTTP 503"), attempt: 1),
            "other transient failures keep their backoff")
    }
}

/// A clock tests move by hand.
final class HandClock: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)

    func advance(by duration: Duration) { offset.withLock { $0 += duration } }

    /// The time now, for `UnreachableCooldown(now:)`.
    var now: @Sendable () -> ContinuousClock.Instant {
        { [self] in start + offset.withLock { $0 } }
    }
}

/// A provider with one photo at `point` whose host does not resolve while `isDown`; it counts the
/// searches it is asked.
final class FlakyHost: PhotoProvider {
    static let message = "https://commons.wikimedia.org/w/api.php?…: Could not resolve host: commons.wikimedia.org"
    let name: String
    let point: GeoPoint
    private let state = Mutex((down: true, asked: 0))

    init(name: String, at point: GeoPoint) {
        self.name = name
        self.point = point
    }

    var asked: Int { state.withLock { $0.asked } }
    var isDown: Bool {
        get { state.withLock { $0.down } }
        set { state.withLock { $0.down = newValue } }
    }

    func search(_ query: GeoQuery) async throws -> SearchPage {
        let down = state.withLock { state in
            state.asked += 1
            return state.down
        }
        if down { throw ProviderError.unreachable(host: "commons.wikimedia.org", Self.message, cause: .nameNotResolved) }
        let photo = PhotoCandidate(
            key: PhotoKey(provider: name, id: "1"), title: "One", location: point,
            sources: [.small240: .url(URL(fileURLWithPath: "/nowhere.jpg"))]
        )
        return SearchPage(candidates: [photo], nextPage: nil)
    }

    func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        throw ProviderError.notFound("not in this test")
    }
}
