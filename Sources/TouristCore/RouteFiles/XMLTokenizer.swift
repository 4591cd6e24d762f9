/// A small streaming XML reader for route files: it reads the file a chunk at a time
/// (`RouteByteWindow`), hands out one start tag, end tag or text at a time and keeps only the open
/// elements' names, never a tree, nor more of the file than the piece it is reading; names,
/// attribute values and text are made strings only when the reader asks for them, before it asks
/// for the next piece. It checks what a route file needs to be read safely: tags nest and match,
/// one root element, attribute syntax, at most `maxDepth` levels, no piece (a tag, a text, a CDATA
/// section) longer than `RouteByteWindow.maxPieceBytes`, UTF-8 only. It refuses a DTD
/// (`<!DOCTYPE`), so no entity is ever declared or expanded (no "billion laughs"), and any entity
/// but XML's five and character references.
/// Written here rather than taken from FoundationXML, which would load libxml2 into tourist and
/// builds a tree (its `XMLDocument`) or works differently per platform (`XMLParser`).
struct XMLTokenizer {
    /// A start tag: where its qualified name and its attributes' names and values are in the
    /// file (read them before the next piece is asked for), and whether it closes itself
    /// (`<a/>`). Read with `name(of:)`, `hasLocalName(_:_:)` and `attribute(_:of:)`.
    struct StartTag {
        let name: Range<Int>
        let attributes: [(name: Range<Int>, value: Range<Int>)]
        let selfClosing: Bool
        /// Where the tag starts in the file, for messages.
        let offset: Int
    }

    /// One piece of the document.
    enum Token {
        case start(StartTag)
        /// An end tag, or the end of a self-closing one (whose name matched its start tag's).
        case end
        /// Character data between tags (`range` of the file; CDATA sections as one piece each),
        /// read with `text(_:cdata:)` before the next piece is asked for.
        case text(range: Range<Int>, cdata: Bool)
    }

    /// Where and why the bytes are not a document this reader takes. Lines and columns count from 1.
    struct SyntaxError: Error {
        let line: Int
        let column: Int
        let reason: String
    }

    /// The most elements open at once.
    static let maxDepth = 256

    private var bytes: RouteByteWindow
    private var index = 0
    /// The open elements' names, one after the other.
    private var openNames: [UInt8] = []
    /// The open elements: how long each one's name is in `openNames`, and the line it starts on.
    private var open: [(nameCount: Int, line: Int)] = []
    private var rootClosed = false
    private var pendingEnd = false

