import Foundation

/// The JSON encoding the index uses: ISO 8601 dates, sorted keys, so files diff cleanly. Index files
/// are read with the strict `JSONParser` and typed by hand (`AlbumFileDecoding`), which is several
/// times faster than `JSONDecoder` for albums.
package enum IndexCoding {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func encode<T: Encodable>(_ value: T) throws(StoreError) -> [UInt8] {
        do {
            return Array(try encoder().encode(value))
        } catch {
            throw StoreError(.io, "cannot encode \(T.self): \(error)")
        }
    }

    /// Reads an index file with `read` (see `AlbumFileDecoding`); a file that is not what tourist
    /// writes is `corrupt`, with the reason in a few words and the command that repairs it.
    static func decode<T>(_ bytes: [UInt8], path: String, _ read: (JSONValue) throws(IndexDecodingError) -> T) throws(StoreError) -> T {
        do {
            return try decode(bytes, read)
        } catch {
            throw StoreError(.corrupt, "\(path) is damaged (\(error.detail)); run `tourist store repair` to set it aside and keep the rest")
        }
    }

    /// Why a file's bytes are not what tourist writes there, in a few words: "empty", "not valid
    /// JSON", "missing photos[3].state".
    package struct Damage: Error {
        package let detail: String
    }

    /// Reads an index file's bytes with `read`, which is given only the members named in `keys`
    /// (nil: all; see `JSONParser.parse`).
    package static func decode<T>(_ bytes: [UInt8], keepingKeys keys: Set<String>? = nil, _ read: (JSONValue) throws(IndexDecodingError) -> T) throws(Damage) -> T {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes, keepingKeys: keys)
        } catch {
            throw Damage(detail: bytes.isEmpty ? "empty" : "not valid JSON")
        }
        do {
            return try read(document)
        } catch {
            throw Damage(detail: error.summary)
        }
    }
}
