/// A window on a route file's bytes as they are read (`RouteFileChunks`), addressed by their
/// offset in the whole file: it holds the bytes from `keep` on, reads the next chunk when asked
/// for a byte past its end, and drops what is before `keep` then, so it is as large as a chunk
/// plus the piece being read, never the file. It knows the line and column of every byte it
/// held, across chunks.
struct RouteByteWindow {
    /// A place in the file: its offset, line and column (lines and columns count from 1, a column
    /// in characters).
    struct Place {
        var offset = 0
        var line = 1
        var column = 1
    }

    /// The longest piece a reader may keep in the window: 1 MiB.
    static let maxPieceBytes = 1 << 20

    private let chunks: RouteFileChunks
    private var bytes: [UInt8] = []
    /// The place of `bytes[0]`.
    private var base = Place()
    /// A place known further on, so that the place of a byte need not be counted from `base`.
    private var known = Place()
    /// The offset before which bytes may be dropped: where the piece being read starts.
    var keep = 0
    /// Where the piece being read starts when it ran past `maxPieceBytes`: the window ends there.
    private(set) var tooLongPiece: Int?
    /// The most bytes the window held at once.
    private(set) var highWater = 0

    init(_ chunks: RouteFileChunks) {
        self.chunks = chunks
    }

    /// The offset just past the last byte read so far.
    var end: Int { base.offset + bytes.count }

    /// Whether the file has a byte at `offset` (at `keep` or after), reading chunks until it is in
    /// the window; false, for good, once a piece runs past `maxPieceBytes`.
    mutating func has(_ offset: Int) -> Bool {
        guard tooLongPiece == nil else { return false }
        guard offset - keep < Self.maxPieceBytes else {
            tooLongPiece = keep
            return false
        }
        while offset >= end {
            drop()
            guard chunks.append(to: &bytes) else { return false }
            highWater = max(highWater, bytes.count)
        }
        return true
    }

    /// The byte at `offset`, which `has(_:)` said is there.
    subscript(offset: Int) -> UInt8 {
        bytes[offset - base.offset]
    }

    /// The bytes of `range`, which are in the window.
    subscript(range: Range<Int>) -> ArraySlice<UInt8> {
        bytes[(range.lowerBound - base.offset)..<(range.upperBound - base.offset)]
    }

    /// The line and column of `offset`, a byte in the window or its end.
    func place(of offset: Int) -> Place {
        let from = known.offset <= offset && known.offset >= base.offset ? known : base
        return advanced(from, to: offset)
    }

    /// The line and column of `offset` (at `keep` or after), remembered so that the places of the
    /// bytes after it are counted from there.
    mutating func mark(_ offset: Int) -> Place {
        known = place(of: offset)
        return known
    }

    private mutating func drop() {
        guard keep > base.offset else { return }
        let newBase = place(of: keep)
        bytes.removeFirst(keep - base.offset)
        base = newBase
    }

    private func advanced(_ place: Place, to offset: Int) -> Place {
        var place = place
        for byte in bytes[(place.offset - base.offset)..<(min(offset, end) - base.offset)] {
            if byte == UInt8(ascii: "\n") {
                place.line += 1
                place.column = 1
            } else if byte & 0xC0 != 0x80 {
                place.column += 1
            }
        }
        place.offset = offset
        return place
    }
}