    /// A reader of `chunks`.
    init(_ chunks: RouteFileChunks) {
        bytes = RouteByteWindow(chunks)
        if bytes.has(2), bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// The most bytes of the file held at once.
    var bytesHighWater: Int { bytes.highWater }

    /// The qualified name of `tag`: `gpx:trkpt`.
    func name(of tag: StartTag) -> String {
        string(tag.name)
    }

    /// Whether `tag`'s name after any namespace prefix is `local`: `trkpt` for `gpx:trkpt`.
    func hasLocalName(_ tag: StartTag, _ local: StaticString) -> Bool {
        matches(localPart(tag.name), local)
    }

    /// The value of `tag`'s attribute whose name after any prefix is `local`, entities replaced.
    func attribute(_ local: StaticString, of tag: StartTag) -> String? {
        tag.attributes.first { matches(localPart($0.name), local) }.map { Self.replacingEntities(bytes[$0.value]) }
    }

    /// The text of `range` as `next()` gave it, with entities replaced (CDATA as it is).
    func text(_ range: Range<Int>, cdata: Bool) -> String {
        cdata ? string(range) : Self.replacingEntities(bytes[range])
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The name of the innermost open element.
    private var openName: String {
        String(decoding: openNames.suffix(open.last?.nameCount ?? 0), as: UTF8.self)
    }

    private func localPart(_ name: Range<Int>) -> Range<Int> {
        var start = name.upperBound
        while start > name.lowerBound, bytes[start - 1] != UInt8(ascii: ":") { start -= 1 }
        return start..<name.upperBound
    }

    private func matches(_ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && text.withUTF8Buffer { bytes[range].elementsEqual($0) }
    }

    /// The line and column of `offset`, in the piece last handed out.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let place = bytes.place(of: offset)
        return (place.line, place.column)
    }

    /// An error at `offset`; where the piece being read is too long, that error at its start.
    func error(_ reason: String, at offset: Int) -> SyntaxError {
        if let start = bytes.tooLongPiece {
            let place = bytes.place(of: start)
            return SyntaxError(
                line: place.line, column: place.column,
                reason:
                    "more than \(RouteByteWindow.maxPieceBytes >> 20) MiB of one tag or text starts here; a route file needs none that long"
            )
        }
        let place = bytes.place(of: offset)
        return SyntaxError(line: place.line, column: place.column, reason: reason)
    }

    /// The next piece of the document, or nil at its well-formed end. The pieces handed out
    /// before are no longer in the window.
    mutating func next() throws(SyntaxError) -> Token? {
        if pendingEnd {
            pendingEnd = false
            return .end
        }
        while true {
            bytes.keep = index
            guard bytes.has(index) else { break }
            guard bytes[index] == UInt8(ascii: "<") else {
                let start = index
                try scanText()
                if !open.isEmpty { return .text(range: start..<index, cdata: false) }
                guard let first = (start..<index).first(where: { !Self.isSpace(bytes[$0]) }) else { continue }
                throw error("text outside the root element", at: first)
            }
            let next = bytes.has(index + 1) ? bytes[index + 1] : 0
            if next == UInt8(ascii: "?") {
                try skipDeclaration()
            } else if next == UInt8(ascii: "!") {
                if starts("<!--") {
                    index = try end(of: "-->", from: index + 4, what: "a comment", keeping: false)
                } else if starts("<![CDATA[") {
                    guard !open.isEmpty else { throw error("a CDATA section outside the root element", at: index) }
                    let start = index + 9
                    index = try end(of: "]]>", from: start, what: "a CDATA section")
                    return .text(range: start..<(index - 3), cdata: true)
                } else {
                    throw error(
                        starts("<!DOCTYPE")
                            ? "a document type declaration (<!DOCTYPE …>) is not allowed: a route file needs none, and its entities are never expanded; remove it"
                            : "unexpected markup \"<!\"", at: index)
                }
            } else if next == UInt8(ascii: "/") {
                try endTag()
                return .end
            } else {
                let tag = try startTag()
                if tag.selfClosing {
                    pendingEnd = true
                    if open.isEmpty { rootClosed = true }
                }
                return .start(tag)
            }
        }
        if let last = open.last {
            throw error("unexpected end of file: <\(openName)> from line \(last.line) is not closed", at: bytes.end)
        }
        guard rootClosed, bytes.tooLongPiece == nil else { throw error("no XML element in the file", at: bytes.end) }
        return nil
    }

    // MARK: - Markup

    private mutating func startTag() throws(SyntaxError) -> StartTag {
        let offset = index
        guard !rootClosed else { throw error("a second root element; an XML file has one", at: offset) }
        index += 1
        let name = try self.name(what: "an element name")
        var attributes: [(name: Range<Int>, value: Range<Int>)] = []
        while true {
            let hadSpace = skipSpace()
            guard bytes.has(index) else { throw error("unexpected end of file inside <\(string(name))>", at: offset) }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                guard open.count < Self.maxDepth else { throw error("elements nested deeper than \(Self.maxDepth) levels", at: offset) }
                openNames.append(contentsOf: bytes[name])
                open.append((name.count, bytes.mark(offset).line))
                return StartTag(name: name, attributes: attributes, selfClosing: false, offset: offset)
            }
            if starts("/>") {
                index += 2
                return StartTag(name: name, attributes: attributes, selfClosing: true, offset: offset)
            }
            guard hadSpace else { throw error("expected white space, '>' or '/>' in <\(string(name))>", at: index) }
            let attribute = try self.name(what: "an attribute name")
            let named = "\(string(attribute)) in <\(string(name))>"
            skipSpace()
            guard bytes.has(index), bytes[index] == UInt8(ascii: "=") else { throw error("expected '=' after \(named)", at: index) }
            index += 1
            skipSpace()
            guard bytes.has(index), bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw error("the value of \(named) must be in quotes", at: index)
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while bytes.has(index), bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw error("'<' inside the value of \(named)", at: index) }
                if bytes[index] == UInt8(ascii: "&") { try checkReference() } else { index += 1 }
            }
            guard bytes.has(index) else { throw error("the value of \(named) is not closed", at: start - 1) }
            if attributes.contains(where: { bytes[$0.name].elementsEqual(bytes[attribute]) }) {
                throw error("\(named) appears twice", at: start)
            }
            attributes.append((attribute, start..<index))
            index += 1
        }
    }

    private mutating func endTag() throws(SyntaxError) {
        let offset = index
        index += 2
        let name = try self.name(what: "an element name")
        skipSpace()
        guard bytes.has(index), bytes[index] == UInt8(ascii: ">") else {
            throw error("expected '>' to end </\(string(name))>", at: index)
        }
        index += 1
        guard let last = open.last else { throw error("</\(string(name))> closes no element", at: offset) }
        guard openNames.suffix(last.nameCount).elementsEqual(bytes[name]) else {
            throw error("</\(string(name))> where <\(openName)> from line \(last.line) should be closed", at: offset)
        }
        open.removeLast()
        openNames.removeLast(last.nameCount)
        if open.isEmpty { rootClosed = true }
    }

    /// The XML declaration or a processing instruction: passed over, but an encoding other than
    /// UTF-8 is refused.
    private mutating func skipDeclaration() throws(SyntaxError) {
        let start = index
        index = try end(of: "?>", from: index + 2, what: "a processing instruction")
        let text = string(start..<index)
        guard text.hasPrefix("<?xml "), let range = text.range(of: "encoding") else { return }
        let value = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }.prefix { $0 != "\"" && $0 != "'" }
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(value.lowercased()) else {
            throw error("the file says it is encoded in \(value); only UTF-8 is read: save it as UTF-8", at: start)
        }
    }

    /// A name: the bytes up to white space or one of `/>=<"'`.
    private mutating func name(what: String) throws(SyntaxError) -> Range<Int> {
        let start = index
        while bytes.has(index) {
            let byte = bytes[index]
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
                || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            {
                break
            }
            index += 1
        }
        guard index > start else { throw error("expected \(what)", at: start) }
        return start..<index
    }

    /// Moves past text up to the next `<`, checking its references.
    private mutating func scanText() throws(SyntaxError) {
        while bytes.has(index), bytes[index] != UInt8(ascii: "<") {
            if bytes[index] == UInt8(ascii: "&") { try checkReference() } else { index += 1 }
        }
    }

    /// Checks the reference at `index` (a `&`) and moves past it.
    private mutating func checkReference() throws(SyntaxError) {
        let start = index
        var semicolon = start + 1
        while semicolon < start + 12, bytes.has(semicolon), bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        guard semicolon < start + 12, bytes.has(semicolon), Self.entity(bytes[(start + 1)..<semicolon]) != nil else {
            throw error(
                "\"&\" starts no entity XML knows (&amp; &lt; &gt; &quot; &apos; or &#N;); write a literal & as &amp;", at: start)
        }
        index = semicolon + 1
    }

    private mutating func starts(_ marker: StaticString) -> Bool {
        let count = marker.utf8CodeUnitCount
        guard bytes.has(index + count - 1) else { return false }
        return marker.withUTF8Buffer { bytes[index..<(index + count)].elementsEqual($0) }
    }

    /// The index just past `terminator`, searched from `from`; without `keeping`, the bytes passed
    /// over leave the window as it goes (a comment's).
    private mutating func end(of terminator: StaticString, from: Int, what: String, keeping: Bool = true) throws(SyntaxError) -> Int {
        let needle = terminator.withUTF8Buffer { Array($0) }
        let opening = bytes.place(of: index)  // a comment's start leaves the window
        var at = from
        while bytes.has(at + needle.count - 1) {
            if bytes[at] == needle[0], bytes[at..<(at + needle.count)].elementsEqual(needle) { return at + needle.count }
            at += 1
            if !keeping { bytes.keep = at }
        }
        if keeping { throw error("\(what) is not closed", at: index) }
        throw SyntaxError(line: opening.line, column: opening.column, reason: "\(what) is not closed")
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while bytes.has(index), Self.isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: - Entities

    /// `text` with its (already checked) references replaced.
    private static func replacingEntities(_ text: ArraySlice<UInt8>) -> String {
        guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var at = text.startIndex
        while at < text.endIndex {
            guard text[at] == UInt8(ascii: "&"), let semicolon = text[at...].firstIndex(of: UInt8(ascii: ";")),
                let scalar = entity(text[(at + 1)..<semicolon])
            else {
                out.append(text[at])
                at += 1
                continue
            }
            out.append(contentsOf: String(Character(scalar)).utf8)
            at = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character an entity's name (between `&` and `;`) stands for: XML's five, or a character
    /// reference to a character XML allows.
    private static func entity(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case let reference where reference.hasPrefix("#"):
            let digits = reference.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value == 0x9 || value == 0xA || value == 0xD || value >= 0x20 else { return nil }
            return Unicode.Scalar(value)
        default: return nil
        }
    }
}
