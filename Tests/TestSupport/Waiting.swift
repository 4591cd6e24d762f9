import Foundation

/// Waits for the event a test means, not for an amount of time: a condition is polled until it
/// holds, and the wait ends the moment it does. The deadline (`patience`) only ends a wait for
/// something that never happens, a failing test, so it is generous: a machine shared with other
/// work can be many times slower than an idle one.
public enum Waiting {
    /// How long a test waits for an event before it calls it missing.
    public static let patience: Duration = .seconds(120)

    /// The awaited event did not happen within the patience.
    public struct TimedOut: Error, CustomStringConvertible {
        public let description: String
    }

    /// Polls `condition` every `poll` until it holds; throws `TimedOut`, naming `what`, when it
    /// still does not hold after `patience`.
    public static func until(
        _ what: String, patience: Duration = Waiting.patience, poll: Duration = .milliseconds(10), _ condition: () throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + patience
        while try !condition() {
            guard ContinuousClock.now < deadline else { throw TimedOut(description: "waited \(patience) for \(what)") }
            try await Task.sleep(for: poll)
        }
    }
}
