import Dispatch

/// Runs blocking file-system work (fsync, link, index writes) on a Dispatch thread, so that a slow
/// disk never holds one of Swift concurrency's few cooperative threads (two on a 2-core machine),
/// and several fsyncs can be in flight at once for the file system to commit together.
public enum BlockingIO {
    private final class Box<T>: @unchecked Sendable {
        let work: () throws -> T
        init(_ work: @escaping () throws -> T) { self.work = work }
    }

    /// Runs `work` on a Dispatch thread and returns its result.
    public static func run<T: Sendable>(_ work: @escaping () throws -> T) async throws -> T {
        let box = Box(work)
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try box.work() })
            }
        }
    }
}
