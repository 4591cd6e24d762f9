/// The gazetteer's folded names and the places each one names, searched in place in the file's
/// bytes: sorted, front-coded names with a full name every `restartInterval` entries, whose
/// offsets the file lists, so a lookup is a binary search over those restarts and a scan of at
/// most one block, and loading reads only the list (see GazetteerTools/make-gazetteer.py for the
/// layout). The names are not checked at load; every read of them is bounds-checked and a damaged
/// entry only ends its lookup empty.
struct GazetteerNameIndex: Sendable {
    private let bytes: [UInt8]
    /// Where every `restartInterval`-th entry starts, in `bytes`.
    private let restarts: [Int]
    private let placeCount: Int

    /// One entry as read: where its place indices (`placeCount` u16s) start; its whole name is
    /// left in the buffer passed to `entry`.
    private struct Entry {
        let placesOffset: Int
        let placeCount: Int
    }

    /// Reads the restart list for `count` names at `reader`'s offset; the names run from there to
    /// the end of the bytes, and `reader` is left at the end.
    init(reading reader: inout GazetteerByteReader, count: Int, restartInterval: Int, placeCount: Int) throws(GazetteerError) {
        guard restartInterval > 0 else { throw GazetteerError("the gazetteer is damaged: its restart interval is 0") }
        let restartCount = (count + restartInterval - 1) / restartInterval
        try reader.need(4 * restartCount)
        var offsets: [Int] = []
        offsets.reserveCapacity(restartCount)
        for _ in 0..<restartCount { offsets.append(Int(try reader.u32())) }
        let start = reader.offset, length = reader.bytes.count - start
        guard zip(offsets, offsets.dropFirst()).allSatisfy({ $0 < $1 }), offsets.allSatisfy({ $0 < length }) else {
            throw GazetteerError("the gazetteer is damaged: its name restarts are out of order or out of range")
        }
        _ = try reader.slice(length)
        self.bytes = reader.bytes
        self.restarts = offsets.map { start + $0 }
        self.placeCount = placeCount
    }

    /// The indices of the places named `key` (a folded name's UTF-8), ascending; empty when none.
    func places(named key: [UInt8]) -> [Int] {
        // The last block whose first name is <= key holds key, if anything does.
        guard let low = blocks(startingBefore: key, orAt: true), low > 0 else { return [] }
        var name: [UInt8] = []
        var reader = GazetteerByteReader(bytes, offset: restarts[low - 1])
        let end = low < restarts.count ? restarts[low] : bytes.count
        while reader.offset < end, let entry = try? Self.entry(&reader, name: &name) {
            if name == key {
                let places = (0..<entry.placeCount).map { Int(Self.u16(bytes, entry.placesOffset + 2 * $0)) }
                return places.allSatisfy { $0 < placeCount } ? places : []
            }
            if key.lexicographicallyPrecedes(name) { return [] }
        }
        return []
    }

    /// The indices of the places with a name that starts with `prefix` (a folded name's UTF-8,
    /// or its start), ascending: the largest population first, as the places are stored. The
    /// names starting with `prefix` are one run of the sorted list, read from the block that
    /// holds the first of them to the first name past it.
    func places(withPrefix prefix: [UInt8]) -> [Int] {
        // The last block whose first name is < prefix holds the first name >= prefix, or it
        // starts the next block.
        guard let low = blocks(startingBefore: prefix, orAt: false), !restarts.isEmpty else { return [] }
        var name: [UInt8] = []
        var reader = GazetteerByteReader(bytes, offset: restarts[max(low - 1, 0)])
        var found = Set<Int>()
        while reader.offset < bytes.count, let entry = try? Self.entry(&reader, name: &name) {
            if name.starts(with: prefix) {
                for index in 0..<entry.placeCount {
                    let place = Int(Self.u16(bytes, entry.placesOffset + 2 * index))
                    if place < placeCount { found.insert(place) }
                }
            } else if prefix.lexicographicallyPrecedes(name) {
                break
            }
        }
        return found.sorted()
    }

    /// How many blocks start with a name before `key` (or equal to it, when `orAt`), by a binary
    /// search over the restarts; nil when a restart's entry is damaged.
    private func blocks(startingBefore key: [UInt8], orAt: Bool) -> Int? {
        var name: [UInt8] = []
        var low = 0, high = restarts.count
        while low < high {
            let middle = (low + high) / 2
            var reader = GazetteerByteReader(bytes, offset: restarts[middle])
            name.removeAll(keepingCapacity: true)
            guard (try? Self.entry(&reader, name: &name)) != nil else { return nil }
            let before = name.lexicographicallyPrecedes(key) || (orAt && name == key)
            if before { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Reads one entry, turning `name`, the previous entry's name, into this one's.
    private static func entry(_ reader: inout GazetteerByteReader, name: inout [UInt8]) throws(GazetteerError) -> Entry {
        let shared = Int(try reader.u8())
        guard shared <= name.count else {
            throw GazetteerError("the gazetteer is damaged at byte \(reader.offset): a name shares more than its predecessor has")
        }
        let suffixLength = Int(try reader.u8())
        name.removeLast(name.count - shared)
        name.append(contentsOf: try reader.slice(suffixLength))
        let placeCount = Int(try reader.u8())
        let placesOffset = reader.offset
        _ = try reader.slice(2 * placeCount)
        return Entry(placesOffset: placesOffset, placeCount: placeCount)
    }

    /// The little-endian u16 at `offset`, which `entry` has checked is within `bytes`.
    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }
}
