import Foundation

/// An element of an S3 answer's XML (a listing, an error): its name, its text and its children.
/// S3's documents are small and flat, so a tree is the simplest way to read them. Package-visible
/// for the fuzzing door `s3-xml` (Fuzz/Doors).
package struct S3XMLElement: Sendable {
    package let name: String
    package fileprivate(set) var text = ""
    package fileprivate(set) var children: [S3XMLElement] = []

    /// The first child element called `name`.
    func child(_ name: String) -> S3XMLElement? {
        children.first { $0.name == name }
    }

    /// The text of the first child element called `name`.
    func text(of name: String) -> String? {
        child(name)?.text
    }

    /// The document's root element; nil when `bytes` is not well-formed XML.
    package static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> S3XMLElement? {
        var scanner = S3XMLScanner(bytes: Array(bytes))
        return scanner.document()
    }
}

/// Reads the XML that S3 writes: elements (their attributes skipped), text with the predefined and
/// numeric entities, CDATA; the declaration, comments and a DOCTYPE are passed over. Written here
/// rather than taken from FoundationXML, which would load libxml2 and ICU into every tourist
/// process at start, S3 or not.
private struct S3XMLScanner {
    let bytes: [UInt8]
    private var index = 0
    private var open: [S3XMLElement] = []
    private var root: S3XMLElement?

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() -> S3XMLElement? {
        var text: [UInt8] = []
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                text.append(bytes[index])
                index += 1
                continue
            }
            if !text.isEmpty {
                addText(Self.decodingEntities(text))
                text.removeAll()
            }
            guard step() else { return nil }
        }
        return open.isEmpty ? root : nil
    }

    /// Reads the markup at `index` (a `<`); false when it is malformed.
    private mutating func step() -> Bool {
        if skip("<?", past: "?>") || skip("<!--", past: "-->") { return true }
        if starts("<![CDATA[") {
            let start = index + 9
            guard let end = find("]]>", from: start) else { return false }
            addText(String(decoding: bytes[start..<end], as: UTF8.self))
            index = end + 3
            return true
        }
        if skip("<!", past: ">") { return true }
        guard let end = tagEnd() else { return false }
        let inside = bytes[(index + 1)..<end]
        index = end + 1
        if inside.first == UInt8(ascii: "/") {
            let name = String(decoding: inside.dropFirst(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let element = open.popLast(), element.name == name else { return false }
            attach(element)
            return true
        }
        let selfClosing = inside.last == UInt8(ascii: "/")
        let name = String(decoding: inside.prefix { !Self.isSpace($0) && $0 != UInt8(ascii: "/") }, as: UTF8.self)
        guard !name.isEmpty else { return false }
        if selfClosing { attach(S3XMLElement(name: name)) } else { open.append(S3XMLElement(name: name)) }
        return true
    }

    private mutating func addText(_ text: String) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += text
    }

    private mutating func attach(_ element: S3XMLElement) {
        if open.isEmpty {
            root = element
        } else {
            open[open.count - 1].children.append(element)
        }
    }

    private func starts(_ marker: String) -> Bool {
        bytes[index...].starts(with: marker.utf8)
    }

    /// Moves past `terminator` when the markup at `index` starts with `marker`.
    private mutating func skip(_ marker: String, past terminator: String) -> Bool {
        guard starts(marker), let end = find(terminator, from: index + marker.utf8.count) else { return false }
        index = end + terminator.utf8.count
        return true
    }

    private func find(_ needle: String, from start: Int) -> Int? {
        let needle = Array(needle.utf8)
        var at = start
        while at + needle.count <= bytes.count {
            if bytes[at..<(at + needle.count)].elementsEqual(needle) { return at }
            at += 1
        }
        return nil
    }

    /// The `>` that ends the tag at `index`, passing over quoted attribute values.
    private func tagEnd() -> Int? {
        var quote: UInt8?
        for at in (index + 1)..<bytes.count {
            let byte = bytes[at]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return at
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `text` with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` and `&#xN;` replaced; any
    /// other `&` is kept as it is.
    static func decodingEntities(_ text: [UInt8]) -> String {
        var out = String()
        var at = 0
        while at < text.count {
            guard text[at] == UInt8(ascii: "&"), let semicolon = text[at...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
                let scalar = entity(String(decoding: text[(at + 1)..<semicolon], as: UTF8.self))
            else {
                let next = text[(at + 1)...].firstIndex(of: UInt8(ascii: "&")) ?? text.count
                out += String(decoding: text[at..<next], as: UTF8.self)
                at = next
                continue
            }
            out.unicodeScalars.append(scalar)
            at = semicolon + 1
        }
        return out
    }

    private static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
