import Foundation

/// One request at a time to a service, each starting at least `interval` after the one before it
/// ended, across every tourist process that shares `folder` (the store's state folder): the turn
/// is an flock on `<folder>/requests.lock`, held from before a request's wait to after its answer,
/// and `<folder>/last-request` keeps when the last request started and when it ended (Unix time,
/// replaced atomically).
///
/// Spacing from the end of the last answer, not its start, is what makes the interval hold at the
/// server however the network delays a request: the server answered the last one before its answer
/// arrived here, so it sees the next at least `interval` later. Nominatim's usage policy asks for at
/// most one request a second from a single thread; a server shared by several processes (a CLI
/// command beside `tourist serve`) is asked by one at a time.
///
/// A process that dies in its turn gives the lock back (flock), and the last start it wrote still
/// spaces the next request. A clock set back never makes a wait longer than `interval`.
struct RequestSpacing: Sendable {
    let folder: String
    /// The least time between one request's end and the next one's start.
    let interval: Double
    /// How long to wait for another process's turn before giving up.
    let lockTimeout: Double

    init(folder: String, interval: Double = 1, lockTimeout: Double = 60) {
        self.folder = folder
        self.interval = interval
        self.lockTimeout = lockTimeout
    }

    /// A turn: `request` runs `body` after the wait the last request asks for, recording its start
    /// and end; `release` gives the turn up.
    final class Turn: @unchecked Sendable {
        private let lock: FileLock
        private let spacing: RequestSpacing

        fileprivate init(lock: FileLock, spacing: RequestSpacing) {
            self.lock = lock
            self.spacing = spacing
        }

        /// Waits until `interval` has passed since the last request ended (or started, when no end
        /// was written), then runs `body` as the next request.
        func request<T>(_ body: () async throws -> T) async throws -> T {
            let path = spacing.folder + "/last-request"
            let now = Date().timeIntervalSince1970
            let last = (try? FileSystem.read(path)).map { String(decoding: $0, as: UTF8.self) }?
                .split(whereSeparator: \.isWhitespace).compactMap { Double($0) }.max()
            if let last {
                let wait = min(spacing.interval, last + spacing.interval - now)
                if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
            }
            let start = Date().timeIntervalSince1970
            try Self.write([start], to: path)
            defer { try? Self.write([start, Date().timeIntervalSince1970], to: path) }
            return try await body()
        }

        func release() {
            lock.unlock()
        }

        private static func write(_ times: [Double], to path: String) throws(StoreError) {
            try FileSystem.writeAtomically(Array(times.map { String(format: "%.3f\n", $0) }.joined().utf8), to: path)
        }
    }

    /// Takes the turn, waiting (without holding a thread) while another request holds it; throws
    /// `busy` after `lockTimeout` seconds.
    func turn(what: String) async throws -> Turn {
        try FileSystem.makeDirectory(folder)
        let deadline = Date().addingTimeInterval(lockTimeout)
        while true {
            if let lock = try FileLock.tryLock(folder + "/requests.lock") { return Turn(lock: lock, spacing: self) }
            guard Date() < deadline else {
                throw GeocoderError.busy(
                    "\(what) is busy: another tourist process has been looking a place up for over \(Int(lockTimeout)) s; try again when it is done"
                )
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
