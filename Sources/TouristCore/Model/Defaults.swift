/// What tourist assumes when nothing says otherwise, each in one place for every front end.
public enum Defaults {
    /// A pin's search radius, in km (`pin add`, `search`, the web app's new pin).
    public static let radiusKm: Double = 5
    /// The photos an album holds (`album.photos`, `fetch`'s and `search`'s `--count`).
    public static let albumPhotos = 21
    /// The photos an album or a search may be asked to hold.
    public static let photoCounts = 1...500

    /// Why `count` is refused, naming `option` and the range; nil when it is in range.
    public static func photoCountProblem(_ count: Int, option: String) -> String? {
        photoCounts.contains(count) ? nil : "\(option) \(count) is out of range; use \(photoCounts.lowerBound) to \(photoCounts.upperBound)"
    }
}
