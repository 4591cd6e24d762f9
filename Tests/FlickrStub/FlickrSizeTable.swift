/// Flickr's photo sizes as the fake serves them: URL suffix letter, getSizes label, the code of the
/// size's page on www.flickr.com, the search extra that names it, and its dimensions.
struct FlickrSizeTable {
    /// The URL suffix letter (s q t m n w z c b h k o).
    let letter: String
    /// getSizes' label ("Square", "Small 320"…).
    let label: String
    /// The last part of https://www.flickr.com/photos/OWNER/ID/sizes/CODE/.
    let pageCode: String
    /// The search extra that carries its URL: not always `url_` + letter (`url_sq` is s, `url_s` is
    /// m, `url_l` is b; `url_m` is the 500 px size, which has no letter and which the fake never has).
    let extra: String
    let width: Int
    let height: Int

    /// Every size, smallest first (getSizes' order). Landscape 4:3 photos, 4000 × 3000 originals.
    static let all: [FlickrSizeTable] = [
        .init(letter: "s", label: "Square", pageCode: "sq", extra: "url_sq", width: 75, height: 75),
        .init(letter: "q", label: "Large Square", pageCode: "q", extra: "url_q", width: 150, height: 150),
        .init(letter: "t", label: "Thumbnail", pageCode: "t", extra: "url_t", width: 100, height: 75),
        .init(letter: "m", label: "Small", pageCode: "s", extra: "url_s", width: 240, height: 180),
        .init(letter: "n", label: "Small 320", pageCode: "n", extra: "url_n", width: 320, height: 240),
        .init(letter: "w", label: "Small 400", pageCode: "w", extra: "url_w", width: 400, height: 300),
        .init(letter: "z", label: "Medium 640", pageCode: "z", extra: "url_z", width: 640, height: 480),
        .init(letter: "c", label: "Medium 800", pageCode: "c", extra: "url_c", width: 800, height: 600),
        .init(letter: "b", label: "Large", pageCode: "l", extra: "url_l", width: 1024, height: 768),
        .init(letter: "h", label: "Large 1600", pageCode: "h", extra: "url_h", width: 1600, height: 1200),
        .init(letter: "k", label: "Large 2048", pageCode: "k", extra: "url_k", width: 2048, height: 1536),
        .init(letter: "o", label: "Original", pageCode: "o", extra: "url_o", width: 4000, height: 3000),
    ]

    /// The size a search extra names, if the fake can have it.
    static func size(forExtra extra: String) -> FlickrSizeTable? { all.first { $0.extra == extra } }

    /// Sizes h, k and o use the photo's original secret, the others its secret.
    static func usesOriginalSecret(_ letter: String) -> Bool { ["h", "k", "o"].contains(letter) }
}
