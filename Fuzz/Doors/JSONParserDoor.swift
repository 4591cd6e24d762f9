import TouristCore

/// `JSONParser`, the reader of config, pin files, album files and plugin lines. Contract: a
/// document it accepts renders (pretty and compact) to text it reads back as the same value; read
/// keeping only some keys, it gives the same value with the other members left out, and refuses
/// what it refuses whole, at the same place.
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
