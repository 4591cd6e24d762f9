/// A problem in a config file: which file, where in it, what is wrong, and what would fix it.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The config file's path, or "built-in config".
    public let file: String
    /// Where in the file: a key path such as `providers[1].path`, or `line 3, column 14`.
    public let location: String
    public let problem: String
    public let fix: String

    public init(file: String, location: String, problem: String, fix: String) {
        self.file = file
        self.location = location
        self.problem = problem
        self.fix = fix
    }

    public var description: String {
        location.isEmpty ? "\(file): \(problem). \(fix)" : "\(file): \(location): \(problem). \(fix)"
    }
}

/// Suggests the closest known name for a misspelt one ("did you mean").
enum NameSuggestion {
    /// The candidate within edit distance 2 (or a case-insensitive match), if any.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }.filter { $0.1 <= max(1, min(2, name.count / 3)) }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}
