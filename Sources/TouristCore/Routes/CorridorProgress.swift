/// How far the reading of a corridor's queries has come, for reading no more of them than an album
/// needs: the line is cut into `stretches` of equal length (as `RouteSpread` cuts it to choose), and
/// a stretch is settled once a photo on it was found, or once every query holding some of it was
/// read (it has none to give).
struct CorridorProgress {
    private let lengthKm: Double
    private var found: [Bool]
    /// Per stretch, how many of the queries holding some of it are not read yet.
    private var unread: [Int]

    init(lengthKm: Double, stretches: Int, queries: [CorridorQuery]) {
        self.lengthKm = lengthKm
        found = Array(repeating: false, count: max(1, stretches))
        unread = Array(repeating: 0, count: max(1, stretches))
        for query in queries { for index in indices(query.stretchKm) { unread[index] += 1 } }
    }

    /// Whether every stretch is settled.
    var isSettled: Bool { zip(found, unread).allSatisfy { $0 || $1 == 0 } }

    /// Notes that `query` was read.
    mutating func read(_ query: CorridorQuery) {
        for index in indices(query.stretchKm) { unread[index] -= 1 }
    }

    /// Notes a photo found `kmAlong` the line.
    mutating func found(atKm kmAlong: Double) {
        found[index(kmAlong)] = true
    }

    /// The stretch `km` falls on.
    private func index(_ km: Double) -> Int {
        let count = found.count
        guard lengthKm > 0 else { return 0 }
        return min(max(Int(km / lengthKm * Double(count)), 0), count - 1)
    }

    private func indices(_ range: ClosedRange<Double>) -> ClosedRange<Int> {
        index(range.lowerBound)...index(range.upperBound)
    }

    /// The order to read `count` queries in so that each first few of them are spread along the
    /// line: the first, the middle, then the quarters, the eighths... (bit-reversed indices).
    static func spreadOrder(_ count: Int) -> [Int] {
        guard count > 1 else { return count == 1 ? [0] : [] }
        var bits = 0
        while 1 << bits < count { bits += 1 }
        return (0..<(1 << bits)).map { value in
            (0..<bits).reduce(0) { reversed, bit in reversed | ((value >> bit) & 1) << (bits - 1 - bit) }
        }.filter { $0 < count }
    }
}
