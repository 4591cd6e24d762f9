import Foundation

/// How long a pin's lease holds and how long a fetch waits for one another process holds.
///
/// A lease's own `expires` is the holder's word, which a forged or clock-skewed lease can push
/// into the far future; the store's clock cannot be: a lease whose object was last written longer
/// ago than `duration` plus `margin` (by the store's own clock, see `ObjectInfo.age`) is vacant,
/// whatever it says, since a live holder rewrites it every third of `duration`.
public struct LeaseTiming: Sendable, Equatable {
    /// How long a lease holds without renewal: the longest a dead machine's pins wait before
    /// another machine takes them over. Every machine on a store should use the same.
    public var duration: TimeInterval
    /// The longest a fetch waits for a pin another live process holds; then it gives up (busy).
    public var longestWait: TimeInterval

    public init(duration: TimeInterval = 300, longestWait: TimeInterval = 600) {
        self.duration = duration
        self.longestWait = longestWait
    }

    /// Five minutes a lease, ten minutes of waiting at most.
    public static let standard = LeaseTiming()

    /// The standard timing, changed by `TOURIST_LEASE_SECONDS` and `TOURIST_LEASE_WAIT_SECONDS`
    /// (positive numbers; anything else is ignored).
    public init(environment: [String: String]) {
        func seconds(_ name: String) -> TimeInterval? {
            environment[name].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        }
        self.init(
            duration: seconds("TOURIST_LEASE_SECONDS") ?? Self.standard.duration,
            longestWait: seconds("TOURIST_LEASE_WAIT_SECONDS") ?? Self.standard.longestWait)
    }

    /// What a lease object's age may exceed `duration` by before it is vacant: a fifth of the
    /// duration, at least 2 s (S3's times are whole seconds), for a renewal that is late.
    public var margin: TimeInterval { max(2, duration / 5) }

    /// Whether a lease object last written `age` seconds ago is past any renewal of a live holder.
    func isStale(age: TimeInterval) -> Bool {
        age > duration + margin
    }
}
