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

    @Test func membersLeftOutAreCheckedAllTheSame() throws {
        let document = #"{"keep":{"keep":[1,"two",{"drop":3}],"drop":"x"},"drop":{"keep":[true,null,"\u00e9"]}}"#
        #expect(
            try JSONParser.parse(Array(document.utf8), keepingKeys: ["keep"])
                == .object([("keep", .object([("keep", .array([.number(1), .string("two"), .object([])]))]))]))
        let escapedKeys = #"{"k\u0065ep":1,"dr\u006fp":2,"keep\n":3}"#
        #expect(try JSONParser.parse(Array(escapedKeys.utf8), keepingKeys: ["keep"]) == .object([("keep", .number(1))]))
        let broken = [
            #"{"keep":1,"drop":[1,]}"#, #"{"keep":1,"drop":"\x"}"#, #"{"keep":1,"drop":{"a" 1}}"#,
            "{\"keep\":1,\"drop\":\"tab\tin a string\"}",
            #"{"keep":1,"drop":01}"#, #"{"keep":1,"drop":1e999}"#, #"{"keep":1,"drop":"\ud800"}"#, #"{"keep":1,"drop":[[[}"#,
        ]
        for text in broken {
            #expect(throws: JSONParser.SyntaxError.self, "\(text)") { try JSONParser.parse(Array(text.utf8), keepingKeys: ["keep"]) }
        }
    }

    @Test func aStringWithoutItsClosingQuoteIsRefused() {
        for length in 0..<40 {
            #expect(throws: JSONParser.SyntaxError.self) {
                try JSONParser.parse(Array(("\"" + String(repeating: "b", count: length)).utf8))
            }
        }
    }
}
