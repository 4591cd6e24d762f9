/// "Did you mean": the known names a mistyped one is probably meant to be.
///
/// A candidate is near a query when their edit distance, ignoring case, is small for the query's
/// length: 1 for up to 5 characters, 2 from 6 on (so "fecth" finds "fetch", "lsit" finds "list",
/// "colection" finds "collection", and "x" finds nothing). The distance is Damerau–Levenshtein's
/// (optimal string alignment): inserting, deleting or changing one character, or swapping two
/// neighbours, costs 1 each. Used for commands, config keys and provider types; it knows nothing of
/// what the names are.
public struct NearMatches: Sendable {
    /// The known names, in the order ties are listed.
    public let candidates: [String]

    public init(_ candidates: some Sequence<String>) {
        self.candidates = Array(candidates)
    }

    /// The candidates near `query`, nearest first (ties in candidate order); empty when none is near.
    public func suggestions(for query: String) -> [String] {
        near(query).map(\.candidate)
    }

    /// The candidates nearest to `query`, all at the smallest distance found; empty when none is near.
    public func nearest(to query: String) -> [String] {
        let found = near(query)
        return found.filter { $0.distance == found.first?.distance }.map(\.candidate)
    }

    /// The near candidates with their distances, nearest first, ties in candidate order.
    private func near(_ query: String) -> [(candidate: String, distance: Int)] {
        let limit = Self.allowedDistance(forLength: query.count)
        let lowered = query.lowercased()
        return candidates.enumerated()
            .map { (candidate: $0.element, order: $0.offset, distance: Self.distance(lowered, $0.element.lowercased())) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
            .map { ($0.candidate, $0.distance) }
    }

    /// The largest distance at which a name of `length` characters still counts as a typo.
    public static func allowedDistance(forLength length: Int) -> Int {
        length >= 6 ? 2 : 1
    }

    /// The optimal string alignment distance between `a` and `b` (case-sensitive): the fewest
    /// insertions, deletions, substitutions and swaps of adjacent characters that turn one into the
    /// other, no character edited twice.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table: the one before the previous (for swaps), the previous, the current.
        var older = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], older[j - 2] + 1)
                }
            }
            (older, previous, current) = (previous, current, older)
        }
        return previous[b.count]
    }
}
