import Foundation
import TouristCore

/// An album file of the store, `index/albums/<pin>.json`, read as the store reads it
/// (`IndexCoding`, `AlbumFileDecoding`). Contract: it refuses bytes that are not UTF-8; of strict
/// JSON without a key written twice it accepts and refuses what `Album`'s `Codable` conformance
/// does, giving the same album (`JSONDecoder` checks only the values it decodes, so it passes over
/// damage in a key's second value); and an album read, written again as the store writes it, reads
/// back the same.
enum AlbumFileDoor {
    static func check(_ bytes: [UInt8]) {
        let reading = Result { () throws(IndexCoding.Damage) in try IndexCoding.decode(bytes, AlbumFileDecoding.album) }
        let decoding = Result { try IndexCoding.decoder().decode(Album.self, from: Data(bytes)) }
        let read = try? reading.get(), decoded = try? decoding.get()
        if String(validating: bytes, as: UTF8.self) == nil {
            contract(read == nil, "bytes that are not UTF-8 read as \(reading)")
        } else if let document = try? JSONParser.parse(bytes), !hasKeyTwice(document) {
            contract(read == decoded, "read as \(shown(reading)) but decoded as \(shown(decoding))")
        }
        guard let read else { return }
        guard let written = try? IndexCoding.encoder().encode(read) else {
            contract(false, "\(read) cannot be written")
            return
        }
        let again = try? IndexCoding.decode(Array(written), AlbumFileDecoding.album)
        contract(again == read, "\(read) written as \(String(decoding: written, as: UTF8.self)) reads back as \(String(describing: again))")
    }

    /// An album as the store writes it (keys sorted), or the error.
    static func shown(_ result: Result<Album, some Error>) -> String {
        switch result {
        case .success(let album): (try? IndexCoding.encoder().encode(album)).map { String(decoding: $0, as: UTF8.self) } ?? "\(album)"
        case .failure(let error): "\(error)"
        }
    }

    /// Whether an object in `value` has a key twice.
    static func hasKeyTwice(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let items): items.contains(where: hasKeyTwice)
        case .object(let members): Set(members.map(\.key)).count < members.count || members.contains { hasKeyTwice($0.value) }
        default: false
        }
    }
}
