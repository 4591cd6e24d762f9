import CShims
import Foundation
import Glibc
import Synchronization

/// One running plugin program: its process (leader of a process group of its own) and the host's
/// ends of its three pipes, all close-on-exec, so no other child inherits them.
///
/// The host writes requests to `input`; `output` and `error` are read, and closed when done, by
/// `PluginLineReader`s. `stop(grace:)` ends the whole process group (SIGTERM, then SIGKILL) and
/// reaps the process, so no zombie is left; a group is only ever signalled before its leader is
/// reaped. Descendants that left the group (`setsid`) are found while the plugin runs
/// (`ProcessFamily`) and killed with it. Both may be called more than once.
final class PluginProcess: Sendable {
    let pid: pid_t
    /// The write end of the plugin's stdin (non-blocking), or -1 once closed.
    private let input: Mutex<Int32>
    let output: Int32
    let error: Int32
    /// How the process ended, once reaped.
    private let ended = Mutex<Termination?>(nil)

    /// How a process ended.
    enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was killed by signal \(signal) (\(Self.signalName(signal)))"
            }
        }

        static func signalName(_ signal: Int32) -> String {
            switch signal {
            case SIGKILL: "SIGKILL"
            case SIGTERM: "SIGTERM"
            case SIGSEGV: "SIGSEGV"
            case SIGABRT: "SIGABRT"
            case SIGINT: "SIGINT"
            case SIGPIPE: "SIGPIPE"
            case SIGBUS: "SIGBUS"
            default: "signal \(signal)"
            }
        }
    }

    /// Why a program could not be started, or a line not written to it.
    struct Failure: Error, Sendable {
        let reason: String
        /// The errno value, when one says why.
        var code: Int32 = 0
    }

    private init(pid: pid_t, input: Int32, output: Int32, error: Int32) {
        self.pid = pid
        self.input = Mutex(input)
        self.output = output
        self.error = error
    }

    deinit { closeInput() }

    /// Starts `executable` (an absolute path) with `arguments` (without argv[0]) in `directory`.
    static func start(executable: String, arguments: [String], environment: [String: String], directory: String) throws(Failure)
        -> PluginProcess
    {
        guard !LivePlugins.isEnding else { throw Failure(reason: "tourist is ending") }
        // Writing to a plugin that has exited must fail with EPIPE, not end tourist with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var stdinPipe: [Int32] = [-1, -1], stdoutPipe: [Int32] = [-1, -1], stderrPipe: [Int32] = [-1, -1]
        func closeAll() { for fd in stdinPipe + stdoutPipe + stderrPipe where fd >= 0 { Glibc.close(fd) } }
        guard tourist_pipe_cloexec(&stdinPipe) == 0, tourist_pipe_cloexec(&stdoutPipe) == 0, tourist_pipe_cloexec(&stderrPipe) == 0 else {
            let reason = String(cString: strerror(errno))
            closeAll()
            throw Failure(reason: "cannot make pipes: \(reason)")
        }
        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = withCStrings(argv) { argvPointers in
            withCStrings(envp) { envPointers in
                tourist_spawn(executable, argvPointers, envPointers, directory, stdinPipe[0], stdoutPipe[1], stderrPipe[1], &pid)
            }
        }
        // The child's ends are the child's now.
        Glibc.close(stdinPipe[0])
        Glibc.close(stdoutPipe[1])
        Glibc.close(stderrPipe[1])
        guard result == 0 else {
            Glibc.close(stdinPipe[1])
            Glibc.close(stdoutPipe[0])
            Glibc.close(stderrPipe[0])
            throw Failure(reason: String(cString: strerror(result)), code: result)
        }
        _ = fcntl(stdinPipe[1], F_SETFL, fcntl(stdinPipe[1], F_GETFL) | O_NONBLOCK)
        LivePlugins.started(pid)
        return PluginProcess(pid: pid, input: stdinPipe[1], output: stdoutPipe[0], error: stderrPipe[0])
    }

    /// Writes one whole line to the plugin's stdin, waiting (up to `timeout` seconds, and while
    /// `giveUp` says no) while its pipe is full. Throws a description of the failure (EPIPE once
    /// the plugin has gone).
    func write(_ line: String, timeout: Double, giveUp: () -> Bool = { false }) throws(Failure) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        try input.withLock { (fd: inout Int32) throws(Failure) in
            guard fd >= 0 else { throw Failure(reason: "its input is closed") }
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if written >= 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR: continue
                case EAGAIN:
                    guard ContinuousClock.now < deadline, !giveUp() else { throw Failure(reason: "it stopped reading its input") }
                    var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, 50)
                case EPIPE: throw Failure(reason: "it closed its input")
                default: throw Failure(reason: String(cString: strerror(errno)))
                }
            }
        }
    }

    /// The host's ends of the three pipes (stdin's is -1 once closed).
    var descriptors: [Int32] { [input.withLock { $0 }, output, error] }

    /// Closes the plugin's stdin, so a plugin reading it sees the end.
    func closeInput() {
        input.withLock { fd in
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
        }
    }

    /// Reaps the process if it has ended, without waiting; returns how it ended, or nil while it runs.
    /// Before reaping, whatever it left in its process group is killed: only while the ended plugin
    /// is an unreaped zombie is its group id certain to be its own.
    @discardableResult
    func reapIfEnded() -> Termination? {
        ended.withLock { ended in
            if let ended { return ended }
            guard tourist_child_ended(pid) == 1 else { return nil }
            _ = Glibc.kill(-pid, SIGKILL)
            ended = Self.reap(pid)
            return ended
        }
    }

    /// Waits up to `seconds` for the process to end by itself; returns how it ended, or nil. Keeps
    /// waiting when the calling task is cancelled (a shutdown must finish).
    func waitForExit(seconds: Double) async -> Termination? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var pause = Duration.milliseconds(1)
        while true {
            if let ended = reapIfEnded() { return ended }
            guard ContinuousClock.now < deadline else { return nil }
            await PluginPause.sleep(pause)
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// Ends the process group: SIGTERM, up to `grace` seconds to exit, then SIGKILL, then reaps
    /// the process. Returns how it ended.
    @discardableResult
    func stop(grace: Double) async -> Termination {
        if let ended = reapIfEnded() { return ended }
        let family = ProcessFamily.descendants(of: pid)
        defer { family.kill() }
        signalGroup(SIGTERM)
        if let ended = await waitForExit(seconds: grace) { return ended }
        kill()
        return reapIfEnded() ?? .signalled(SIGKILL)
    }

    /// Ends the process group, and every descendant that left it, at once and reaps the process,
    /// blocking: for paths that cannot wait.
    func kill() {
        ended.withLock { ended in
            guard ended == nil else { return }
            ProcessFamily.killGroupAndDescendants(of: pid)
            ended = Self.reap(pid)
        }
    }

    /// Sends `signal` to the plugin and every process of its group, unless the plugin was reaped
    /// (its group id may then belong to someone else).
    private func signalGroup(_ signal: Int32) {
        ended.withLock { ended in
            if ended == nil { _ = Glibc.kill(-pid, signal) }
        }
    }

    /// Waits for `pid` (which has ended or was killed) and says how it ended.
    private static func reap(_ pid: pid_t) -> Termination {
        LivePlugins.reaping(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return termination(status)
    }

    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}

/// Calls `body` with a NULL-terminated array of C strings made from `strings`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}

/// Sleeps without throwing: a cancelled task still waits (a shutdown or a reader's end must be
/// waited for), on a blocking sleep rather than a hot loop.
enum PluginPause {
    static func sleep(_ duration: Duration) async {
        do {
            try await Task.sleep(for: duration)
        } catch {
            let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
            usleep(UInt32(max(0, min(microseconds, 1_000_000))))
        }
    }
}
