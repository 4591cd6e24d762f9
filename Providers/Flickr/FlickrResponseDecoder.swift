import Foundation
import TouristCore

/// Reads one Flickr answer: unwraps `jsonFlickrApi(…)`, turns `stat: fail` into a classified
/// `ProviderError`, and decodes the rest. Knows the API key only to keep it out of messages.
struct FlickrResponseDecoder: Sendable {
    let apiKey: String
    let providerName: String

    /// `body` decoded as `T`, or the error Flickr's answer stands for.
    func decode<T: Decodable>(_ body: Data, method: String, as type: T.Type) throws -> T {
        let json = Self.unwrappingJSONP(body)
        let decoder = JSONDecoder()
        guard let status = try? decoder.decode(FlickrStatus.self, from: json) else {
            throw ProviderError.unavailable(
                "Flickr answered with something that is not JSON (\(method); an error or maintenance page?). Flickr may be down for a while; try again later"
            )
        }
        guard status.stat == "ok" else {
            guard status.stat != nil else {
                throw ProviderError.invalidResponse("Flickr's answer to \(method) has no \"stat\"; it is not what its API documents")
            }
            throw error(code: status.code?.int, message: status.message ?? "no message", method: method)
        }
        do {
            return try decoder.decode(T.self, from: json)
        } catch {
            throw ProviderError.invalidResponse(
                "Flickr's answer to \(method) is not what its API documents (\(DecodingSummary.describe(error)))")
        }
    }

    /// Flickr's error codes, classified: 100 is a bad key; 105 (service unavailable), 106 (a
    /// temporary failure), 0 and 201 (undocumented, seen during outages), and search's 10 ("the
    /// search API is not currently available") are transient; getSizes' 1 is a missing photo.
    func error(code: Int?, message: String, method: String) -> ProviderError {
        let said = "Flickr error \(code.map(String.init) ?? "?"): \(scrubbed(message))"
        switch code {
        case 100:
            return .unauthorized(
                "Flickr refused the API key (\(said)). Set FLICKR_API_KEY or the provider's \"apiKey\" option to a valid key (get one at https://www.flickr.com/services/apps/create/)"
            )
        case 105, 106, 0, 201:
            return .unavailable("\(said) (\(method)); Flickr says this is temporary")
        case 10 where method == "flickr.photos.search":
            return .unavailable("\(said) (\(method)); Flickr says this is temporary")
        case 1 where method == "flickr.photos.getSizes":
            return .notFound(said)
        default:
            return .invalidResponse(said)
        }
    }

    /// `text` with the API key replaced, in case a service echoes it.
    func scrubbed(_ text: String) -> String {
        let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        return key.isEmpty ? text : text.replacingOccurrences(of: key, with: "********")
    }

    /// The JSON inside a JSONP wrapper such as `jsonFlickrApi(…)` (Flickr's answer without
    /// `nojsoncallback=1`), or the body as it is.
    static func unwrappingJSONP(_ body: Data) -> Data {
        let bytes = [UInt8](body)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) || bytes[end - 1] == 0x3B { end -= 1 }  // trailing ";"
        // A callback name: letters, digits, "_", "$" or "." up to "(".
        var open = start
        while open < end,
            bytes[open] == 0x5F || bytes[open] == 0x24 || bytes[open] == 0x2E
                || (0x30...0x39).contains(bytes[open]) || (0x41...0x5A).contains(bytes[open]) || (0x61...0x7A).contains(bytes[open])
        {
            open += 1
        }
        guard open > start, open < end, bytes[open] == 0x28, bytes[end - 1] == 0x29 else { return body }
        return Data(bytes[(open + 1)..<(end - 1)])
    }
}
