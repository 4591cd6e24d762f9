import Foundation

/// What a `pin add`, `pin import` or a step of `store copy` is about to add or replace
/// (`StoreTransaction.commit`), written (`index/imports/<token>.json`) before the first of its
/// albums: the id and name of every pin.
/// The pin list is the commit point (one record or snapshot holds all its pins, see
/// `PinList.add`), so a process stopped midway leaves either albums no list names, which the next
/// writer removes, or listed pins whose names are not all written yet, which it writes
/// (`Store.finishImports`).
struct ImportIntent: Codable, Equatable {
    struct Entry: Codable, Equatable {
        var id: String
        var name: String
    }

    var pins: [Entry]

    static let prefix = ObjectKey.index("index/imports/")

    /// A new intent's key: a random token, so imports never share one.
    static func newKey() -> ObjectKey {
        prefix.appending(String(format: "%08x%08x", UInt32.random(in: 0...UInt32.max), UInt32.random(in: 0...UInt32.max)) + ".json")
    }

    /// Reads an intent as `IndexCoding` decodes index files.
    static func read(_ value: JSONValue) throws(IndexDecodingError) -> ImportIntent {
        let object = try IndexObject(value)
        let pins = try object.required("pins") { (list) throws(IndexDecodingError) in
            try IndexValue.array(list) { (item) throws(IndexDecodingError) in
                let entry = try IndexObject(item)
                return Entry(id: try entry.required("id", IndexValue.string), name: try entry.required("name", IndexValue.string))
            }
        }
        return ImportIntent(pins: pins)
    }
}
