import Synchronization

/// At most `width` operations at once; the others wait in arrival order (an async semaphore).
///
/// A waiting task that is cancelled stops waiting at once and throws `CancellationError`; a slot is
/// handed straight to the next waiter when one is released, so a late arrival cannot overtake.
public final class ConcurrencyGate: Sendable {
    private struct State {
        var free: Int
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        /// Tasks that took a number but have not yet got a slot or joined the queue.
        var arriving: Set<UInt64> = []
        /// Arriving tasks cancelled before they joined the queue (the cancellation handler ran first).
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    public init(width: Int) {
        state = Mutex(State(free: max(1, width)))
    }

    /// How many tasks are queued for a slot now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Runs `body` holding one slot.
    public func withSlot<T>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async throws {
        let id = state.withLock { state in
            state.nextID += 1
            state.arriving.insert(state.nextID)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Decision { case go, wait, cancelled }
                let decision: Decision = state.withLock { state in
                    state.arriving.remove(id)
                    if state.cancelled.remove(id) != nil { return .cancelled }
                    if state.free > 0 {
                        state.free -= 1
                        return .go
                    }
                    state.waiters.append((id, continuation))
                    return .wait
                }
                switch decision {
                case .go: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Void, any Error>? = state.withLock { state in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    if state.arriving.contains(id) { state.cancelled.insert(id) }
                    return nil
                }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private func release() {
        let next: CheckedContinuation<Void, any Error>? = state.withLock { state in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }
}
