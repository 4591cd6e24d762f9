import Foundation

/// Commons' `extmetadata` values as people read them: HTML (links, spans, line breaks, entities) as
/// one line of plain text.
enum CommonsText {
    /// `html` without tags, entities decoded, whitespace collapsed; at most `limit` characters.
    static func plain(_ html: String, limit: Int = 300) -> String {
        var text = ""
        var inTag = false
        var tag = ""
        for character in html {
            if inTag {
                if character == ">" {
                    inTag = false
                    // Block elements and line breaks separate words.
                    let name = tag.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/ ")).prefix {
                        $0.isLetter || $0.isNumber
                    }
                    if ["br", "p", "div", "li", "tr", "td", "th", "ul", "ol", "table"].contains(String(name)) { text.append(" ") }
                } else {
                    tag.append(character)
                }
            } else if character == "<" {
                inTag = true
                tag = ""
            } else {
                text.append(character)
            }
        }
        let words = decodeEntities(text).split(whereSeparator: {
            $0.isWhitespace || $0.unicodeScalars.allSatisfy { CharacterSet.controlCharacters.contains($0) }
        }).joined(separator: " ")
        return words.count > limit ? String(words.prefix(limit - 1)) + "…" : words
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—", "copy": "©",
    ]

    /// `text` with `&name;`, `&#NNN;` and `&#xHH;` decoded (unknown ones are kept as written).
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                result.append("&")
                rest = after
                continue
            }
            let name = after[..<semicolon]
            if let decoded = decode(entity: name) {
                result += decoded
            } else {
                result += "&" + name + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func decode(entity name: Substring) -> String? {
        if let known = named[String(name)] { return known }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
