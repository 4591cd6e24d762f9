/// Reads the little-endian integers and length-prefixed strings of the gazetteer's format
/// (GazetteerTools/make-gazetteer.py), checking every read against the end of the bytes.
struct GazetteerByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    mutating func u8() throws(GazetteerError) -> UInt8 {
        try need(1)
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16() throws(GazetteerError) -> UInt16 {
        UInt16(try unsigned(2))
    }

    mutating func u32() throws(GazetteerError) -> UInt32 {
        UInt32(try unsigned(4))
    }

    mutating func i32() throws(GazetteerError) -> Int32 {
        Int32(bitPattern: try u32())
    }

    /// `count` raw bytes as a slice of the whole.
    mutating func slice(_ count: Int) throws(GazetteerError) -> ArraySlice<UInt8> {
        try need(count)
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// A "str8": a u8 byte length, then that many bytes of UTF-8.
    mutating func str8() throws(GazetteerError) -> String {
        let length = Int(try u8())
        let at = offset
        guard let text = String(validating: try slice(length), as: UTF8.self) else {
            throw GazetteerError("the gazetteer is damaged: text at byte \(at) is not UTF-8")
        }
        return text
    }

    /// Fails unless `count` more bytes are there to read.
    func need(_ count: Int) throws(GazetteerError) {
        guard count <= bytes.count - offset else {
            throw GazetteerError("the gazetteer is damaged: it ends at byte \(bytes.count), inside a record")
        }
    }

    private mutating func unsigned(_ width: Int) throws(GazetteerError) -> UInt64 {
        try need(width)
        var value: UInt64 = 0
        for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += width
        return value
    }
}
