import Foundation
import Glibc
import Synchronization

/// Runs a program on a pseudo-terminal of a given size, as a person's terminal window would: its
/// stdin, stdout and stderr are the terminal, so `isatty` holds and TIOCGWINSZ reads the size.
/// Everything it writes is gathered (the terminal turns "\n" into "\r\n"); a test waits for output
/// to appear (`waitFor`), types answers (`type`), resizes the window (`resize`: TIOCSWINSZ, then SIGWINCH, which a real
/// terminal's foreground process would get), interrupts the program (`interrupt`: SIGINT, as
/// Ctrl-C sends) and collects the end (`finish`).
public final class PseudoTerminal: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// How the program ended and all it wrote.
    public struct Ended: Sendable {
        /// The exit code, or the signal's number when `bySignal`.
        public let status: Int32
        public let bySignal: Bool
        public let output: String
    }

    private struct Gathered {
        var bytes: [UInt8] = []
        var closed = false
    }

    /// TIOCSPTLCK and TIOCGPTN (function-like macros in C, so not imported): `_IOW('T', 0x31, int)`
    /// and `_IOR('T', 0x30, unsigned int)`, the same on x86_64 and arm64.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    private let primary: Int32
    private let process: Process
    private let gathered = Mutex(Gathered())
    private let changed = NSCondition()

    /// Starts `path` with `arguments` on a new terminal of `columns` × `rows`.
    public init(_ path: String, _ arguments: [String], environment: [String: String], directory: String, columns: Int, rows: Int = 24)
        throws
    {
        // /dev/ptmx by hand (posix_openpt and ptsname are hidden from Swift's Glibc): unlock the
        // new terminal, then ask its number.
        primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var locked: Int32 = 0
        var number: UInt32 = 0
        guard primary >= 0, ioctl(primary, Self.setLock, &locked) == 0, ioctl(primary, Self.getNumber, &number) == 0 else {
            throw Failure("no pseudo-terminal: errno \(errno)")
        }
        let secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard secondary >= 0 else { throw Failure("opening the terminal: errno \(errno)") }
        process = Process()
        try Self.setSize(primary, columns: columns, rows: rows)
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        // Only the program holds the terminal now: reading ends (EIO) once it and its children left.
        try terminal.close()
        let thread = Thread { [self] in readAll() }
        thread.start()
    }

    deinit {
        close(primary)
    }

    /// Everything written so far.
    public var output: String {
        String(decoding: gathered.withLock { $0.bytes }, as: UTF8.self)
    }

    /// Waits until the output so far satisfies `condition` and returns it; throws when the program
    /// closed the terminal (ended) without that.
    @discardableResult
    public func waitFor(_ what: String, _ condition: @escaping @Sendable (String) -> Bool) async throws -> String {
        try await Blocking.run { [self] in
            changed.lock()
            defer { changed.unlock() }
            while true {
                let (text, closed) = gathered.withLock { (String(decoding: $0.bytes, as: UTF8.self), $0.closed) }
                if condition(text) { return text }
                if closed { throw Failure("the program ended before \(what); it wrote: \(text.debugDescription)") }
                changed.wait()
            }
        }
    }

    /// Waits for `text` in the output.
    @discardableResult
    public func waitFor(_ text: String) async throws -> String {
        try await waitFor("\"\(text)\" appeared") { $0.contains(text) }
    }

    /// Gives the window a new width (and height), then tells the program with SIGWINCH.
    public func resize(columns: Int, rows: Int = 24) throws {
        try Self.setSize(primary, columns: columns, rows: rows)
        kill(process.processIdentifier, SIGWINCH)
    }

    /// Types `text` at the keyboard ("y\n": y, then Enter), for the program to read on stdin.
    public func type(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard write(primary, bytes, bytes.count) == bytes.count else { throw Failure("typing \(text.debugDescription): errno \(errno)") }
    }

    /// Ctrl-C: SIGINT to the program.
    public func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// Waits for the program to end and the terminal to be closed; returns all it wrote.
    public func finish() async throws -> Ended {
        try await Blocking.run { [self] in
            changed.lock()
            while !gathered.withLock({ $0.closed }) { changed.wait() }
            changed.unlock()
            process.waitUntilExit()
            return Ended(status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal, output: output)
        }
    }

    private static func setSize(_ fd: Int32, columns: Int, rows: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(fd, UInt(TIOCSWINSZ), &size) == 0 else { throw Failure("TIOCSWINSZ: errno \(errno)") }
    }

    /// Reads the terminal until the program is gone, waking waiters at each read.
    private func readAll() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(primary, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            changed.lock()
            gathered.withLock { state in
                if count > 0 { state.bytes += buffer[..<count] } else { state.closed = true }
            }
            changed.broadcast()
            changed.unlock()
            if count <= 0 { return }
        }
    }
}
