import Foundation
import TouristCore

/// The envelope of every Flickr answer: `stat` is "ok" or "fail" (with `code` and `message`),
/// always with HTTP 200.
struct FlickrStatus: Decodable {
    let stat: String
    let code: FlexibleNumber?
    let message: String?
}

/// flickr.photos.search's answer.
struct FlickrSearchResponse: Decodable {
    struct Photos: Decodable {
        let page: FlexibleNumber?
        let pages: FlexibleNumber?
        let perpage: FlexibleNumber?
        let total: FlexibleNumber?
        let photo: [FlickrPhoto]
    }

    let photos: Photos
}

/// One photo of a search, with the extras tourist asks for.
struct FlickrPhoto: Decodable {
    let id: String
    let owner: String?
    let title: String?
    let ownerName: String?
    let license: Int?
    let dateTaken: String?
    let latitude: Double?
    let longitude: Double?
    /// `url_<letter>` extras, by size; a size Flickr lacks is absent.
    let urls: [PhotoSize: String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        func text(_ key: String) -> String? { try? container.decodeIfPresent(String.self, forKey: AnyKey(key)) }
        func number(_ key: String) -> FlexibleNumber? { (try? container.decodeIfPresent(FlexibleNumber.self, forKey: AnyKey(key))) ?? nil }
        if let id = text("id") {
            self.id = id
        } else if let id = number("id")?.int {
            self.id = String(id)
        } else {
            throw DecodingError.dataCorruptedError(forKey: AnyKey("id"), in: container, debugDescription: "a photo without an id")
        }
        owner = text("owner")
        title = text("title")
        ownerName = text("ownername")
        license = number("license")?.int
        dateTaken = text("datetaken")
        latitude = number("latitude")?.value
        longitude = number("longitude")?.value
        var urls: [PhotoSize: String] = [:]
        for key in container.allKeys where key.stringValue.hasPrefix("url_") {
            if let size = PhotoSize(rawValue: String(key.stringValue.dropFirst(4))), let url = text(key.stringValue), !url.isEmpty {
                urls[size] = url
            }
        }
        self.urls = urls
    }
}

/// flickr.photos.getSizes's answer.
struct FlickrSizesResponse: Decodable {
    struct Sizes: Decodable {
        let size: [Size]
    }

    struct Size: Decodable {
        let label: String
        let source: String
    }

    let sizes: Sizes

    /// Flickr's size labels and the letters tourist names them by.
    static let letters: [String: PhotoSize] = [
        "Square": .square75, "Large Square": .square150, "Thumbnail": .thumbnail, "Small": .small240, "Small 320": .small320,
        "Small 400": .small400, "Medium 640": .medium640, "Medium 800": .medium800, "Large": .large1024,
        "Large 1600": .large1600, "Large 2048": .large2048, "Original": .original,
    ]
}
