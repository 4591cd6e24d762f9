/// The gazetteer's folded names and the places each one names, searched in place in the file's
/// bytes: sorted, front-coded names with a full name every `restartInterval` entries, so a lookup
/// is a binary search over those restarts and a scan of at most one block, and loading only notes
/// where each block starts (see GazetteerTools/make-gazetteer.py for the layout).
struct GazetteerNameIndex: Sendable {
    private let bytes: [UInt8]
    /// Where every `restartInterval`-th entry starts.
    private let restarts: [Int]

    /// Walks the `count` entries starting at `reader`'s offset, checking each (place indices below
    /// `placeCount`, names in order) and noting the restarts; leaves `reader` after the last.
    init(reading reader: inout GazetteerByteReader, count: Int, restartInterval: Int, placeCount: Int) throws(GazetteerError) {
        guard restartInterval > 0 else { throw GazetteerError("the gazetteer is damaged: its restart interval is 0") }
        // Each entry has at least its shared length, suffix length and place count.
        try reader.need(count * 3)
        var restarts: [Int] = []
        restarts.reserveCapacity(count / restartInterval + 1)
        var previous: [UInt8] = []
        for number in 0..<count {
            let start = reader.offset
            let entry = try Self.entry(&reader, after: previous)
            let isRestart = number % restartInterval == 0
            guard !isRestart || entry.shared == 0, number == 0 || previous.lexicographicallyPrecedes(entry.name),
                  entry.places.allSatisfy({ $0 < placeCount })
            else { throw GazetteerError("the gazetteer is damaged: name entry \(number) at byte \(start) is out of order or out of range") }
            if isRestart { restarts.append(start) }
            previous = entry.name
        }
        self.bytes = reader.bytes
        self.restarts = restarts
    }

    /// The indices of the places named `key` (a folded name's UTF-8), ascending; empty when none.
    func places(named key: [UInt8]) -> [Int] {
        // The last block whose first name is <= key holds key, if anything does.
        var low = 0, high = restarts.count
        while low < high {
            let middle = (low + high) / 2
            var reader = GazetteerByteReader(bytes, offset: restarts[middle])
            guard let first = try? Self.entry(&reader, after: []) else { return [] }
            if key.lexicographicallyPrecedes(first.name) { high = middle } else { low = middle + 1 }
        }
        guard low > 0 else { return [] }
        var reader = GazetteerByteReader(bytes, offset: restarts[low - 1])
        var previous: [UInt8] = []
        let end = low < restarts.count ? restarts[low] : bytes.count
        while reader.offset < end, let entry = try? Self.entry(&reader, after: previous) {
            if entry.name == key { return entry.places }
            if key.lexicographicallyPrecedes(entry.name) { return [] }
            previous = entry.name
        }
        return []
    }

    /// One entry: the name it holds (rebuilt from `previous` and its own bytes) and its places.
    private static func entry(_ reader: inout GazetteerByteReader, after previous: [UInt8]) throws(GazetteerError) -> (shared: Int, name: [UInt8], places: [Int]) {
        let shared = Int(try reader.u8())
        guard shared <= previous.count else { throw GazetteerError("the gazetteer is damaged at byte \(reader.offset): a name shares more than its predecessor has") }
        let suffixLength = Int(try reader.u8())
        var name = Array(previous.prefix(shared))
        name.append(contentsOf: try reader.slice(suffixLength))
        let count = Int(try reader.u8())
        var places: [Int] = []
        places.reserveCapacity(count)
        for _ in 0..<count { places.append(Int(try reader.u16())) }
        return (shared, name, places)
    }
}
