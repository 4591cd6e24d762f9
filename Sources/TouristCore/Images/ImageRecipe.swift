/// How a derived image is made from a decoded photo: its size, encoding and quality. Sizes are for
/// screens of 2 device pixels per CSS pixel, from the pages' CSS (Web/app.css):
/// - a grid tile is a square of at most about 200 px (`.album-grid`: columns of at least 160 px
///   in a page of at most 1,280), filled by the photo (`object-fit: cover`), so a thumbnail's
///   shorter side is 400 px, its longer side at most 800 (a panorama is cut, not made huge);
/// - the photo page shows the photo at most 872 px wide (the page less the 340 px column of facts)
///   and at most the window's height less 170 px, so a preview's longer side is 1,800 px.
/// A thumbnail is WebP (about a third smaller than JPEG at the same look, shown by every current
/// browser), at most tens of kilobytes; a preview is JPEG. Neither is ever larger than the photo.
public struct ImageRecipe: Sendable, Equatable {
    public let kind: DerivedImage.Kind
    /// Thumbnail: the shorter side wanted; preview: the longer side.
    public let side: Int
    /// The longer side at most.
    public let longest: Int
    public let encoding: DecodedImage.Encoding
    public let quality: Int
    /// Raised whenever what the recipe makes changes without its numbers changing.
    public let version: Int

    /// Its id, kept with each image it made: "thumbnail-400-webp-q75-v2" (v2: encoded with
    /// libwebp's effort 2, where v1 took its default 4: twice the time for 1-6 % fewer bytes).
    public var id: String { "\(kind.rawValue)-\(side)-\(encoding.rawValue)-q\(quality)-v\(version)" }

    public static let thumbnail = ImageRecipe(kind: .thumbnail, side: 400, longest: 800, encoding: .webp, quality: 75, version: 2)
    public static let preview = ImageRecipe(kind: .preview, side: 1800, longest: 1800, encoding: .jpeg, quality: 82, version: 1)

    /// The recipes every stored photo has an image of.
    public static let current: [ImageRecipe] = [.thumbnail, .preview]

    /// The current recipe of `kind`.
    public static func current(_ kind: DerivedImage.Kind) -> ImageRecipe {
        kind == .thumbnail ? thumbnail : preview
    }

    /// The square `DecodedImage.fitted(within:)` fits an image of `width` × `height` into: the
    /// longer side for a preview; for a thumbnail, what makes the shorter side `side`, within `longest`.
    func box(width: Int, height: Int) -> Int {
        guard kind == .thumbnail, width > 0, height > 0 else { return longest }
        let (long, short) = (max(width, height), min(width, height))
        return min(longest, (side * long + short - 1) / short)
    }
}
