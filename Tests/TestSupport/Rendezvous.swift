import Foundation

/// A meeting point for threads: each `arrive()` blocks until `count` callers have arrived, so a
/// test server can hold requests until it has seen that many in flight at once, instead of hoping
/// that a delay makes them overlap. Callers after the `count`th pass straight through.
public final class Rendezvous: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var arrived = 0

    public init(count: Int) {
        self.count = count
    }

    /// Arrives and waits for the others; returns false when `patience` seconds passed first (the
    /// others never came: a failing test goes on and reports what it saw).
    @discardableResult
    public func arrive(patience: Double = 120) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived >= count {
            condition.broadcast()
            return true
        }
        let deadline = Date(timeIntervalSinceNow: patience)
        while arrived < count {
            if !condition.wait(until: deadline) { return arrived >= count }
        }
        return true
    }
}
