/// The radius a pin searches within, for every front end: more than 0 and at most 20,000 km (about
/// half the Earth's circumference, so one circle can cover it all).
public enum PinRadius {
    /// The largest radius a pin can have, in kilometres.
    public static let maximumKm: Double = 20_000

    /// The smallest radius a form offers, in kilometres (10 m): a form's minimum holds the value
    /// itself, and any radius above 0 is too many to offer; a command takes any.
    public static let smallestOfferedKm = 0.01

    /// `km` when a pin can have it as its radius, else a `usage` error naming the range; the front
    /// end puts its own name for the value first (`--radius`, `radiusKm`).
    public static func checked(_ km: Double) throws(LibraryError) -> Double {
        guard km.isFinite, km > 0, km <= maximumKm else {
            throw LibraryError(.usage, "\(km) is out of range; use kilometres from 0 (exclusive) to \(Int(maximumKm))")
        }
        return km
    }

    /// A larger radius worth suggesting when the photos within `km` run out: twice as large, at
    /// most `maximumKm`; nil when `km` is already the largest.
    public static func wider(than km: Double) -> Double? {
        km < maximumKm ? min(km * 2, maximumKm) : nil
    }
}
