import Foundation
import Testing
@testable import TouristCore

/// The parser's strings, which it skims eight bytes at a time: a quote, a backslash or a control
/// character at any position of a long string, next to multi-byte UTF-8, must be found where it is.
@Suite struct JSONParserStringTests {
    static let fillers = ["a", "é", "東", "👩‍👩‍👧", "~", "\u{7F}"]

    @Test func escapesAtEveryPositionAreRead() throws {
        for filler in Self.fillers {
            for length in 0..<40 {
                for position in 0...length {
                    let plain = String(repeating: filler, count: length)
                    let before = String(plain.prefix(position)), after = String(plain.dropFirst(position))
                    for (written, meant) in [("\\\"", "\""), ("\\\\", "\\"), ("\\n", "\n"), ("\\u00e9", "é"), ("\\/", "/")] {
                        let document = "[\"\(before)\(written)\(after)\"]"
                        #expect(try JSONParser.parse(Array(document.utf8)) == .array([.string(before + meant + after)]), "\(document)")
                    }
                    #expect(try JSONParser.parse(Array("\"\(plain)\"".utf8)) == .string(plain))
                }
            }
        }
    }

    @Test func aRawControlCharacterIsRefusedWhereverItIs() {
        for length in 1..<40 {
            for position in 0..<length {
                var bytes = Array(String(repeating: "x", count: length).utf8)
                bytes[position] = 0x1F
                #expect(throws: JSONParser.SyntaxError.self, "control character at \(position) of \(length)") {
                    try JSONParser.parse([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
                }
            }
        }
    }

    @Test func aStringWithoutItsClosingQuoteIsRefused() {
        for length in 0..<40 {
            #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(("\"" + String(repeating: "b", count: length)).utf8)) }
        }
    }
}
