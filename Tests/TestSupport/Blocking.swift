import Foundation

/// Runs blocking work (sockets, `WebDriver` calls, waits) from async code without blocking a
/// thread of Swift's cooperative pool, which has only as many threads as cores (2 here): the work
/// runs on a thread of its own and the caller awaits its result. Not on Dispatch's global queues:
/// on Linux their pool grows slowly, so many waits at once (a whole test suite's) queue behind
/// each other for seconds.
///
/// Record test expectations (`#expect`) after the await, in the test's own task, not inside `work`.
public enum Blocking {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
