import TouristCore

/// `JSONParser`, the reader of config, pin files, album files and plugin lines. Contract: a
/// document it accepts renders (pretty and compact) to text it reads back as the same value; read
/// keeping only some keys, it gives the same value with the other members left out; read
/// streaming a top-level array, it hands on that array's elements and gives the rest; and each way
/// refuses what it refuses whole, at the same place.
enum JSONParserDoor {
    /// Keys common in tourist's documents, so kept and left-out members both occur.
    static let kept: Set<String> = ["id", "name", "type", "photos", "a"]

    static func check(_ bytes: [UInt8]) {
        let whole = Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes) }
        let some = Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes, keepingKeys: kept) }
        switch (whole, some) {
        case (.success(let value), .success(let keptValue)):
            for text in [value.rendered(), value.compact()] {
                let again = try? JSONParser.parse(Array(text.utf8))
                contract(again == value, "\(value) rendered as \(text) reads back as \(String(describing: again))")
            }
            contract(keptValue == leavingOut(value), "keeping \(kept) gave \(keptValue), not \(leavingOut(value))")
        case (.failure(let error), .failure(let keptError)):
            contract(error == keptError, "refused as \(error) whole but as \(keptError) keeping some keys")
        default:
            contract(false, "read whole: \(whole); keeping some keys: \(some)")
        }
        checkStreaming(bytes, whole: whole)
    }

    /// The top-level key whose array is read streaming.
    static let streamedKey = "photos"

    static func checkStreaming(_ bytes: [UInt8], whole: Result<JSONValue, JSONParser.SyntaxError>) {
        var items: [JSONValue] = []
        let streamed = Result { () throws(JSONParser.SyntaxError) in
            try JSONParser.parse(bytes, streamingArray: streamedKey) { items.append($0) }
        }
        switch (whole, streamed) {
        case (.success(let value), .success(let rest)):
            contract(filling(rest, with: items) == value, "streaming \(streamedKey) gave \(rest) and \(items), not \(value)")
        case (.failure(let error), .failure(let streamedError)):
            contract(error == streamedError, "refused as \(error) whole but as \(streamedError) streaming")
        default:
            contract(false, "read whole: \(whole); streaming: \(streamed)")
        }
    }

    /// `rest` with the array of its first top-level member named `streamedKey` (left empty by the
    /// streaming read, when it is an array) holding `items` again.
    static func filling(_ rest: JSONValue, with items: [JSONValue]) -> JSONValue {
        guard case .object(var members) = rest, let first = members.firstIndex(where: { $0.key == streamedKey }),
            case .array = members[first].value
        else { return rest }
        members[first].value = .array(items)
        return .object(members)
    }

    /// `value` with every member whose key is not in `kept` left out, at any depth.
    static func leavingOut(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): .array(items.map(leavingOut))
        case .object(let members): .object(members.filter { kept.contains($0.key) }.map { ($0.key, leavingOut($0.value)) })
        default: value
        }
    }
}
