import Testing
@testable import TouristCore

/// What a provider makes of an `HTTPError` (`ProviderError.overHTTP`): the error a provider threw
/// when HTTP threw `ProviderError` itself, class for class, word for word.
@Suite struct HTTPErrorTests {
    static let errors: [HTTPError] = [
        .unauthorized("u answered HTTP 401"), .rateLimited(retryAfter: 7, "u answered HTTP 429"), .rateLimited(retryAfter: nil, "u: 429"),
        .unavailable("u answered HTTP 503"), .unreachable(host: "127.0.0.1:9", "u: refused", cause: .couldNotConnect),
        .unreachable(host: "x.invalid", "u: no such name", cause: .nameNotResolved), .timedOut("u: stalled"),
        .invalidResponse("u answered HTTP 400"), .notFound("u answered HTTP 404"), .invalidRequest("cannot send f"),
        .tooLarge("u: too large"),
    ]

    @Test(arguments: errors) func aProviderWordsItInTheSameClassAndWords(_ error: HTTPError) async {
        let thrown = await #expect(throws: ProviderError.self) { try await ProviderError.overHTTP { throw error } }
        let worded = ProviderError(error)
        #expect(thrown == worded)
        #expect(worded.kind == error.kind && worded.message == error.message && worded.description == error.description)
        #expect(worded.isRetryable == error.isRetryable && worded.retryAfter == error.retryAfter && worded.isTimedOut == error.isTimedOut)
        #expect(worded.unreachableHost == error.unreachableHost && worded.unreachableCause == error.unreachableCause)
        #expect(worded.failureClass == error.failureClass && worded.isTooLarge == error.isTooLarge)
        #expect(RetryPolicy(retries: 4).shouldRetry(worded, attempt: 1) == RetryPolicy(retries: 4).shouldRetry(error, attempt: 1))
    }

    @Test func otherErrorsPassAsTheyAre() async {
        await #expect(throws: CancellationError.self) { try await ProviderError.overHTTP { throw CancellationError() } }
    }
}
