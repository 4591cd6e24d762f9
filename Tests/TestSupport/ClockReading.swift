import Foundation

/// The wall clock read just before and just after something ran: a time the code under test
/// took from the clock while it ran lies between the two, however long it took. A test checks
/// a time computed from the clock (a wait until a budget refills, say) against these bounds,
/// never a duration against a constant.
public struct ClockReading: Sendable {
    public let earliest: Date
    public let latest: Date

    /// Runs `body`, reading the clock before and after it.
    public static func around<T>(_ body: () async throws -> T) async rethrows -> (T, ClockReading) {
        let earliest = Date()
        let value = try await body()
        return (value, ClockReading(earliest: earliest, latest: Date()))
    }

    /// The seconds that can lie between a time read during this reading and one read during `later`.
    public func seconds(until later: ClockReading) -> ClosedRange<Double> {
        later.earliest.timeIntervalSince(latest)...later.latest.timeIntervalSince(earliest)
    }
}
