extension Store {
    /// `transaction` for async code: run on a `BlockingIO` thread, since it may wait for the
    /// store's lock (up to its time-out, while another process holds it) and reads and writes whole
    /// files; on the cooperative pool (or a server's event loop) that wait would hold back every
    /// other task.
    public func transactionInBackground<T: Sendable>(_ body: @escaping (StoreTransaction) throws -> T) async throws -> T {
        try await BlockingIO.run { [self] in try transaction(body) }
    }

    /// Makes this process's staging folder (`temporaryDirectory()`) on a `BlockingIO` thread, for
    /// async code about to stage downloads in it: making it waits for the store's lock.
    public func prepareStagingInBackground() async throws {
        _ = try await BlockingIO.run { [self] in try temporaryDirectory() }
    }

    /// `album(_:)` for async code: the album file is read on a `BlockingIO` thread.
    public func albumInBackground(_ id: String) async throws -> Album {
        try await BlockingIO.run { [self] in try album(id) }
    }
}
