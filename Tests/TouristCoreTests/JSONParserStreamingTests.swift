import Testing
@testable import TouristCore

/// `JSONParser.parse(_:streamingArray:_:)`, which hands a large collection's elements on one at a
/// time (how `pin import` reads a GeoJSON FeatureCollection): the same elements and the same
/// document as a whole parse, and the same errors at the same places.
@Suite struct JSONParserStreamingTests {
    /// Parses `text` streaming `key`'s array; returns the document and the elements handed on.
    func streamed(_ text: String, key: String = "features") throws(JSONParser.SyntaxError) -> (document: JSONValue, items: [JSONValue]) {
        var items: [JSONValue] = []
        let document = try JSONParser.parse(Array(text.utf8), streamingArray: key) { items.append($0) }
        return (document, items)
    }

    @Test func theElementsOfTheFirstTopLevelArrayOfThatNameAreHandedOnAndNotKept() throws {
        let text = #"{"bbox": [1, 2], "features": [{"a": [1]}, 2, "three", {"features": [4]}], "type": "X", "features": [5]}"#
        let (document, items) = try streamed(text)
        #expect(
            items == [.object([("a", .array([.number(1)]))]), .number(2), .string("three"), .object([("features", .array([.number(4)]))])])
        // The streamed member stays, empty; an array of that name deeper, or later, is read as usual.
        #expect(
            document
                == .object([
                    ("bbox", .array([.number(1), .number(2)])), ("features", .array([])), ("type", .string("X")),
                    ("features", .array([.number(5)])),
                ]))
    }

    @Test func aMemberOfThatNameThatIsNoArrayOrADocumentThatIsNoObjectIsReadWhole() throws {
        for text in [#"{"features": {"a": 1}, "b": [2], "features": [3]}"#, #"[{"features": [1]}]"#, #""features""#, "{}"] {
            let (document, items) = try streamed(text)
            #expect(items.isEmpty, "\(text)")
            #expect(document == (try JSONParser.parse(Array(text.utf8))), "\(text)")
        }
    }

    @Test func errorsAreThoseOfAWholeParseAfterTheElementsBeforeThem() throws {
        let texts = [
            "{\"features\": [1, 2,\n ]}", "{\"features\": [1, [2}", "{\"features\": [1], \"type\": tru}", "{\"features\": [1]} x",
            "{\"features\": [1, 2",
        ]
        for text in texts {
            var items: [JSONValue] = []
            let streaming = Result { () throws(JSONParser.SyntaxError) in
                try JSONParser.parse(Array(text.utf8), streamingArray: "features") { items.append($0) }
            }
            let whole = Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(Array(text.utf8)) }
            guard case .failure(let error) = streaming, case .failure(let wholeError) = whole else {
                Issue.record("\(text) was read: \(streaming), \(whole)")
                continue
            }
            #expect(error == wholeError, "\(text)")
            #expect(items.first == .number(1), "\(text): the elements before the error were handed on")
        }
    }
}
