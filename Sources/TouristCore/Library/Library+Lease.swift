import Foundation

extension Library {
    /// Runs `body` as the only fetch of pin `id` among every process on this store (CLI runs,
    /// servers, other machines on a shared bucket): it takes the pin's lease, waiting while
    /// another live process holds it (`waiting` hears who, once), so a second fetch of the same pin
    /// starts only when the first has ended, and then finds its work done. Other processes see the
    /// lease (`Store.leaseRecord`) and show the pin as being fetched.
    func exclusively<T: Sendable>(
        pin id: String, leaseDuration: TimeInterval = Store.leaseDuration, waiting: (@Sendable (LeaseRecord) -> Void)?,
        _ body: () async throws -> T
    ) async throws -> T {
        var told = false
        while true {
            if let lease = try await takeLease(pin: id, for: leaseDuration) {
                return try await Self.holding(lease, for: leaseDuration, body)
            }
            if !told, let holder = try await BlockingIO.run({ [store] in store.leaseRecord(pin: id) }) {
                told = true
                waiting?(holder)
            }
            // The holder renews its lease while it fetches and removes it at the end; a holder
            // that died on this host is seen at once, one on another host when its lease expires.
            try await Self.pauseBeforeLookingAgain()
        }
    }

    /// Takes pin `id`'s lease, off the cooperative pool; nil while another live process holds it.
    func takeLease(pin id: String, for duration: TimeInterval) async throws -> PinLease? {
        try await BlockingIO.run { [store] in try store.takeLease(pin: id, duration: duration) }
    }

    /// The pause before looking at a held lease again: short (two small requests a pin), so a wait
    /// ends soon after the holder's fetch does, and spread, so waiters do not ask in step.
    static func pauseBeforeLookingAgain() async throws {
        try await Task.sleep(for: .milliseconds(Int.random(in: 150...350)))
    }
}
