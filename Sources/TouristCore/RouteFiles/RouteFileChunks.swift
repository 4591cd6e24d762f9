import Glibc

/// The bytes of a route file handed out a chunk at a time, from an open file or from bytes
/// already in memory, so that readers of either go through the same incremental path and hold
/// no more of the file than they are reading. A class: whoever opened the file asks it after the
/// read whether a read failed midway (`readFailure`).
final class RouteFileChunks {
    private enum Origin {
        case file(descriptor: Int32, path: String)
        case memory([UInt8], next: Int)
    }

    /// How many bytes there are, as far as is known before reading them.
    private let size: Int

    private var origin: Origin
    private let chunkSize: Int
    /// The read that failed midway, if one did: the chunks ended there.
    private(set) var readFailure: FileStreamingError?

    /// The chunks of the file open as `descriptor` (which the caller closes) of `size` bytes,
    /// named `path` in errors.
    init(descriptor: Int32, path: String, size: Int, chunkSize: Int = RouteFile.chunkSize) {
        origin = .file(descriptor: descriptor, path: path)
        self.size = size
        self.chunkSize = max(1, chunkSize)
    }

    /// The chunks of `bytes`.
    init(_ bytes: [UInt8], chunkSize: Int = RouteFile.chunkSize) {
        origin = .memory(bytes, next: 0)
        size = bytes.count
        self.chunkSize = max(1, chunkSize)
    }

    /// The bytes read ahead by `opening()`, handed out first.
    private var readAhead: [UInt8] = []

    /// The file's first bytes, up to its first character that is not white space (at most
    /// `RouteByteWindow.maxPieceBytes`), read ahead: the chunks still begin with them.
    func opening() -> [UInt8] {
        while readAhead.count < RouteByteWindow.maxPieceBytes,
            readAhead.dropFirst(readAhead.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0).allSatisfy(XMLTokenizer.isSpace)
        {
            guard nextChunk(appendingTo: &readAhead) else { break }
        }
        return readAhead
    }

    /// All the bytes left, or nil when there are more than `limit` (known before they are read
    /// when the file's size says so).
    func all(upTo limit: Int) -> [UInt8]? {
        guard size <= limit else { return nil }
        var bytes: [UInt8] = []
        while append(to: &bytes) {
            if bytes.count > limit { return nil }
        }
        return bytes
    }

    /// Appends the next chunk to `buffer`; false at the end (or when a read failed: `readFailure`).
    func append(to buffer: inout [UInt8]) -> Bool {
        guard readAhead.isEmpty else {
            buffer.append(contentsOf: readAhead)
            readAhead = []
            return true
        }
        return nextChunk(appendingTo: &buffer)
    }

    private func nextChunk(appendingTo buffer: inout [UInt8]) -> Bool {
        switch origin {
        case .memory(let bytes, let next):
            guard next < bytes.count else { return false }
            let end = min(bytes.count, next + chunkSize)
            buffer.append(contentsOf: bytes[next..<end])
            origin = .memory(bytes, next: end)
            return true
        case .file(let descriptor, let path):
            guard readFailure == nil else { return false }
            let filled = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: chunkSize))
            while true {
                let count = buffer[filled...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count < 0 {
                    readFailure = FileStreamingError(.readFailed, "cannot read \(path): \(String(cString: strerror(errno)))")
                }
                buffer.removeLast(chunkSize - max(0, count))
                return count > 0
            }
        }
    }
}
