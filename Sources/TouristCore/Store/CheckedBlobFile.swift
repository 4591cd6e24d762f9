import Crypto
import Glibc
import Synchronization

/// A blob's file on this machine (a local store's own, a remote store's cached copy), opened for
/// reading once it was checked to hold the blob: a regular file, opened without following a
/// symbolic link and without waiting on a FIFO or device put in its place, whose bytes hash to the
/// blob's name. A file this process checked before and that has not changed since (the same inode,
/// size and times) is not hashed again. Closed when the last reference goes (a response streaming
/// it holds one). Reads from it block: call them off any event loop.
public final class CheckedBlobFile: Sendable {
    public let descriptor: Int32
    public let size: Int
    public let path: String

    /// What opening a blob's file found.
    enum Opening {
        case opened(CheckedBlobFile)
        /// No file there.
        case missing
        /// Something that is not the blob: why, as a message naming the file and its fix.
        case damaged(StoreError)
    }

    private init(descriptor: Int32, size: Int, path: String) {
        self.descriptor = descriptor
        self.size = size
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens `path`, the file of blob `sha256`, and checks it.
    static func open(_ path: String, sha256: String) -> Opening {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: return .missing
            case ELOOP: return .damaged(notAFile(path, "a symbolic link"))
            default: return .damaged(StoreError(.io, "cannot open \(path) (\(FileSystem.errnoText(code))); check its permissions"))
            }
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .damaged(notAFile(path, "not a regular file"))
        }
        let file = CheckedBlobFile(descriptor: fd, size: Int(status.st_size), path: path)
        let identity = Identity(status)
        if checked.withLock({ $0[path] }) == identity { return .opened(file) }
        let hashing = HashingSink<SHA256>(DiscardingSink())
        do {
            try file.copy(into: hashing)
        } catch {
            return .damaged(error as? StoreError ?? StoreError(.io, "cannot read \(path): \(error)"))
        }
        guard hashing.finish() == sha256 else {
            return .damaged(
                StoreError(.corrupt, "the photo \(sha256) no longer matches its hash", remedy: Remedy(.verifyStore, .repairStore())))
        }
        remember(path, identity)
        return .opened(file)
    }

    /// Records that the file open as `descriptor` at `path` holds its blob, as it is now: a file
    /// this process checked, then changed only in its times (marked as used), or wrote itself
    /// while hashing what it wrote, is not hashed again when next opened.
    static func rememberChecked(_ path: String, descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return }
        remember(path, Identity(status))
    }

    private static func remember(_ path: String, _ identity: Identity) {
        checked.withLock { known in
            if known.count >= checkedCapacity { known.removeAll() }
            known[path] = identity
        }
    }

    /// Up to `count` bytes from `offset` (fewer only at the end of the file).
    public func read(at offset: Int, count: Int) throws(StoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(offset + done))
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw StoreError(.io, "cannot read \(path) (\(FileSystem.errnoText()))", remedy: Remedy(.verifyStore)) }
            if got == 0 { break }
            done += got
        }
        return Array(bytes[0..<done])
    }

    /// Streams the whole file into `sink`, a chunk at a time; a sink's error is rethrown.
    func copy(into sink: any BlobSink) throws {
        var offset = 0
        while true {
            try Task.checkCancellation()
            let chunk = try read(at: offset, count: FileStreaming.chunkSize)
            if chunk.isEmpty { return }
            try chunk.withUnsafeBytes { try sink.write($0) }
            offset += chunk.count
        }
    }

    private static func notAFile(_ path: String, _ what: String) -> StoreError {
        StoreError(.corrupt, "\(path) is \(what), not a photo tourist stored", remedy: Remedy(.removeIt, .verifyStore))
    }

    /// What tells a file apart from the same path rewritten: a rewrite in place changes its times,
    /// a replacement its inode.
    private struct Identity: Equatable {
        let device: UInt, inode: UInt, size: Int
        let modified: [Int], changed: [Int]

        init(_ status: stat) {
            device = UInt(status.st_dev)
            inode = UInt(status.st_ino)
            size = Int(status.st_size)
            modified = [status.st_mtim.tv_sec, status.st_mtim.tv_nsec]
            changed = [status.st_ctim.tv_sec, status.st_ctim.tv_nsec]
        }
    }

    /// The files this process found whole, by path, as they were then.
    private static let checked = Mutex<[String: Identity]>([:])
    private static let checkedCapacity = 4096
}
