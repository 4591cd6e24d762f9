import Foundation

/// The JSON encoding the index uses: ISO 8601 dates, sorted keys, so files diff cleanly.
enum IndexCoding {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func decoder() -> JSONDecoder {
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

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], path: String) throws(StoreError) -> T {
        do {
            return try decoder().decode(type, from: Data(bytes))
        } catch {
            let detail = (try? JSONSerialization.jsonObject(with: Data(bytes))) == nil ? (bytes.isEmpty ? "empty" : "not valid JSON") : DecodingSummary.describe(error)
            throw StoreError(.corrupt, "\(path) is damaged (\(detail)); run `tourist store repair` to set it aside and keep the rest")
        }
    }
}
