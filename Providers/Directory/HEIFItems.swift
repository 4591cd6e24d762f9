/// The child boxes of an ISO BMFF box held in memory.
enum BoxWalker {
    /// Child boxes by type (the first of each), as byte ranges of `box`, starting at `start`.
    static func children(of box: [UInt8], from start: Int) -> [String: Range<Int>] {
        var found: [String: Range<Int>] = [:]
        var position = start
        while let size = box.bigEndian(at: position, count: 4), let type = box.fourCC(at: position + 4), size >= 8,
            position + size <= box.count
        {
            if found[type] == nil { found[type] = position..<(position + size) }
            position += size
        }
        return found
    }
}

/// Reading HEIF's item boxes: `iinf` (which item is which), `iloc` (where an item's bytes are) and
/// `ipma` (which properties an item has).
enum HEIFItems {
    /// The indices (from 1, into `ipco`) of the properties `ipma` (the whole box) associates with
    /// item `id`: entries of a 16-bit (version 0) or 32-bit item id, an 8-bit count, then 7-bit (or,
    /// with flag 1, 15-bit) indices after an "essential" bit. Empty when the box is cut short.
    static func propertyIndices(of id: Int, ipma box: [UInt8]) -> [Int] {
        guard let version = box.bigEndian(at: 8, count: 1), let flags = box.bigEndian(at: 9, count: 3),
            let entries = box.bigEndian(at: 12, count: 4)
        else { return [] }
        let idSize = version < 1 ? 2 : 4
        let indexSize = flags & 1 == 1 ? 2 : 1
        var position = 16
        for _ in 0..<min(entries, box.count) {
            guard let item = box.bigEndian(at: position, count: idSize), let count = box.bigEndian(at: position + idSize, count: 1) else {
                return []
            }
            position += idSize + 1
            if item == id {
                var indices: [Int] = []
                for number in 0..<count {
                    guard let value = box.bigEndian(at: position + number * indexSize, count: indexSize) else { return [] }
                    indices.append(value & (indexSize == 2 ? 0x7FFF : 0x7F))
                }
                return indices
            }
            position += count * indexSize
        }
        return []
    }

    /// Where one item's bytes are: `constructionMethod` 0 is file offsets, 1 is inside `idat`.
    struct Location: Equatable {
        var constructionMethod: Int
        var baseOffset: Int
        var extents: [(offset: Int, length: Int)]

        static func == (lhs: Location, rhs: Location) -> Bool {
            lhs.constructionMethod == rhs.constructionMethod && lhs.baseOffset == rhs.baseOffset
                && lhs.extents.map(\.offset) == rhs.extents.map(\.offset) && lhs.extents.map(\.length) == rhs.extents.map(\.length)
        }
    }

    /// The id of the item whose type is `Exif`, from an `iinf` box (header included).
    static func exifItemID(iinf box: [UInt8]) -> Int? {
        guard let version = box.bigEndian(at: 8, count: 1) else { return nil }
        var position = version == 0 ? 14 : 16  // header, version and flags, entry count
        while let size = box.bigEndian(at: position, count: 4), size >= 8, position + size <= box.count {
            if box.fourCC(at: position + 4) == "infe", let infeVersion = box.bigEndian(at: position + 8, count: 1), infeVersion >= 2 {
                let idLength = infeVersion == 2 ? 2 : 4
                let typeAt = position + 12 + idLength + 2
                if box.fourCC(at: typeAt) == "Exif" { return box.bigEndian(at: position + 12, count: idLength) }
            }
            position += size
        }
        return nil
    }

    /// Where item `id` is, from an `iloc` box (header included); nil when it is not listed.
    static func location(of id: Int, iloc box: [UInt8]) throws(DamagedContainer) -> Location? {
        guard let version = box.bigEndian(at: 8, count: 1), let sizes = box.bigEndian(at: 12, count: 1),
            let more = box.bigEndian(at: 13, count: 1)
        else { throw DamagedContainer(description: "the iloc box is cut short") }
        let offsetSize = sizes >> 4, lengthSize = sizes & 0xF, baseOffsetSize = more >> 4
        let indexSize = version == 1 || version == 2 ? more & 0xF : 0
        guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize), [0, 4, 8].contains(baseOffsetSize),
            [0, 4, 8].contains(indexSize)
        else {
            throw DamagedContainer(description: "the iloc box has field sizes \(offsetSize)/\(lengthSize)/\(baseOffsetSize)/\(indexSize)")
        }
        var position = 14
        func field(_ count: Int) throws(DamagedContainer) -> Int {
            guard let value = box.bigEndian(at: position, count: count) else {
                throw DamagedContainer(description: "the iloc box is cut short")
            }
            position += count
            return value
        }
        let itemCount = try field(version < 2 ? 2 : 4)
        for _ in 0..<min(itemCount, 65_536) {
            let item = try field(version < 2 ? 2 : 4)
            let method = version == 1 || version == 2 ? try field(2) & 0xF : 0
            _ = try field(2)  // data reference index
            let base = try field(baseOffsetSize)
            let extentCount = try field(2)
            var extents: [(offset: Int, length: Int)] = []
            for _ in 0..<extentCount {
                if indexSize > 0 { _ = try field(indexSize) }
                extents.append((try field(offsetSize), try field(lengthSize)))
            }
            if item == id { return Location(constructionMethod: method, baseOffset: base, extents: extents) }
        }
        return nil
    }
}
