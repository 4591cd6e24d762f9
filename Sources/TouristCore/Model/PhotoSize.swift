/// A photo size, named by Flickr's size suffixes, which other providers map onto.
/// Ordered from smallest to largest (by longest edge: 75, 100, 150, 240, 320, 400, 640, 800, 1024,
/// 1600, 2048 px, then the original).
public enum PhotoSize: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable, Comparable {
    case square75 = "s", thumbnail = "t", square150 = "q", small240 = "m", small320 = "n", small400 = "w"
    case medium640 = "z", medium800 = "c", large1024 = "b", large1600 = "h", large2048 = "k"
    case original = "o"

    /// The size letters accepted on the command line, for help texts and error messages.
    public static var allLetters: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Each letter with what it means, for help texts: "s (75 px square), t (100 px), …, o (the
    /// original)", a size in pixels being the longest edge.
    public static var explained: String {
        allCases.map { "\($0.rawValue) (\($0.meaning))" }.joined(separator: ", ")
    }

    /// What the size is: its longest edge ("640 px"), "75 px square", or "the original".
    public var meaning: String {
        switch self {
        case .square75: "75 px square"
        case .thumbnail: "100 px"
        case .square150: "150 px square"
        case .small240: "240 px"
        case .small320: "320 px"
        case .small400: "400 px"
        case .medium640: "640 px"
        case .medium800: "800 px"
        case .large1024: "1024 px"
        case .large1600: "1600 px"
        case .large2048: "2048 px"
        case .original: "the original"
        }
    }

    public static func < (lhs: PhotoSize, rhs: PhotoSize) -> Bool {
        guard let left = allCases.firstIndex(of: lhs), let right = allCases.firstIndex(of: rhs) else { return false }
        return left < right
    }
}
