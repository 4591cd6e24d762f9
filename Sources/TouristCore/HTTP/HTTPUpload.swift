import Crypto
import Glibc

/// The body of a request as libcurl reads it, chunk by chunk, on the engine's thread: bytes in
/// memory, or a file read from disk as it is sent. Opened when the transfer is made, so a missing
/// file fails the request before anything is sent.
final class HTTPUpload {
    private enum Origin {
        case bytes([UInt8])
        case file(Int32)
    }

    private let origin: Origin
    /// How many bytes the body has.
    let length: Int64
    /// What `x-amz-content-sha256` says of the body: its SHA-256 when it is in memory, or
    /// `UNSIGNED-PAYLOAD` for a file (hashing it first would read it twice).
    let payloadHash: String
    private var offset = 0

    /// What a signed request without a body says: the SHA-256 of nothing.
    static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    init(_ body: HTTPRequest.Body) throws {
        switch body {
        case .bytes(let bytes):
            origin = .bytes(bytes)
            length = Int64(bytes.count)
            payloadHash = Hex.string(SHA256.hash(data: bytes))
        case .file(let path):
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw HTTPError.invalidRequest("cannot read \(path) to send it: \(String(cString: strerror(errno)))") }
            var status = stat()
            guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw HTTPError.invalidRequest("cannot send \(path): it is not a regular file")
            }
            origin = .file(fd)
            length = Int64(status.st_size)
            payloadHash = "UNSIGNED-PAYLOAD"
        }
    }

    deinit {
        if case .file(let fd) = origin { close(fd) }
    }

    /// Fills `buffer` with the next bytes; returns how many (0 at the end), or nil when the file
    /// could not be read.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        switch origin {
        case .bytes(let bytes):
            let count = min(buffer.count, bytes.count - offset)
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
            }
            offset += count
            return count
        case .file(let fd):
            while true {
                let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                return count < 0 ? nil : count
            }
        }
    }
}
