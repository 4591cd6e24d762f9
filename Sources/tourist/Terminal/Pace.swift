import Foundation

/// How fast a progress bar's units (photos, blobs) arrive, and when its ETA means something.
///
/// The rule: the ETA is shown only once at least `minimumUnits` units arrived after the first one
/// and `minimumSeconds` passed since the first one arrived; it is the time since the first arrival
/// divided by the units since, times the units left. The search before the first photo and the
/// first photo's own wait are left out, so a slow search never makes a wild first figure (a
/// `fetch --all` used to start at "ETA 1472 s"). The rate (bytes per second) is over the same span.
struct Pace {
    static let minimumUnits = 3
    static let minimumSeconds = 2.0

    /// When the bar started: the rate is over this span until a unit arrived.
    let started: Date
    /// When the first unit arrived, with the units and bytes done then.
    private var first: (at: Date, done: Int, bytes: Int)?
    private var bytes = 0

    init(started: Date) {
        self.started = started
    }

    /// Notes the progress at `now`; the first call with bytes downloaded marks the first arrival.
    mutating func record(done: Int, bytes: Int, at now: Date) {
        if first == nil, bytes > 0 { first = (now, done, bytes) }
        self.bytes = bytes
    }

    /// Bytes per second since the first arrival (since the start before then, or for a span too short).
    func bytesPerSecond(at now: Date) -> Double {
        if let first, now.timeIntervalSince(first.at) >= Self.minimumSeconds {
            return Double(bytes - first.bytes) / now.timeIntervalSince(first.at)
        }
        let elapsed = now.timeIntervalSince(started)
        return elapsed > 0 ? Double(bytes) / elapsed : 0
    }

    /// Seconds left by the rule above, or nil while it does not hold.
    func secondsLeft(done: Int, total: Int, at now: Date) -> Double? {
        guard let first else { return nil }
        let seconds = now.timeIntervalSince(first.at)
        let arrived = done - first.done
        guard arrived >= Self.minimumUnits, seconds >= Self.minimumSeconds else { return nil }
        return seconds / Double(arrived) * Double(max(0, total - done))
    }
}
