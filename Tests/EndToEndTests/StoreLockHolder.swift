import CShims
import Foundation

/// Holds the store's flock from the test process, as another tourist process would.
final class StoreLockHolder {
    private let fd: Int32

    init(_ path: String) throws {
        fd = open(path, O_RDWR | O_CREAT, 0o644)
        guard fd >= 0, tourist_flock(fd, TOURIST_LOCK_EX) == 0 else { throw CocoaError(.fileLocking) }
    }

    func release() {
        _ = tourist_flock(fd, TOURIST_LOCK_UN)
        close(fd)
    }
}
