/// A photo size, named by Flickr's size suffixes, which other providers map onto.
/// Ordered from smallest to largest.
public enum PhotoSize: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable, Comparable {
    case square75 = "s", square150 = "q", thumbnail = "t", small240 = "m", small320 = "n", small400 = "w"
    case medium640 = "z", medium800 = "c", large1024 = "b", large1600 = "h", large2048 = "k"
    case original = "o"

    /// The longest edge in pixels, where the size fixes it.
    public var longestEdge: Int? {
        switch self {
        case .square75: 75
        case .square150: 150
        case .thumbnail: 100
        case .small240: 240
        case .small320: 320
        case .small400: 400
        case .medium640: 640
        case .medium800: 800
        case .large1024: 1024
        case .large1600: 1600
        case .large2048: 2048
        case .original: nil
        }
    }

    /// The size letters accepted on the command line, for help texts and error messages.
    public static var allLetters: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (lhs: PhotoSize, rhs: PhotoSize) -> Bool {
        guard let left = allCases.firstIndex(of: lhs), let right = allCases.firstIndex(of: rhs) else { return false }
        return left < right
    }
}
