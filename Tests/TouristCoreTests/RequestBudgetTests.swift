import Foundation
import Testing
import TestSupport
@testable import TouristCore

@Suite struct RequestBudgetTests {
    let folder = TemporaryDirectory()

    @Test func allowsAtMostTheLimitInAnySlidingHourAcrossInstances() throws {
        let directory = folder.child("state/flickr")
        let first = RequestBudget(directory: directory, perHour: 3)
        #expect(try first.reserve(now: 1000) == 0)
        #expect(try first.reserve(now: 1001) == 0)
        // A second process (another instance on the same folder) shares the log.
        let second = RequestBudget(directory: directory, perHour: 3)
        #expect(try second.reserve(now: 1002) == 0)
        #expect(abs(try second.reserve(now: 1003) - 3597) < 0.001, "the 4th request waits until the 1st leaves the hour")
        #expect(try first.reserve(now: 4600.5) == 0, "an hour after the first request there is room again")
        let log = try String(contentsOfFile: directory + "/requests", encoding: .utf8)
        #expect(log.split(separator: "\n").count == 3, "requests older than an hour are pruned: \(log)")
    }

    @Test func acquireGivesUpWithRetryAfterWhenTheWaitIsLong() async throws {
        let budget = RequestBudget(directory: folder.child("state/x"), perHour: 1, maximumWait: 1)
        let (_, first) = try await ClockReading.around { try await budget.acquire(provider: "x") }
        let (refusal, second) = await ClockReading.around { () async -> (any Error)? in
            do {
                try await budget.acquire(provider: "x")
                return nil
            } catch {
                return error
            }
        }
        let error = try #require(refusal as? ProviderError, "the second request in an hour must be refused: \(String(describing: refusal))")
        #expect(error.kind == "rate-limited")
        // Until the first request leaves the hour, counted from the second, whatever the time between them.
        let between = first.seconds(until: second)
        let wait = try #require(error.retryAfter)
        #expect(
            wait >= 3600 - between.upperBound - 0.001 && wait <= 3600 - between.lowerBound + 0.001,
            "\(wait) s; \(between) s between the requests")
        #expect(error.message.contains("requestsPerHour"))
    }

    @Test func withoutAStoreTheBudgetLivesInMemory() throws {
        let budget = RequestBudget(directory: nil, perHour: 2)
        #expect(try budget.reserve(now: 10) == 0)
        #expect(try budget.reserve(now: 11) == 0)
        #expect(try budget.reserve(now: 12) > 3597)
    }
}

@Suite struct PageHistoryTests {
    @Test func aFreshCollectionStartsAtAnUnseenPageAndKeepsSeenOnesForLast() {
        var history = PageHistory()
        history.record(provider: "flickr", page: 1, pageSize: 21, pageCount: 6)
        history.record(provider: "flickr", page: 4, pageSize: 21, pageCount: nil)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let order = history.freshOrder(for: "flickr", using: &generator) ?? []
            #expect(Set(order) == Set(1...6))
            #expect(order.count == 6)
            #expect(![1, 4].contains(order[0]), "started at a seen page: \(order)")
            #expect(Array(order.suffix(2)) == [1, 4], "seen pages come last: \(order)")
        }
        #expect(history.freshOrder(for: "other", using: &generator) == nil, "an unknown page count means: start at page 1")
        history.record(provider: "flickr", page: 2, pageSize: 50, pageCount: 3)
        #expect(history.seen["flickr"] == [2] && history.pageCounts["flickr"] == 3, "pages read at another size are forgotten")
        #expect(history.pageSizes["flickr"] == 50)
    }
}
