import CShims
import Foundation
import Glibc
import Synchronization

/// The process groups of the plugins running in this process, so that when tourist is interrupted
/// (Ctrl-C, SIGTERM, a closed terminal) its plugins end with it. A plugin leads a process group of
/// its own, so the terminal's Ctrl-C does not reach it, and one that ignores the end of its input
/// would otherwise outlive tourist.
///
/// The first plugin started installs handlers for SIGINT, SIGTERM and SIGHUP that hand the signal
/// to a thread (through a pipe: a handler may do little else): it kills every live plugin group and
/// every descendant of a plugin that left its group (`setsid`; `ProcessFamily`), then ends tourist
/// by the same signal, as if no handler were there (or, should the signal not end it, with status
/// 128 + its number). A host that stops on these signals itself and shuts its plugins down on the
/// way (`tourist serve`) keeps its own handlers: `leaveSignalsToHost`. A command that has
/// something to say when a signal ends it (`fetch`: what was kept, how to resume) installs the
/// handlers itself through `onEnding`, plugin or not: its words come after the plugins were
/// killed and before tourist ends.
public enum LivePlugins {
    private static let groups = Mutex<Set<pid_t>>([])
    private static let installed = Mutex(false)
    private static let ending = Mutex(false)
    private static let lastWords = Mutex<(@Sendable (Int32) -> Void)?>(nil)

    /// Whether tourist is ending by a signal (no plugin may start any more).
    static var isEnding: Bool { ending.withLock { $0 } }

    /// No handler of this type will replace the process's own: for a host that stops gracefully on
    /// SIGINT and SIGTERM and shuts its plugins down then (two handlers would race for a signal,
    /// and this one ends the process at once). Call it before the first plugin starts.
    public static func leaveSignalsToHost() {
        installed.withLock { $0 = true }
    }

    /// From now on, SIGINT, SIGTERM and SIGHUP end tourist through these handlers, and `words`
    /// (given the signal's number) runs on the way, after the plugins were killed: the last thing
    /// tourist does. A later call replaces the words. Nothing runs after `leaveSignalsToHost`.
    public static func onEnding(_ words: @escaping @Sendable (Int32) -> Void) {
        lastWords.withLock { $0 = words }
        installHandlers()
    }

    /// A plugin started (its pid is its process group's id).
    static func started(_ pid: pid_t) {
        groups.withLock { _ = $0.insert(pid) }
        installHandlers()
    }

    /// A plugin is about to be reaped: after that its group id may be someone else's.
    static func reaping(_ pid: pid_t) {
        groups.withLock { _ = $0.remove(pid) }
    }

    private static func installHandlers() {
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            let numbers = [SIGINT, SIGTERM, SIGHUP]
            let fd = numbers.withUnsafeBufferPointer { tourist_forward_signals($0.baseAddress, Int32($0.count)) }
            guard fd >= 0 else { return }
            let thread = Thread {
                var number: UInt8 = 0
                while true {
                    let count = read(fd, &number, 1)
                    if count == 1 { end(by: Int32(number)) }
                    if count < 0, errno != EINTR { return }
                }
            }
            thread.name = "tourist-signals"
            thread.start()
        }
    }

    /// Ends every live plugin group, then tourist, by `number`.
    private static func end(by number: Int32) {
        ending.withLock { $0 = true }
        // At once: any wait would let the command go on (and finish) without the plugins.
        killAll()
        lastWords.withLock { $0 }?(number)
        signal(number, SIG_DFL)
        // Unblocked on this thread (a parent may have started tourist with it blocked), and raised
        // here, where it is sure to be delivered.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        // Still here (the signal's default action is held off somehow): end as a shell would report it.
        _exit(128 + number)
    }

    /// Kills every live plugin group and each plugin's descendants (under the lock, so no plugin is
    /// reaped meanwhile: its group id and its children stay its own).
    private static func killAll() {
        groups.withLock { groups in
            for pid in groups { ProcessFamily.killGroupAndDescendants(of: pid) }
        }
    }
}
