import Glibc

/// A TCP port on 127.0.0.1 that refuses every connection: bound, never listening, and held until
/// this value is released, so no other program can take it meanwhile (unlike a port that a
/// stopped server freed).
public final class BoundSocket: Sendable {
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(call: "socket") }
        var address = sockaddr_in.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            throw SocketError(call: "bind")
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    /// A socket call failed.
    public struct SocketError: Error, CustomStringConvertible {
        public let description: String
        init(call: String) { description = "\(call) on 127.0.0.1: \(String(cString: strerror(errno)))" }
    }
}
