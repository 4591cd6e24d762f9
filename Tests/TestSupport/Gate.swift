import Foundation

/// A gate threads wait at until a test opens it: a test server holds its answers (photos still
/// downloading, say) until the test has seen what it needed to see while they were pending,
/// however fast or slow the machine is.
public final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    public init() {}

    /// Lets every waiting and later caller of `pass()` through.
    public func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the gate is open, at most `patience` seconds (then goes on: a failing test that
    /// never opened it reports what it saw).
    public func pass(patience: Double = 120) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: patience)
        while !isOpen, condition.wait(until: deadline) {}
    }
}
