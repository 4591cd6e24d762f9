import Foundation

extension Library {
    /// Runs `body` as the only fetch of pin `id` among every process on this store (CLI runs,
    /// servers, other machines on a shared bucket): it takes the pin's lease, waiting while
    /// another live process holds it (`waiting` hears who, once), so a second fetch of the same pin
    /// starts only when the first has ended, and then finds its work done. Other processes see the
    /// lease (`Store.leaseRecord`) and show the pin as being fetched. The wait lasts at most
    /// `leases.longestWait`: then a `busy` error names the holder and how to remove its lease.
    func exclusively<T: Sendable>(pin id: String, waiting: (@Sendable (LeaseRecord) -> Void)?, _ body: () async throws -> T) async throws
        -> T
    {
        let started = ContinuousClock.now
        var told = false
        while true {
            if let lease = try await takeLease(pin: id) {
                return try await Self.holding(lease, for: leases.duration, body)
            }
            let holder = try await BlockingIO.run { [store, leases] in store.leaseRecord(pin: id, timing: leases) }
            if let holder, !told {
                told = true
                waiting?(holder)
            }
            if let holder, ContinuousClock.now - started >= .seconds(leases.longestWait) {
                throw heldTooLong(pin: id, by: holder)
            }
            // The holder renews its lease while it fetches and removes it at the end; a holder
            // that died on this host is seen at once, one on another host when its lease expires
            // or its object goes unrenewed (`LeaseTiming`).
            try await Self.pauseBeforeLookingAgain()
        }
    }

    /// Takes pin `id`'s lease, off the cooperative pool; nil while another live process holds it.
    func takeLease(pin id: String) async throws -> PinLease? {
        try await BlockingIO.run { [store, leases] in try store.takeLease(pin: id, timing: leases) }
    }

    /// The error for pin `id` still held by `holder` after the longest wait.
    func heldTooLong(pin id: String, by holder: LeaseRecord) -> StoreError {
        let waited = String(format: "%g", leases.longestWait)
        return StoreError(
            .busy,
            "pin \(id) is being fetched by another tourist (pid \(holder.pid) on \(holder.host), holder \(holder.holder)); gave up after waiting \(waited) s. Run the command again later; if that process is gone, remove its lease: \(store.leaseRemoval(pin: id))"
        )
    }

    /// The pause before looking at a held lease again: short (two small requests a pin), so a wait
    /// ends soon after the holder's fetch does, and spread, so waiters do not ask in step.
    static func pauseBeforeLookingAgain() async throws {
        try await Task.sleep(for: .milliseconds(Int.random(in: 150...350)))
    }
}
