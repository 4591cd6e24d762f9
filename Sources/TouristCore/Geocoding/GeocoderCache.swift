import Crypto
import Foundation

/// The geocoder's answers kept in the store's state folder, so a name is asked online once: one
/// file per question, `<folder>/<sha256>.json`, named by the hash of the server's search address,
/// the language asked for and the normalized query (`normalized`), and written atomically
/// (temporary file, fsync, rename, fsync the folder), so a crash leaves the old answer or the new,
/// and concurrent processes never see half of one. Answers that found nothing are kept too. An
/// answer older than `maxAge` is asked again (OpenStreetMap changes); a file that cannot be read
/// as an answer to that question counts as none and is replaced by the next answer.
struct GeocoderCache: Sendable {
    let folder: String
    /// How long an answer is used: 90 days.
    static let maxAge = 90.0 * 24 * 3600

    /// One kept answer, with the question it answers (checked on reading).
    struct Entry: Codable, Equatable {
        let endpoint: String
        let language: String?
        let query: String
        /// Unix time of the answer.
        let fetchedAt: Double
        let places: [GeocodedPlace]
    }

    /// A query as its answer is kept: white space trimmed and runs of it made one space, in lower
    /// case (Nominatim ignores case), so "Eiffel  Tower" and "eiffel tower" are one question.
    static func normalized(_ query: String) -> String {
        query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The file holding the answer to `query` at `endpoint` in `language`.
    func path(endpoint: String, language: String?, query: String) -> String {
        let question = [endpoint, language ?? "", Self.normalized(query)].joined(separator: "\n")
        let digest = SHA256.hash(data: Data(question.utf8)).map { String(format: "%02x", $0) }.joined()
        return "\(folder)/\(digest).json"
    }

    /// The kept places for `query`, or nil when none are kept, they are older than `maxAge`, or
    /// the file does not hold this question's answer.
    func places(endpoint: String, language: String?, query: String, now: Double = Date().timeIntervalSince1970) -> [GeocodedPlace]? {
        guard let bytes = try? FileSystem.read(path(endpoint: endpoint, language: language, query: query)),
            let entry = try? JSONDecoder().decode(Entry.self, from: Data(bytes)),
            entry.endpoint == endpoint, entry.language == language, entry.query == Self.normalized(query),
            now - entry.fetchedAt < Self.maxAge
        else { return nil }
        return entry.places
    }

    /// Keeps `places` as the answer to `query`, replacing any older one.
    func keep(_ places: [GeocodedPlace], endpoint: String, language: String?, query: String, now: Double = Date().timeIntervalSince1970)
        throws(StoreError)
    {
        let entry = Entry(endpoint: endpoint, language: language, query: Self.normalized(query), fetchedAt: now, places: places)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes: Data
        do {
            bytes = try encoder.encode(entry)
        } catch {
            throw StoreError(.io, "cannot encode the geocoder's answer: \(error)")
        }
        try FileSystem.makeDirectory(folder)
        try FileSystem.writeAtomically(Array(bytes), to: path(endpoint: endpoint, language: language, query: query))
    }
}
