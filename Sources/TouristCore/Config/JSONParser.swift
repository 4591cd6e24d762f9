/// A strict JSON parser (RFC 8259) that reports the line and column of the first error,
/// which Foundation's parsers do not.
public struct JSONParser {
    /// Where and why a document is not valid JSON. Lines and columns count from 1.
    public struct SyntaxError: Error, Sendable, Equatable {
        public let line: Int
        public let column: Int
        public let reason: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private static let maxDepth = 512
    /// The object keys whose members are kept, as UTF-8 (nil: all).
    private let keptKeys: [[UInt8]]?
    /// How many members being checked and left out enclose the current value.
    private var skipping = 0
    /// The top-level key whose array is handed on element by element, and to whom; nil once the
    /// first member of that name has been met (a later one is read as usual).
    private var stream: (key: String, handOn: (JSONValue) -> Void)?

    /// Parses one JSON document, which may be surrounded by white space only. With `keys`, a
    /// member whose key is not among them, at any depth, is checked like the rest and left out of
    /// the result, so a reader that needs a few fields of a large document builds no string, array
    /// or object for the others.
    public static func parse(_ bytes: [UInt8], keepingKeys keys: Set<String>? = nil) throws(SyntaxError) -> JSONValue {
        try document(bytes, keptKeys: keys, stream: nil)
    }

    /// Parses one JSON document as `parse(_:)` does, but when it is an object whose first member
    /// named `key` is an array, each element of that array is handed to `element`, in order, as
    /// soon as it is read, and is not kept: the result holds that member as an empty array. So a
    /// reader of a large collection holds one element at a time, never the whole tree. Elements
    /// are handed on before the rest of the document is read: what is made of them stands only
    /// once this returns (a syntax error later in the document is thrown as `parse` throws it).
    public static func parse(_ bytes: [UInt8], streamingArray key: String, _ element: (JSONValue) -> Void) throws(SyntaxError) -> JSONValue
    {
        try withoutActuallyEscaping(element) { (element) throws(SyntaxError) -> JSONValue in
            try document(bytes, keptKeys: nil, stream: (key, element))
        }
    }

    private static func document(
        _ bytes: [UInt8], keptKeys keys: Set<String>?, stream: (key: String, handOn: (JSONValue) -> Void)?
    ) throws(SyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) -> JSONValue in
            var parser = JSONParser(bytes: buffer, keptKeys: keys)
            parser.stream = stream
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }  // tolerate a UTF-8 byte order mark
            parser.skipWhitespace()
            let value = try parser.parseValue()
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.error("unexpected text after the end of the document") }
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, keptKeys: Set<String>?) {
        self.bytes = bytes
        self.keptKeys = keptKeys.map { $0.map { Array($0.utf8) } }
    }

    private func error(_ reason: String) -> SyntaxError {
        var line = 1, column = 1
        for byte in UnsafeBufferPointer(rebasing: bytes[..<min(index, bytes.count)]) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SyntaxError(line: line, column: column, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of file; a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(byte)); a value was expected")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "0x%02X", byte)
    }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("invalid literal; expected \(word)") }
            index += 1
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        if skipping == 0 { members.reserveCapacity(8) }
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(current == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a key in double quotes")
            }
            let (key, keyRange) = try parseKey()
            func keyText() -> String { String(decoding: bytes[keyRange], as: UTF8.self) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(keyText())\"") }
            index += 1
            skipWhitespace()
            if let key, depth == 1, let stream, stream.key == key {
                self.stream = nil
                members.append((key, current == UInt8(ascii: "[") ? try parseArray(handingItemsTo: stream.handOn) : try parseValue()))
            } else if let key {
                members.append((key, try parseValue()))
            } else {
                skipping += 1
                _ = try parseValue()
                skipping -= 1
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            case nil: throw error("unexpected end of file; expected ',' or '}'")
            default: throw error("expected ',' or '}' after the value of \"\(keyText())\"")
            }
        }
    }

    /// Reads a member's key: the key when the member is kept (no member around it is left out, and
    /// `keptKeys` names it), else nil, without making a string; and where its text is, for messages.
    private mutating func parseKey() throws(SyntaxError) -> (kept: String?, range: Range<Int>) {
        let start = index + 1
        let insideLeftOut = skipping > 0
        skipping += 1
        do { _ = try parseString() } catch { skipping -= 1; throw error }
        skipping -= 1
        let range = start..<(index - 1)
        if insideLeftOut { return (nil, range) }
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        if raw.contains(UInt8(ascii: "\\")) {  // an escaped key: read again, as a string
            index = start - 1
            let key = try parseString()
            return (keptKeys.map { $0.contains(Array(key.utf8)) } ?? true ? key : nil, range)
        }
        if let keptKeys, !keptKeys.contains(where: { $0.count == raw.count && $0.elementsEqual(raw) }) { return (nil, range) }
        return (String(decoding: raw, as: UTF8.self), range)
    }

    /// Reads an array; with `handOn`, each item goes to it as soon as it is read, and the result
    /// is empty.
    private mutating func parseArray(handingItemsTo handOn: ((JSONValue) -> Void)? = nil) throws(SyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            let item = try parseValue()
            if let handOn {
                handOn(item)
            } else if skipping == 0 {
                items.append(item)
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            case nil: throw error("unexpected end of file; expected ',' or ']'")
            default: throw error("expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        // Most strings have no escape: one scan, one copy.
        let start = index
        skipPlainStringBytes()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return skipping > 0 ? "" : String(decoding: bytes[start..<index], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var scalars = String.UnicodeScalarView()
        var chunkStart = start
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[chunkStart..<end], as: UTF8.self).unicodeScalars) }
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                scalars.append(try parseEscape())
                chunkStart = index
            case 0..<0x20:
                throw error("control character in a string; write it as an escape such as \\n")
            default:
                index += 1
            }
        }
    }

    /// Moves past string bytes eight at a time while none of them is a quote, a backslash or a
    /// control character (the word tests of "Bit Twiddling Hacks": a zero byte of `word ^ quotes`
    /// is a quote; `hasless(word, 0x20)` finds a control character), so long strings such as URLs
    /// and hashes are not scanned a byte at a time.
    private mutating func skipPlainStringBytes() {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = ones &* UInt64(UInt8(ascii: "\"")), backslashes = ones &* UInt64(UInt8(ascii: "\\")), spaces = ones &* 0x20
        while index + 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ quotes, backslash = word ^ backslashes
            let found = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- spaces) & ~word) & highBits
            if found != 0 { return }
            index += 8
        }
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else {
                    throw error("invalid surrogate pair in \\u escape")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("invalid \\u escape") }
            return scalar
        default:
            index -= 1
            throw error("invalid escape \\\(Character(UnicodeScalar(byte)))")
        }
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Hex.value(of: byte) else { throw error("expected four hex digits after \\u") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
        if current == UInt8(ascii: "-") { index += 1 }
        guard isDigit(current) else { throw error("invalid number") }
        if current == UInt8(ascii: "0") {
            index += 1
            if isDigit(current) { throw error("numbers may not have leading zeros") }
        } else {
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw error("expected digits after the decimal point") }
            while isDigit(current) { index += 1 }
        }
        let significand = bytes[start..<index]
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw error("expected digits in the exponent") }
            while isDigit(current) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number \(text) is out of range") }
        // A number too small for a Double is out of range too, as JSONDecoder has it (found by the
        // album-file fuzzing door): its digits say it is not zero, but it would read as zero.
        if value == 0, significand.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            throw error("number \(text) is out of range")
        }
        return value
    }
}
