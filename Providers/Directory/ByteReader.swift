import Glibc

/// Random access to a file's bytes with pread(2): a container reader asks for exactly the ranges
/// it needs (box and chunk headers, the EXIF block), never the whole file.
final class ByteReader {
    let fd: Int32
    /// The file's size in bytes.
    let size: Int
    /// How many bytes were read, for tests that check a reader stays within what it needs.
    private(set) var bytesRead = 0

    /// Opens `path` for reading; nil when it cannot be opened or is not a regular file.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        self.fd = fd
        size = Int(info.st_size)
    }

    deinit { close(fd) }

    /// Exactly `count` bytes at `offset`, or nil when the file ends before them.
    func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        bytesRead += count
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Big-endian unsigned integer of `count` bytes at `index` (count 0 gives 0).
    func bigEndian(at index: Int, count: Int) -> Int? {
        guard index >= 0, count >= 0, index + count <= self.count else { return nil }
        var value = 0
        for byte in self[index..<(index + count)] { value = value << 8 | Int(byte) }
        return value
    }

    /// Little-endian 32-bit unsigned integer at `index`.
    func littleEndian32(at index: Int) -> Int? {
        guard index >= 0, index + 4 <= count else { return nil }
        return Int(self[index]) | Int(self[index + 1]) << 8 | Int(self[index + 2]) << 16 | Int(self[index + 3]) << 24
    }

    /// The four bytes at `index` as ASCII ("ftyp", "EXIF").
    func fourCC(at index: Int) -> String? {
        guard index >= 0, index + 4 <= count else { return nil }
        return String(decoding: self[index..<(index + 4)], as: UTF8.self)
    }
}
