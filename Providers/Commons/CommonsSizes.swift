import TouristCore

/// The widths Commons makes thumbnails at, and tourist's sizes on them.
///
/// The image servers make thumbnails only at the standard widths 20, 40, 60, 120, 250, 330, 500,
/// 960, 1280, 1920 and 3840 px (other widths are refused), and the API's `iiurlwidth` rounds up to
/// one of them. A tourist size is fetched at the smallest standard width at least as large as its
/// longest edge; Commons thumbnails are never cropped square, and their height follows the photo:
///
/// | size | tourist px | Commons width |
/// |------|-----------:|--------------:|
/// | s    | 75 square  | 120           |
/// | t    | 100        | 120           |
/// | q    | 150 square | 250           |
/// | m    | 240        | 250           |
/// | n    | 320        | 330           |
/// | w    | 400        | 500           |
/// | z    | 640        | 960           |
/// | c    | 800        | 960           |
/// | b    | 1024       | 1280          |
/// | h    | 1600       | 1920          |
/// | k    | 2048       | 3840          |
/// | o    | original   | the file itself, checked against its SHA-1 |
///
/// A width at or above the original's gives the original (Commons does not enlarge).
enum CommonsSizes {
    static let standardWidths = [20, 40, 60, 120, 250, 330, 500, 960, 1280, 1920, 3840]

    /// tourist's sizes by their longest edge in pixels (the original has none).
    static let edges: [PhotoSize: Int] = [
        .square75: 75, .thumbnail: 100, .square150: 150, .small240: 240, .small320: 320, .small400: 400,
        .medium640: 640, .medium800: 800, .large1024: 1024, .large1600: 1600, .large2048: 2048,
    ]

    /// The standard width `size` is fetched at; nil for the original.
    static func width(for size: PhotoSize) -> Int? {
        guard let edge = edges[size] else { return nil }
        return standardWidths.first { $0 >= edge } ?? standardWidths.last
    }

    /// The sizes worth listing for a file `originalWidth` pixels wide: those whose width is below the
    /// original's (larger ones would give the original itself), and the original.
    static func sizes(originalWidth: Int?) -> [PhotoSize] {
        PhotoSize.allCases.filter { size in
            guard let width = width(for: size) else { return true }
            return originalWidth.map { width < $0 } ?? true
        }
    }
}
