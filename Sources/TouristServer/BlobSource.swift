import Foundation
import Glibc
import NIOCore
import TouristCore

/// Where a photo's bytes are read from when it is served: the file on this machine (a local store's
/// own, a remote store's cached copy), or the store itself by ranges (a blob on S3 not cached
/// here). Every read blocks: call them on `ServerThreads.files`.
enum BlobSource: Sendable {
    case file(BlobFile)
    case store(any BlobReading, name: String, size: Int)

    /// Blob `name`'s source, or nil when the store has no such blob.
    static func open(_ name: String, blobs: any BlobReading) throws(StoreError) -> BlobSource? {
        if let path = blobs.localFile(of: name) {
            do {
                return .file(try BlobFile(path: path, name: name))
            } catch where error.kind == .notFound {
                // Not here (evicted from the cache a moment ago, or missing): ask the store.
            }
        }
        return blobs.size(of: name).map { .store(blobs, name: name, size: $0) }
    }

    var size: Int {
        switch self {
        case .file(let file): file.size
        case .store(_, _, let size): size
        }
    }

    /// Up to `count` bytes from `offset` (fewer only at the end).
    func read(at offset: Int, count: Int) throws(StoreError) -> ByteBuffer {
        switch self {
        case .file(let file): return try file.read(at: offset, count: count)
        case .store(let blobs, let name, _): return ByteBuffer(bytes: try blobs.bytes(of: name, range: offset..<(offset + count)))
        }
    }
}

/// A blob's file, opened for serving: only a regular file, never through a symbolic link
/// (`O_NOFOLLOW`), and without waiting on a FIFO or device put in its place (`O_NONBLOCK`, then
/// `fstat`). Closed when the last reference goes (a response streaming it holds one).
final class BlobFile: Sendable {
    let descriptor: Int32
    let size: Int
    let path: String

    /// Opens `path`, the file of blob `name`; a missing file is `notFound`, anything but a regular
    /// file `corrupt` (its message says how to clear it).
    init(path: String, name: String) throws(StoreError) {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw StoreError(.notFound, "the store has no photo \(name)")
            case ELOOP: throw Self.notAFile(path, "a symbolic link")
            default: throw StoreError(.io, "cannot open \(path) (\(String(cString: strerror(code)))); check its permissions")
            }
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Self.notAFile(path, "not a regular file")
        }
        descriptor = fd
        size = Int(status.st_size)
        self.path = path
    }

    deinit { close(descriptor) }

    private static func notAFile(_ path: String, _ what: String) -> StoreError {
        StoreError(.corrupt, "\(path) is \(what), not a photo tourist stored; remove it, then run tourist store verify")
    }

    /// Up to `count` bytes from `offset` (fewer only at the end of the file).
    func read(at offset: Int, count: Int) throws(StoreError) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        var done = 0
        while done < count {
            var got = 0
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 0) { space in
                got = pread(descriptor, space.baseAddress, min(space.count, count - done), off_t(offset + done))
                return max(got, 0)
            }
            if got == 0 { break }
            if got < 0 {
                guard errno == EINTR else { throw StoreError(.io, "cannot read \(path) (\(String(cString: strerror(errno)))); run tourist store verify") }
                continue
            }
            done += got
        }
        return buffer
    }
}
