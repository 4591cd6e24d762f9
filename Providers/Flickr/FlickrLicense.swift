import Foundation

/// Flickr's license numbers (flickr.photos.licenses.getInfo) and their names.
enum FlickrLicense {
    static let names: [Int: String] = [
        0: "All Rights Reserved", 1: "CC BY-NC-SA 2.0", 2: "CC BY-NC 2.0", 3: "CC BY-NC-ND 2.0", 4: "CC BY 2.0",
        5: "CC BY-SA 2.0", 6: "CC BY-ND 2.0", 7: "No known copyright restrictions", 8: "United States Government Work",
        9: "CC0 1.0", 10: "Public Domain Mark 1.0", 11: "CC BY 4.0", 12: "CC BY-SA 4.0", 13: "CC BY-ND 4.0",
        14: "CC BY-NC 4.0", 15: "CC BY-NC-SA 4.0", 16: "CC BY-NC-ND 4.0",
    ]

    /// The legal code of the Creative Commons licenses and marks among them (creditLine links to it).
    static let urls: [Int: String] = [
        1: "https://creativecommons.org/licenses/by-nc-sa/2.0/", 2: "https://creativecommons.org/licenses/by-nc/2.0/",
        3: "https://creativecommons.org/licenses/by-nc-nd/2.0/", 4: "https://creativecommons.org/licenses/by/2.0/",
        5: "https://creativecommons.org/licenses/by-sa/2.0/", 6: "https://creativecommons.org/licenses/by-nd/2.0/",
        9: "https://creativecommons.org/publicdomain/zero/1.0/", 10: "https://creativecommons.org/publicdomain/mark/1.0/",
        11: "https://creativecommons.org/licenses/by/4.0/", 12: "https://creativecommons.org/licenses/by-sa/4.0/",
        13: "https://creativecommons.org/licenses/by-nd/4.0/", 14: "https://creativecommons.org/licenses/by-nc/4.0/",
        15: "https://creativecommons.org/licenses/by-nc-sa/4.0/", 16: "https://creativecommons.org/licenses/by-nc-nd/4.0/",
    ]

    /// The URL of license `id`'s text, for the Creative Commons ones.
    static func url(_ id: Int) -> URL? { urls[id].flatMap(URL.init(string:)) }

    /// The name of license `id`, or "Flickr license N" for a number this build does not know.
    static func name(_ id: Int) -> String { names[id] ?? "Flickr license \(id)" }
}
