import Dispatch

/// Runs blocking work (sockets, `WebDriver` calls, waits) from async code without blocking a
/// thread of Swift's cooperative pool, which has only as many threads as cores (2 here): the work
/// runs on a Dispatch global queue thread and the caller awaits its result.
///
/// Record test expectations (`#expect`) after the await, in the test's own task, not inside `work`.
public enum Blocking {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
