/// How many terminal columns text takes: wide characters (CJK ideographs, Hangul, kana, fullwidth
/// forms, most emoji) take two, combining marks and zero-width characters none, others one, as
/// terminals draw them (Unicode's East Asian Width, as wcwidth reads it).
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.value == 0x200B { return 0 }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks, and the emoji blocks terminals draw two columns wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// `text` cut to at most `columns` columns in its middle ("IMG_2024…0042.jpg"), so both its
    /// start and its end (a file's extension, an id's number) stay readable.
    static func cutMiddle(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns > 1 else { return columns == 1 ? "…" : "" }
        let characters = Array(text)
        var head = "", tail: [Character] = []
        var headWidth = 0, tailWidth = 0
        var front = 0, back = characters.count - 1
        // Alternately from either end, each side up to half of what is left after the "…".
        while front <= back {
            let budget = columns - 1 - headWidth - tailWidth
            let takeFront = headWidth <= tailWidth
            let character = takeFront ? characters[front] : characters[back]
            let width = of(String(character))
            guard width <= budget else { break }
            if takeFront {
                head.append(character)
                headWidth += width
                front += 1
            } else {
                tail.append(character)
                tailWidth += width
                back -= 1
            }
        }
        return head + "…" + String(tail.reversed())
    }

    /// `text` cut to at most `columns` columns, ending in "…" when cut.
    static func cut(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = of(String(character))
            guard used + width <= columns - 1 else { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }
}
