import Foundation

/// One answer of the MediaWiki Action API to `action=query&format=json&formatversion=2`: the pages
/// (an array in format version 2), what is still due (`continue`), or an `error`.
struct CommonsQueryResponse: Decodable {
    struct Query: Decodable {
        let pages: [CommonsPage]?
    }

    /// `{"code", "info"}`; the API sends it with HTTP 200 and a `MediaWiki-API-Error` header.
    struct APIError: Decodable {
        let code: String
        let info: String?
        /// Seconds of replication lag, in a `maxlag` error.
        let lag: Double?
    }

    let query: Query?
    /// The parameters to send again for the rest of the answer (`iicontinue`, `cocontinue`,
    /// `continue`); absent when nothing more is due.
    let `continue`: [String: String]?
    let error: APIError?
}

/// A page of the answer: a file page (namespace 6) with its coordinates and image info, as far as
/// this response carries them (the rest come with the continuation).
struct CommonsPage: Decodable {
    struct Coordinate: Decodable {
        let lat: Double
        let lon: Double
        let primary: Bool?
        /// Metres from `codistancefrompoint`.
        let dist: Double?
    }

    struct ImageInfo: Decodable {
        let url: String?
        let thumburl: String?
        let thumbwidth: Int?
        let width: Int?
        let height: Int?
        let size: Int?
        let mime: String?
        let sha1: String?
        let timestamp: String?
        let user: String?
        let descriptionurl: String?
        let extmetadata: [String: MetadataValue]?
    }

    /// An `extmetadata` entry: `{"value", "source", "hidden"}`. Values are mostly strings (often
    /// HTML), sometimes numbers or booleans; they are read as text.
    struct MetadataValue: Decodable {
        let value: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try? container.decode(String.self, forKey: .value) {
                value = text
            } else if let number = try? container.decode(Double.self, forKey: .value) {
                // A whole number as an integer where one holds it (4000, not 4000.0); else as it is.
                value = Int(exactly: number).map(String.init) ?? String(number)
            } else if let flag = try? container.decode(Bool.self, forKey: .value) {
                value = flag ? "true" : "false"
            } else {
                value = nil
            }
        }

        private enum CodingKeys: String, CodingKey { case value }
    }

    let pageid: Int?
    let ns: Int?
    let title: String
    let missing: Bool?
    let invalid: Bool?
    let coordinates: [Coordinate]?
    let imageinfo: [ImageInfo]?
}

extension CommonsPage {
    private enum CodingKeys: String, CodingKey { case pageid, ns, title, missing, invalid, coordinates, imageinfo }

    /// A page asked for by an id that does not exist comes without a title: it is named by its id.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pageid = try container.decodeIfPresent(Int.self, forKey: .pageid)
        self.init(
            pageid: pageid, ns: try container.decodeIfPresent(Int.self, forKey: .ns),
            title: try container.decodeIfPresent(String.self, forKey: .title) ?? "page \(pageid.map(String.init) ?? "?")",
            missing: try container.decodeIfPresent(Bool.self, forKey: .missing),
            invalid: try container.decodeIfPresent(Bool.self, forKey: .invalid),
            coordinates: try container.decodeIfPresent([Coordinate].self, forKey: .coordinates),
            imageinfo: try container.decodeIfPresent([ImageInfo].self, forKey: .imageinfo)
        )
    }
}
