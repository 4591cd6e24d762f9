import CommonsStub
import Foundation
import Testing
import TestSupport
@testable import TouristCore

/// What Commons repeats: inside a page of many requests, only a request told to wait; a host that
/// refuses the connection, never at once.
extension CommonsProviderTests {
    /// 1,000 photos on a spiral 30 m apart, out to 30 km from the Eiffel Tower: a 30 km search for
    /// 500 of them takes image info in parts (`iicontinue`), geosearches of several 10 km tiles and
    /// image info by page id, one page of many requests.
    static let spread = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 1000, spacingMetres: 30)

    /// The 500-photo page of a 30 km search through a router retrying 4 times, as `fetch` runs it,
    /// with a time-out no busy machine reaches.
    func searchSpread(_ fake: FakeCommons) async throws -> RouteResult {
        let policy = RetryPolicy(retries: 4, baseDelay: 0.001)
        let router = Router(
            providers: [try configured(fake, options: #", "timeoutSeconds": 600"#, retryPolicy: policy)], retryPolicy: policy)
        return await router.search(center: eiffel, radiusKm: 30, count: 500, exclude: [])
    }

    @Test func aPageWhoseEveryThirdRequestIsToldToWaitCompletesRepeatingOnlyThose() async throws {
        let calm = try FakeCommons(files: Self.spread)
        defer { calm.stop() }
        let expected = try await searchSpread(calm)
        let baseline = calm.apiRequests.map(\.rawQuery)
        #expect(expected.candidates.count == 500 && expected.failures.isEmpty, "\(expected.failures)")
        #expect(baseline.count >= 12, "a page of many requests: \(baseline.count)")

        let lagging = try FakeCommons(files: Self.spread)
        defer { lagging.stop() }
        lagging.setModes { $0.steadyMaxlag = (every: 3, retryAfter: 0) }
        let result = try await searchSpread(lagging)
        #expect(result.candidates.map(\.key) == expected.candidates.map(\.key), "the page completes, with the same photos")
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.pages.seen["commons"] == [1], "one page")

        let sent = lagging.apiRequests.map(\.rawQuery)
        let toldToWait = Set(sent.indices.filter { ($0 + 1) % 3 == 0 })
        #expect(lagging.maxlagAnswers == toldToWait.count)
        #expect(sent.count == baseline.count + toldToWait.count, "one repeat per request told to wait, nothing else again")
        for index in toldToWait.sorted() where index + 1 < sent.count {
            #expect(sent[index + 1] == sent[index], "request \(index + 1) is repeated next, alone")
        }
        let answered = sent.indices.filter { !toldToWait.contains($0) }.map { sent[$0] }
        #expect(answered == baseline, "the continuation is kept: the answered requests are those of the calm page, in order")
    }

    @Test func aRefusedConnectionIsAskedOncePerQuery() async throws {
        let closed = try BoundSocket()
        let log = LogRecorder()
        let policy = RetryPolicy(retries: 4, baseDelay: 0.001)
        let commons = try configured(
            endpoint: "http://127.0.0.1:\(closed.port)/w/api.php", retryPolicy: policy, logger: log.logger(level: .debug))
        // The rest's clock stands still, so the second query falls within it however long the
        // first took on a busy machine.
        let frozen = ContinuousClock.now
        let router = Router(
            providers: [commons], retryPolicy: policy, logger: log.logger(level: .debug), cooldown: UnreachableCooldown(now: { frozen }))
        for round in 1...2 {
            let result = await router.search(center: eiffel, radiusKm: 5, count: 21, exclude: [])
            #expect(result.failures.map(\.reason.rawValue) == ["unavailable"])
            #expect(result.failures.first?.message.contains("127.0.0.1:\(closed.port)") == true)
            let requests = log.messages.filter { $0.hasPrefix("commons: http://127.0.0.1:\(closed.port)/w/api.php?") }
            #expect(requests.count == round, "one request per query, not five: \(log.messages)")
        }
        #expect(log.messages.filter { $0.contains("retry") }.isEmpty, "\(log.messages)")
        #expect(
            log.messages.filter { $0.hasSuffix("not asked again for 60 s") } == [
                "commons: could not connect to 127.0.0.1:\(closed.port) (refused, or no route); not asked again for 60 s"
            ])
    }
}
