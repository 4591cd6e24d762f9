import Foundation
import TouristCore

/// The envelope of every Flickr answer: `stat` is "ok" or "fail" (with `code` and `message`),
/// always with HTTP 200.
struct FlickrStatus: Decodable {
    let stat: String?
    let code: FlexibleNumber?
    let message: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        stat = try? container.decodeIfPresent(String.self, forKey: AnyKey("stat"))
        code = (try? container.decodeIfPresent(FlexibleNumber.self, forKey: AnyKey("code"))) ?? nil
        message = try? container.decodeIfPresent(String.self, forKey: AnyKey("message"))
    }
}

/// flickr.photos.search's answer. Every number may be a string; a photo that cannot be read is
/// skipped rather than failing the page.
struct FlickrSearchResponse: Decodable {
    struct Photos: Decodable {
        let page: FlexibleNumber?
        let pages: FlexibleNumber?
        let perpage: FlexibleNumber?
        let total: FlexibleNumber?
        let photo: [FlickrPhoto]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            func number(_ key: String) -> FlexibleNumber? {
                (try? container.decodeIfPresent(FlexibleNumber.self, forKey: AnyKey(key))) ?? nil
            }
            page = number("page")
            pages = number("pages")
            perpage = number("perpage")
            total = number("total")
            photo = (try container.decodeIfPresent([Lenient<FlickrPhoto>].self, forKey: AnyKey("photo")) ?? []).compactMap(\.value)
        }
    }

    let photos: Photos
}

/// One photo of a search, with the extras tourist asks for (`geo`, `date_taken`, `owner_name`,
/// `license`, `url_<size>`). A field that is absent or unreadable is nil.
struct FlickrPhoto: Decodable {
    let id: String
    let owner: String?
    let title: String?
    let ownerName: String?
    let license: Int?
    let dateTaken: String?
    /// Flickr's `datetakenunknown`: the camera gave no date, and `datetaken` is a guess.
    let dateTakenUnknown: Bool
    let latitude: Double?
    let longitude: Double?
    /// `url_<size>` extras, by size; a size Flickr lacks is absent.
    let urls: [PhotoSize: String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        func number(_ key: String) -> FlexibleNumber? { (try? container.decodeIfPresent(FlexibleNumber.self, forKey: AnyKey(key))) ?? nil }
        /// A string field, also when it came as a number (a title "2019" may arrive as 2019).
        func text(_ key: String) -> String? {
            if let text = try? container.decodeIfPresent(String.self, forKey: AnyKey(key)) { return text }
            return number(key)?.value.map { $0.rounded() == $0 && abs($0) < 1e15 ? String(Int($0)) : String($0) }
        }
        guard let id = text("id"), !id.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: AnyKey("id"), in: container, debugDescription: "a photo without an id")
        }
        self.id = id
        owner = text("owner")
        title = text("title")
        ownerName = text("ownername")
        license = number("license")?.int
        dateTaken = text("datetaken")
        dateTakenUnknown = number("datetakenunknown")?.int == 1
        latitude = number("latitude")?.value
        longitude = number("longitude")?.value
        var urls: [PhotoSize: String] = [:]
        for key in container.allKeys {
            if let size = FlickrSizes.size(forExtraKey: key.stringValue), let url = try? container.decode(String.self, forKey: key),
                !url.isEmpty
            {
                urls[size] = url
            }
        }
        self.urls = urls
    }
}
