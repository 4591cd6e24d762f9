import Foundation

/// The JSON encoding the index uses: ISO 8601 dates, sorted keys, so files diff cleanly. Index files
/// are read with the strict `JSONParser` and typed by hand (`AlbumFileDecoding`), which is several
/// times faster than `JSONDecoder` for albums.
package enum IndexCoding {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        // Written as the reader parses them (`ISO8601UTC`, the proleptic Gregorian calendar):
        // `.iso8601` writes dates before 1582 in the Julian calendar, which read back days apart
        // (found by the album-file fuzzing door, Fuzz/Regressions/album-file/).
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601UTC.format(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        // Read as `AlbumFileDecoding` reads them (`ISO8601UTC`; see `encoder()`).
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601UTC.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
            }
            return date
        }
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
            throw StoreError(
                .corrupt, "\(path) is damaged (\(error.detail))", remedy: Remedy(.repairStore(why: "set it aside and keep the rest")))
        }
    }

    /// Why a file's bytes are not what tourist writes there, in a few words: "empty", "not valid
    /// JSON", "missing photos[3].state".
    package struct Damage: Error {
        package let detail: String
    }

    /// Reads an index file's bytes with `read`, which is given only the members named in `keys`
    /// (nil: all; see `JSONParser.parse`).
    package static func decode<T>(
        _ bytes: [UInt8], keepingKeys keys: Set<String>? = nil, _ read: (JSONValue) throws(IndexDecodingError) -> T
    ) throws(Damage) -> T {
        // tourist writes UTF-8; JSONParser would read other bytes as U+FFFD, silently turning a
        // damaged path or URL into another one (JSONDecoder refuses it): damage, like any other.
        // Found by the album-file fuzzing door (Fuzz/Regressions/album-file/).
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Damage(detail: "not valid JSON") }
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
