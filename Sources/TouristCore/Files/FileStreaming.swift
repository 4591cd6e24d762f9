import Glibc

/// Streams local files into a `BlobSink` in fixed-size chunks, never holding a whole photo in memory.
public enum FileStreaming {
    public static let chunkSize = 256 * 1024

    /// Copies the file at `path` into `sink`. A missing or unreadable file, or anything but a
    /// regular file (a FIFO would block the read forever), is a `FileStreamingError` that
    /// `isMissing`; a read that fails midway one that is not. What the sink throws passes as it is.
    public static func copy(path: String, into sink: any BlobSink) throws {
        let (fd, _) = try openRegularFile(path)
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            try Task.checkCancellation()
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileStreamingError(.readFailed, "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            try sink.write(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The regular file at `path`, opened for reading (without blocking: a FIFO would block the
    /// open forever), and its size; the caller closes it. A missing or unreadable file, or anything
    /// but a regular file, is a `FileStreamingError` that `isMissing`.
    static func openRegularFile(_ path: String) throws(FileStreamingError) -> (descriptor: Int32, size: Int) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileStreamingError(.cannotOpen, "cannot open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FileStreamingError(.notARegularFile, "\(path) is not a regular file")
        }
        return (fd, Int(info.st_size))
    }
}
