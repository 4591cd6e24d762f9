import NIOPosix

/// The threads that do what would otherwise stop an event loop (and with it every connection it
/// serves). `store` runs the library's operations, which may wait for the store's lock (up to its
/// time-out) while another process holds it; `files` reads photo bytes. They are apart, so requests
/// waiting for the lock never hold a photo back. Process-wide, like NIO's own singleton pool, and
/// started on first use.
enum ServerThreads {
    static let store = started(threads: 16)
    static let files = started(threads: 8)

    private static func started(threads: Int) -> NIOThreadPool {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        return pool
    }

    /// Runs `work` on the `store` threads: for any call into `Library` or `Store`.
    static func onStore<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await store.runIfActive(work)
    }
}
