import Foundation
import Glibc
import Synchronization

/// The width of the terminal stderr shows on, for a progress line that must never wrap (a wrapped
/// line is not erased by the next redraw's `\r` and clear-to-end-of-line: it leaves debris); and
/// of any stream (`of`), for tables that fit.
///
/// Read from the terminal (TIOCGWINSZ on stderr), else from $COLUMNS, else 80 columns. Once
/// `followResizes(then:)` ran, a resize (SIGWINCH) sets a flag that makes the next `columns` read
/// the width again (until then the width read last is kept), and wakes a thread that tells the
/// observer at once, so what is on screen is redrawn to fit without waiting for news.
enum TerminalWidth {
    /// Set by the SIGWINCH handler (an atomic store is all a signal handler may safely do here).
    private static let resized = Atomic<Bool>(true)
    private static let known = Mutex(80)
    private static let following = Mutex(false)
    /// The write end of the pipe the handler wakes the observing thread through; -1 before.
    private static let wake = Atomic<Int32>(-1)
    private static let observer = Mutex<(@Sendable () -> Void)?>(nil)

    /// The terminal's width in columns, read again when the terminal was resized since last time.
    static var columns: Int {
        known.withLock { width in
            if resized.exchange(false, ordering: .acquiringAndReleasing) { width = read() }
            return width
        }
    }

    /// Installs the SIGWINCH handler and its thread (once), and makes `resized` the one observer
    /// told of each resize, on that thread.
    static func followResizes(then resized: @escaping @Sendable () -> Void) {
        observer.withLock { $0 = resized }
        following.withLock { installed in
            guard !installed else { return }
            installed = true
            // Initialised here, not first in the handler (a lazy global's set-up is no work for one).
            Self.resized.store(true, ordering: .releasing)
            var ends: [Int32] = [-1, -1]
            if pipe(&ends) == 0 {
                // Not inherited by plugins.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                wake.store(ends[1], ordering: .releasing)
                let readEnd = ends[0]
                let thread = Thread {
                    var byte: UInt8 = 0
                    while true {
                        let count = Glibc.read(readEnd, &byte, 1)
                        if count == 1 { observer.withLock { $0 }?() }
                        if count == 0 || (count < 0 && errno != EINTR) { return }
                    }
                }
                thread.name = "tourist-resize"
                thread.start()
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                let saved = errno
                TerminalWidth.resized.store(true, ordering: .releasing)
                var byte: UInt8 = 1
                let fd = TerminalWidth.wake.load(ordering: .acquiring)
                if fd >= 0 { _ = Glibc.write(fd, &byte, 1) }
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(SIGWINCH, &action, nil)
        }
    }

    /// The width now: the terminal's, $COLUMNS, or 80.
    private static func read() -> Int {
        of(STDERR_FILENO, environment: ProcessInfo.processInfo.environment) ?? 80
    }

    /// The columns of the terminal `fd` is (TIOCGWINSZ), else `$COLUMNS` when set (for output piped
    /// on to a terminal, and for tests), else nil: a file or a pipe has no width to fit.
    static func of(_ fd: Int32, environment: [String: String]) -> Int? {
        var size = winsize()
        if isatty(fd) == 1, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }
}
