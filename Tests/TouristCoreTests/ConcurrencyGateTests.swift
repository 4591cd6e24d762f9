import Synchronization
import Testing
import TestSupport
@testable import TouristCore

/// The gate's order of events is driven by the tests (who holds a slot, who waits), never by
/// sleeps: each step waits for the state it needs.
@Suite struct ConcurrencyGateTests {
    /// In-flight count, its peak and how many ever entered, changed by the tasks under test.
    final class Meter: Sendable {
        private let counts = Mutex((now: 0, peak: 0, entered: 0))
        func enter() { counts.withLock { $0.now += 1; $0.entered += 1; $0.peak = max($0.peak, $0.now) } }
        func leave() { counts.withLock { $0.now -= 1 } }
        var now: Int { counts.withLock { $0.now } }
        var peak: Int { counts.withLock { $0.peak } }
        var entered: Int { counts.withLock { $0.entered } }
    }

    /// A task that holds a slot of `gate` until `release` yields; returns once it holds it.
    static func holdSlot(of gate: ConcurrencyGate, until release: AsyncStream<Void>) async -> Task<Void, any Error> {
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await gate.withSlot {
                holding.yield()
                for await _ in release { break }
            }
        }
        for await _ in held { break }
        return holder
    }

    @Test(arguments: [1, 3]) func neverMoreThanItsWidthAtOnce(width: Int) async throws {
        let gate = ConcurrencyGate(width: width)
        let meter = Meter()
        let tasks = 12
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    try await gate.withSlot {
                        meter.enter()
                        // Held until the gate is full (so a gate that lets more in is seen to),
                        // or every task has entered (the last ones cannot fill it).
                        try await Waiting.until("the gate to fill", poll: .milliseconds(1)) {
                            meter.now == width || meter.entered == tasks
                        }
                        meter.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(meter.peak == width, "12 tasks that hold their slots until the gate is full fill every slot and never more")
    }

    @Test func aCancelledWaiterLeavesAtOnceAndTakesNoSlot() async throws {
        let gate = ConcurrencyGate(width: 1)
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        let holder = await Self.holdSlot(of: gate, until: release)
        let waiter = Task { try await gate.withSlot { "got a slot" } }
        try await Waiting.until("the waiter to queue for the slot") { gate.waiting == 1 }
        waiter.cancel()
        let outcome = await waiter.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(gate.waiting == 0, "the cancelled waiter left the queue")
        releaser.yield()
        try await holder.value
        // The slot the holder gave back is free: the cancelled waiter did not take it.
        #expect(try await gate.withSlot { "free" } == "free")
    }

    @Test func aTaskCancelledBeforeItAsksGetsNoSlot() async throws {
        let gate = ConcurrencyGate(width: 1)
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        let holder = await Self.holdSlot(of: gate, until: release)
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await gate.withSlot { "ran" }
        }
        await #expect(throws: CancellationError.self) { try await late.value }
        #expect(gate.waiting == 0, "the cancelled task never queued")
        releaser.yield()
        try await holder.value
        #expect(try await gate.withSlot { "free" } == "free")
    }
}
