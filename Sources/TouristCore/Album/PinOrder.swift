import Foundation

/// The orders `pin list` shows pins in.
public enum PinOrder: String, Sendable, CaseIterable {
    /// Oldest first, pins made in the same second in the order they were added (the store's order).
    case created
    /// By name, as people sort words: case and accents aside, numbers by value ("Pier 9" before "Pier 10").
    case name
    /// By state (new, fetching, interrupted, ready, empty, failed), then oldest first.
    case state

    /// `pins` (in the store's order) in this order; ties keep the store's order.
    public func sorted(_ pins: [Pin]) -> [Pin] {
        switch self {
        case .created:
            return pins
        case .name:
            return pins.enumerated().sorted { left, right in
                switch left.element.name.localizedStandardCompare(right.element.name) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: left.offset < right.offset
                }
            }.map(\.element)
        case .state:
            let rank = Dictionary(uniqueKeysWithValues: PinState.allCases.enumerated().map { ($1, $0) })
            return pins.enumerated().sorted { (rank[$0.element.state] ?? 0, $0.offset) < (rank[$1.element.state] ?? 0, $1.offset) }.map(
                \.element)
        }
    }
}
