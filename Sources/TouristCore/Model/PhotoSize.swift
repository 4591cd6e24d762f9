/// A photo size, named by Flickr's size suffixes, which other providers map onto.
/// Ordered from smallest to largest (by longest edge: 75, 100, 150, 240, 320, 400, 640, 800, 1024,
/// 1600, 2048 px, then the original).
public enum PhotoSize: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable, Comparable {
    case square75 = "s", thumbnail = "t", square150 = "q", small240 = "m", small320 = "n", small400 = "w"
    case medium640 = "z", medium800 = "c", large1024 = "b", large1600 = "h", large2048 = "k"
    case original = "o"

    /// The size letters accepted on the command line, for help texts and error messages.
    public static var allLetters: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (lhs: PhotoSize, rhs: PhotoSize) -> Bool {
        guard let left = allCases.firstIndex(of: lhs), let right = allCases.firstIndex(of: rhs) else { return false }
        return left < right
    }
}
