import Foundation
import LoopbackHTTP
import Synchronization
import Testing
import TestSupport
@testable import TouristCore

/// What `RetryPolicy` repeats, through the real libcurl client on 127.0.0.1: a refused connection
/// once only, other transient failures with backoff, each retry told in one line.
@Suite struct RetryPolicyTests {
    let client = HTTPClient(configuration: .patient)
    let policy = RetryPolicy(retries: 4, baseDelay: 0.001)
    let log = LogRecorder()

    @Test func aRefusedConnectionIsAskedOnceNotFiveTimes() async throws {
        let closed = try BoundSocket()
        let attempts = Mutex(0)
        let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)/w/api.php?maxlag=5"))
        let thrown = await #expect(throws: HTTPError.self) {
            try await policy.run(log: RetryLog(log.logger(), "test")) {
                attempts.withLock { $0 += 1 }
                return try await client.data(HTTPRequest(url: url))
            }
        }
        #expect(attempts.withLock { $0 } == 1)
        #expect(thrown?.unreachableHost == "127.0.0.1:\(closed.port)")
        #expect(thrown?.unreachableCause == .couldNotConnect)
        #expect(thrown?.kind == "unavailable" && thrown?.isRetryable == true, "reported as before: unavailable, worth trying later")
        #expect(log.messages.isEmpty, "no retry to tell of: \(log.messages)")
        // The host as messages name it: with the port that refused, when the URL names one.
        #expect(HTTPOutcome.hostAndPort(try #require(URL(string: "http://[::1]:8080/w/api.php"))) == "[::1]:8080")
        #expect(HTTPOutcome.hostAndPort(try #require(URL(string: "https://commons.wikimedia.org/w/api.php"))) == "commons.wikimedia.org")
    }

    @Test func otherTransientFailuresAreRetriedWithBackoffAndEachRetrySaysWhy() async throws {
        let server = try LoopbackServer { request in
            request.path == "/busy" ? .text("busy", status: 503) : .text("fine")
        }
        let answers = Mutex(["/busy", "/busy", "/fine"])
        let response = try await policy.run(log: RetryLog(log.logger(), "test: page 1")) {
            let path = answers.withLock { $0.removeFirst() }
            return try await client.data(HTTPRequest(url: try #require(URL(string: server.url(path)))))
        }
        #expect(String(decoding: response.body, as: UTF8.self) == "fine")
        #expect(server.requests.count == 3)
        let lines = log.messages
        #expect(lines.count == 2, "\(lines)")
        for (index, line) in lines.enumerated() {
            #expect(line.hasPrefix("test: page 1: retry \(index + 1) of 4 in 0.00"), "\(line)")
            #expect(line.hasSuffix(" s (unavailable: \(server.url("/busy")) answered HTTP 503)"), "\(line)")
        }
    }

    @Test func onlyTheErrorsAskedForAreRetriedAndARetryAfterIsTheWait() async throws {
        let attempts = Mutex(0)
        await #expect(throws: ProviderError.self) {
            try await policy.run(only: { $0.retryAfter != nil }) {
                attempts.withLock { $0 += 1 }
                throw ProviderError.unavailable("no Retry-After")
            }
        }
        #expect(attempts.withLock { $0 } == 1)
        let told = try await policy.run(log: RetryLog(log.logger(), "api"), only: { $0.retryAfter != nil }) {
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt == 2 { throw ProviderError.rateLimited(retryAfter: 0, "wait 0 s") }
            return attempt
        }
        #expect(told == 3)
        #expect(log.messages == ["api: retry 1 of 4 in 0.00 s (rate-limited: wait 0 s)"])
    }

    @Test func theStoreInsistsWhereProvidersYield() {
        let providers = RetryPolicy(retries: 4)
        let refused = HTTPError.unreachable(host: "127.0.0.1:9", "http://127.0.0.1:9/b: refused", cause: .couldNotConnect)
        let slowDown = HTTPError.rateLimited(retryAfter: 60, "http://127.0.0.1:9/b answered HTTP 503 (service unavailable)")
        // A host that refused, and a server asking for a minute: the store tries again, a provider not.
        #expect(RetryPolicy.store.shouldRetry(refused, attempt: 1) && !providers.shouldRetry(refused, attempt: 1))
        #expect(RetryPolicy.store.shouldRetry(slowDown, attempt: 4) && !RetryPolicy.store.shouldRetry(slowDown, attempt: 5))
        #expect(!providers.shouldRetry(slowDown, attempt: 1))
        // The store waits at least half its step (0.2 s doubling, up to 3.2 s), or the Retry-After up to 30 s when longer.
        #expect(RetryPolicy.store.delay(beforeRetry: 1, random: 0) == 0.1 && RetryPolicy.store.delay(beforeRetry: 1, random: 1) == 0.2)
        #expect(RetryPolicy.store.delay(beforeRetry: 6, random: 1) == 3.2)
        #expect(RetryPolicy.store.delay(beforeRetry: 1, retryAfter: 60, random: 1) == 30)
        #expect(RetryPolicy.store.delay(beforeRetry: 4, retryAfter: 0.5, random: 1) == 1.6)
        // A provider waits anywhere up to its step (0.25 s doubling), or the Retry-After it was given.
        #expect(providers.delay(beforeRetry: 3, random: 0) == 0 && providers.delay(beforeRetry: 3, random: 1) == 1)
        #expect(providers.delay(beforeRetry: 3, retryAfter: 0.1, random: 1) == 0.1)
    }
}
