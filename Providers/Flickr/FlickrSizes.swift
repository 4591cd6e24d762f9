import Foundation
import TouristCore

/// flickr.photos.getSizes's answer: every size of one photo with its own URL. Sizes from `h` up
/// have their own ("original") secret, so their URLs are only known from here.
struct FlickrSizesResponse: Decodable {
    struct Sizes: Decodable {
        let size: [Size]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // An entry that cannot be read is skipped, not the whole answer.
            size = (try container.decodeIfPresent([Lenient<Size>].self, forKey: .size) ?? []).compactMap(\.value)
        }

        private enum CodingKeys: String, CodingKey { case size }
    }

    struct Size: Decodable {
        let label: String
        let source: String
        /// The size's page for people: https://www.flickr.com/photos/OWNER/ID/sizes/X/.
        let url: String?
    }

    let sizes: Sizes
}

/// How Flickr names sizes, and what tourist calls them.
enum FlickrSizes {
    /// getSizes labels and the size letters tourist names them by; other labels ("Medium" 500,
    /// "Large 3072", video sizes…) are ignored.
    static let byLabel: [String: PhotoSize] = [
        "Square": .square75, "Large Square": .square150, "Thumbnail": .thumbnail, "Small": .small240, "Small 320": .small320,
        "Small 400": .small400, "Medium 640": .medium640, "Medium 800": .medium800, "Large": .large1024,
        "Large 1600": .large1600, "Large 2048": .large2048, "Original": .original,
    ]

    /// Search extras are not named by the URL suffix letters tourist uses: Flickr's `url_sq` is the
    /// 75 px square (suffix s), `url_s` the 240 px small (suffix m), `url_l` the 1024 px large
    /// (suffix b), and `url_m` the 500 px medium, which has no suffix and no tourist size. The
    /// other extras match their suffix (`url_t`, `url_q`, `url_n`, `url_w`, `url_z`, `url_c`,
    /// `url_h`, `url_k`, `url_o`).
    static let extraNames: [PhotoSize: String] = [
        .square75: "url_sq", .thumbnail: "url_t", .square150: "url_q", .small240: "url_s", .small320: "url_n",
        .small400: "url_w", .medium640: "url_z", .medium800: "url_c", .large1024: "url_l", .large1600: "url_h",
        .large2048: "url_k", .original: "url_o",
    ]

    private static let sizesByExtra = Dictionary(uniqueKeysWithValues: extraNames.map { ($1, $0) })

    /// The search extra that asks for `size`'s URL, and the key the answer carries it under.
    static func extra(for size: PhotoSize) -> String { extraNames[size] ?? "url_\(size.rawValue)" }

    /// The size a search answer's `url_…` key names, or nil for a key of another kind (or the
    /// 500 px `url_m`, which tourist has no size for).
    static func size(forExtraKey key: String) -> PhotoSize? { sizesByExtra[key] }

    /// The owner (NSID or path alias) in a getSizes entry's page URL, when it is photo `id`'s page
    /// on www.flickr.com.
    static func owner(inSizePage text: String?, photo id: String) -> String? {
        guard let text, let url = URL(string: text), url.host?.lowercased() == "www.flickr.com" else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        guard parts.count >= 3, parts[0] == "photos", parts[2] == id, !parts[1].isEmpty else { return nil }
        return parts[1]
    }
}

extension FlickrSizesResponse {
    /// Every size of photo `id` listed with its own URL (a web URL, as `candidates` checks it), and
    /// the owner when the answer names it.
    func listed(photo id: String, candidates: FlickrCandidates) -> (urls: [PhotoSize: URL], owner: String?) {
        var urls: [PhotoSize: URL] = [:]
        var owner: String?
        for entry in sizes.size {
            owner = owner ?? FlickrSizes.owner(inSizePage: entry.url, photo: id)
            guard let size = FlickrSizes.byLabel[entry.label], let url = candidates.webURL(entry.source, photo: id) else { continue }
            urls[size] = url
        }
        return (urls, owner)
    }
}
