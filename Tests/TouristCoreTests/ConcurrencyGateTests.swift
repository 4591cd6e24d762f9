import Synchronization
import Testing
import TestSupport
@testable import TouristCore

/// The gate's order of events is driven by the tests (who holds a slot, who waits), never by
/// sleeps: each step waits for the event or the state it needs.
@Suite struct ConcurrencyGateTests {
    /// Counts the tasks inside the gate, and holds each one there until the gate is full (so a gate
    /// that lets more in is seen to) or every task has entered (the last ones cannot fill it).
    final class Meter: Sendable {
        private struct Counts {
            var now = 0, peak = 0, entered = 0
            var held: [CheckedContinuation<Void, Never>] = []
        }

        private let counts = Mutex(Counts())
        let width: Int
        let tasks: Int

        init(width: Int, tasks: Int) {
            self.width = width
            self.tasks = tasks
        }

        /// Enters, and returns once the gate is full or every task has entered.
        func enterAndHold() async {
            await withCheckedContinuation { continuation in
                let released: [CheckedContinuation<Void, Never>] = counts.withLock { counts in
                    counts.now += 1
                    counts.entered += 1
                    counts.peak = max(counts.peak, counts.now)
                    counts.held.append(continuation)
                    guard counts.now == width || counts.entered == tasks else { return [] }
                    defer { counts.held = [] }
                    return counts.held
                }
                for held in released { held.resume() }
            }
        }

        func leave() { counts.withLock { $0.now -= 1 } }
        var peak: Int { counts.withLock { $0.peak } }
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
        let tasks = 12
        let meter = Meter(width: width, tasks: tasks)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    try await gate.withSlot {
                        await meter.enterAndHold()
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
