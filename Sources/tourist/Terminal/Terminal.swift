import Foundation
import Glibc

/// Writing to the terminal's streams.
enum Terminal {
    /// Whether stderr is a terminal (progress bars go there only then).
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func write(_ text: String) {
        write(STDOUT_FILENO, Array(text.utf8))
    }

    static func write(bytes: [UInt8]) {
        write(STDOUT_FILENO, bytes)
    }

    static func writeError(_ text: String) {
        write(STDERR_FILENO, Array(text.utf8))
    }

    /// Writes all of `bytes`. When the reader has gone (`tourist … | head`), tourist ends as a
    /// pipeline expects, by SIGPIPE, even while SIGPIPE is ignored for the pipes to plugins; any
    /// other failure to write (a full disk under `> file`) ends it with exit code 74, as output
    /// that cannot be written must not pass for success.
    private static func write(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EPIPE {
                    signal(SIGPIPE, SIG_DFL)
                    raise(SIGPIPE)
                    return
                } else if errno == EAGAIN {
                    var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, 100)
                } else if errno != EINTR {
                    _exit(ExitStatus.ioError)
                }
            }
        }
    }
}
