import Foundation
import Glibc
import Synchronization

/// The lock of a folder (flock(2) on its `lock` file, see `FileLock`) that the thread holding it
/// may take again: flock is per open file, so a second `FileLock` in the same process would wait
/// for itself. A local store's writes and its temporary area share one.
final class FolderLock: Sendable {
    /// The lock file.
    let path: String
    /// What the lock guards, for the message when it stays taken.
    private let what: String
    /// How long to wait for another process's lock.
    private let timeout: Double
    /// The thread of this process that holds the lock, if one does.
    private let holder = Mutex<pthread_t?>(nil)

    init(path: String, what: String, timeout: Double) {
        self.path = path
        self.what = what
        self.timeout = timeout
    }

    /// Runs `body` holding the lock; a thread that holds it already just runs `body`.
    func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let me = pthread_self()
        if holder.withLock({ $0.map { pthread_equal($0, me) != 0 } ?? false }) { return try body() }
        let lock = try FileLock.lock(path, timeout: timeout, what: what)
        holder.withLock { $0 = me }
        defer {
            holder.withLock { $0 = nil }
            lock.unlock()
        }
        return try body()
    }
}
