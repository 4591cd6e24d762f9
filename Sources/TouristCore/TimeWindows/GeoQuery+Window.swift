import Foundation

extension GeoQuery {
    /// Whether a photo taken at `takenAt` is inside the query's window: always without a window,
    /// never for a photo with no date with one.
    public func admits(takenAt: Date?) -> Bool {
        guard let window else { return true }
        return takenAt.map(window.contains) ?? false
    }
}
