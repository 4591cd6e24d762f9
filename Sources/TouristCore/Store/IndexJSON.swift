import Foundation

/// Why a parsed index file does not hold what tourist writes there, in a few words for a message:
/// "missing photos[3].state", "unexpected value at pin.latitude" (the words `DecodingSummary` uses for
/// Codable's errors). The key path is assembled on the way out, so reading a good file builds none.
package struct IndexDecodingError: Error, Sendable, Equatable {
    enum Problem: Sendable, Equatable {
        case missing
        case unexpected
    }

    let problem: Problem
    /// Keys and array positions from the document's root, outermost first.
    private(set) var path: [String] = []

    init(_ problem: Problem) {
        self.problem = problem
    }

    /// The same error, one level further out.
    func inside(_ segment: String) -> IndexDecodingError {
        var outer = self
        outer.path.insert(segment, at: 0)
        return outer
    }

    var summary: String {
        var text = ""
        for segment in path {
            if !segment.hasPrefix("["), !text.isEmpty { text += "." }
            text += segment
        }
        return problem == .missing ? "missing \(text)" : "unexpected value at \(text.isEmpty ? "the top" : text)"
    }
}

/// Typed reads from a `JSONValue` of an index file, with the rules Codable's synthesized decoding
/// follows, so a file reads the same through either: a required key that is absent is `missing`
/// (null is an `unexpected` value), an optional key may be absent or null, keys tourist does not know
/// are ignored, and a value of the wrong type is `unexpected`.
struct IndexObject {
    private let members: [(key: String, value: JSONValue)]

    init(_ value: JSONValue) throws(IndexDecodingError) {
        guard case .object(let members) = value else { throw IndexDecodingError(.unexpected) }
        self.members = members
    }

    private func member(_ key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The value of `key` read by `read`; absent is `missing`.
    func required<T>(_ key: String, _ read: (JSONValue) throws(IndexDecodingError) -> T) throws(IndexDecodingError) -> T {
        guard let value = member(key) else { throw IndexDecodingError(.missing).inside(key) }
        do { return try read(value) } catch { throw error.inside(key) }
    }

    /// The value of `key` read by `read`, or nil when it is absent or null.
    func optional<T>(_ key: String, _ read: (JSONValue) throws(IndexDecodingError) -> T) throws(IndexDecodingError) -> T? {
        guard let value = member(key), value != .null else { return nil }
        do { return try read(value) } catch { throw error.inside(key) }
    }
}

/// Readers of single values, in the form `IndexObject` takes them.
enum IndexValue {
    static func string(_ value: JSONValue) throws(IndexDecodingError) -> String {
        guard case .string(let text) = value else { throw IndexDecodingError(.unexpected) }
        return text
    }

    static func bool(_ value: JSONValue) throws(IndexDecodingError) -> Bool {
        guard case .bool(let flag) = value else { throw IndexDecodingError(.unexpected) }
        return flag
    }

    static func double(_ value: JSONValue) throws(IndexDecodingError) -> Double {
        guard case .number(let number) = value else { throw IndexDecodingError(.unexpected) }
        return number
    }

    /// A whole number (a fraction or a number past `Int`'s range is refused, as Codable refuses it).
    static func int(_ value: JSONValue) throws(IndexDecodingError) -> Int {
        guard case .number(let number) = value, let whole = Int(exactly: number) else { throw IndexDecodingError(.unexpected) }
        return whole
    }

    /// An ISO 8601 date, as `JSONDecoder.DateDecodingStrategy.iso8601` reads it.
    static func date(_ value: JSONValue) throws(IndexDecodingError) -> Date {
        guard let date = ISO8601UTC.parse(try string(value)) else { throw IndexDecodingError(.unexpected) }
        return date
    }

    static func url(_ value: JSONValue) throws(IndexDecodingError) -> URL {
        guard let url = URL(string: try string(value)) else { throw IndexDecodingError(.unexpected) }
        return url
    }

    /// A value of a `String`-backed enum, by its raw value.
    static func raw<T: RawRepresentable>(_ value: JSONValue) throws(IndexDecodingError) -> T where T.RawValue == String {
        guard let parsed = T(rawValue: try string(value)) else { throw IndexDecodingError(.unexpected) }
        return parsed
    }

    static func array<T>(_ value: JSONValue, _ read: (JSONValue) throws(IndexDecodingError) -> T) throws(IndexDecodingError) -> [T] {
        guard case .array(let items) = value else { throw IndexDecodingError(.unexpected) }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do { result.append(try read(item)) } catch { throw error.inside("[\(index)]") }
        }
        return result
    }

    /// An object read as a dictionary: each key through `key` (nil refuses it), each value through `read`.
    static func dictionary<K: Hashable, V>(
        _ value: JSONValue, key: (String) -> K?, _ read: (JSONValue) throws(IndexDecodingError) -> V
    ) throws(IndexDecodingError) -> [K: V] {
        guard case .object(let members) = value else { throw IndexDecodingError(.unexpected) }
        var result: [K: V] = [:]
        result.reserveCapacity(members.count)
        for member in members {
            guard let parsed = key(member.key) else { throw IndexDecodingError(.unexpected).inside(member.key) }
            do { result[parsed] = try read(member.value) } catch { throw error.inside(member.key) }
        }
        return result
    }
}
