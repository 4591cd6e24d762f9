import Foundation
import Glibc

/// Named moments inside the store's writes where a test can stop the process, to kill it exactly
/// there (a crash test must not depend on timing). With `TOURIST_TEST_STOP_AT=NAME` in its
/// environment, a process that reaches a point whose name begins with NAME stops itself (SIGSTOP);
/// the test waits for the stopped state and sends SIGKILL. Without the variable a point costs one
/// comparison with nil.
enum StopPoint {
    /// The name (or name prefix) to stop at, or nil.
    static let armed: String? = ProcessInfo.processInfo.environment["TOURIST_TEST_STOP_AT"].flatMap { $0.isEmpty ? nil : $0 }

    /// Stops the process when `name` begins with the armed name.
    static func reached(_ name: @autoclosure () -> String) {
        guard let armed, name().hasPrefix(armed) else { return }
        raise(SIGSTOP)
    }
}
