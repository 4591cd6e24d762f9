import CShims
import Foundation

import Glibc

/// An exclusive flock(2) on a file, held until `unlock()` or until the process dies,
/// so a killed process never leaves the store locked.
final class FileLock: @unchecked Sendable {
    private let fd: Int32
    let path: String

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    /// Takes the lock without waiting; nil when another open file description holds it.
    static func tryLock(_ path: String) throws(StoreError) -> FileLock? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError(.io, "cannot open lock file \(path): \(FileSystem.errnoText())") }
        while tourist_flock(fd, TOURIST_LOCK_EX | TOURIST_LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw StoreError(.io, "cannot lock \(path): \(FileSystem.errnoText(code))")
        }
        return FileLock(fd: fd, path: path)
    }

    /// Takes the lock, polling until `timeout` seconds have passed; then fails with a message that
    /// names the holder's pid when it wrote one.
    static func lock(_ path: String, timeout: Double, what: String) throws(StoreError) -> FileLock {
        let deadline = Date().addingTimeInterval(timeout)
        var pause: UInt32 = 2_000
        while true {
            if let lock = try tryLock(path) {
                lock.recordOwner()
                return lock
            }
            if Date() >= deadline {
                let holder =
                    (try? FileSystem.read(path)).flatMap {
                        String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    } ?? ""
                let who = holder.isEmpty ? "another tourist process" : "another tourist process (pid \(holder))"
                throw StoreError(
                    .busy,
                    "\(what) is busy: \(who) has held its lock for over \(String(format: "%g", timeout)) s. Wait for it to finish and run the command again"
                )
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    private func recordOwner() {
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    func unlock() {
        _ = tourist_flock(fd, TOURIST_LOCK_UN)
        close(fd)
    }
}
