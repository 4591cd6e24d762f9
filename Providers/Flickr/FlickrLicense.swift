/// Flickr's license numbers (flickr.photos.licenses.getInfo) and their names.
enum FlickrLicense {
    static let names: [Int: String] = [
        0: "All Rights Reserved", 1: "CC BY-NC-SA 2.0", 2: "CC BY-NC 2.0", 3: "CC BY-NC-ND 2.0", 4: "CC BY 2.0",
        5: "CC BY-SA 2.0", 6: "CC BY-ND 2.0", 7: "No known copyright restrictions", 8: "United States Government Work",
        9: "CC0 1.0", 10: "Public Domain Mark 1.0", 11: "CC BY 4.0", 12: "CC BY-SA 4.0", 13: "CC BY-ND 4.0",
        14: "CC BY-NC 4.0", 15: "CC BY-NC-SA 4.0", 16: "CC BY-NC-ND 4.0",
    ]

    /// The name of license `id`, or "Flickr license N" for a number this build does not know.
    static func name(_ id: Int) -> String { names[id] ?? "Flickr license \(id)" }
}
