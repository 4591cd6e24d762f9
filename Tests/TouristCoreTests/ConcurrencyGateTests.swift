import Synchronization
import Testing
@testable import TouristCore

@Suite struct ConcurrencyGateTests {
    /// In-flight count and its peak, changed by the tasks under test.
    final class Meter: Sendable {
        private let counts = Mutex((now: 0, peak: 0))
        func enter() { counts.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) } }
        func leave() { counts.withLock { $0.now -= 1 } }
        var peak: Int { counts.withLock { $0.peak } }
    }

    @Test(arguments: [1, 3]) func neverMoreThanItsWidthAtOnce(width: Int) async throws {
        let gate = ConcurrencyGate(width: width)
        let meter = Meter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    try await gate.withSlot {
                        meter.enter()
                        try await Task.sleep(for: .milliseconds(20))
                        meter.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(meter.peak == width, "12 tasks of 20 ms fill every slot and never more")
    }

    @Test func aCancelledWaiterLeavesAtOnceAndTakesNoSlot() async throws {
        let gate = ConcurrencyGate(width: 1)
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await gate.withSlot { for await _ in release { break } }
        }
        try await Task.sleep(for: .milliseconds(50))
        let waiter = Task { try await gate.withSlot { "got a slot" } }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        let outcome = await waiter.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        releaser.yield()
        try await holder.value
        // The slot the holder gave back is free: the cancelled waiter did not take it.
        #expect(try await gate.withSlot { "free" } == "free")
    }

    @Test func aTaskCancelledBeforeItAsksGetsNoSlot() async throws {
        let gate = ConcurrencyGate(width: 1)
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        let holder = Task { try await gate.withSlot { for await _ in release { break } } }
        try await Task.sleep(for: .milliseconds(50))
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await gate.withSlot { "ran" }
        }
        await #expect(throws: CancellationError.self) { try await late.value }
        releaser.yield()
        try await holder.value
        #expect(try await gate.withSlot { "free" } == "free")
    }
}
