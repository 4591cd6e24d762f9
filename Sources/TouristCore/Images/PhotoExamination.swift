/// What decoding a photo once tells and makes: its size and format as seen (orientation applied),
/// and its derived images (`ImageRecipe.current`), encoded. The photo is decoded at the preview's
/// size (shrunk while it loads), and the thumbnail is made from that. Done where a photo enters the
/// store (`AlbumFetcher`) and where an older photo gets its derived images (`Store.makeDerivedImages`).
/// Decoding blocks: run it on a `BlockingIO` thread.
public struct PhotoExamination: Sendable {
    /// One derived image, encoded, before it is stored.
    public struct Encoded: Sendable {
        public let recipe: ImageRecipe
        public let bytes: [UInt8]
        public let width: Int
        public let height: Int
    }

    /// The photo's header: its size as seen (`width`, `height`), its format (`mimeType`).
    public let header: ImageHeader
    /// The thumbnail's pixels, before encoding (what a perceptual hash is computed from).
    public let thumbnail: DecodedImage
    /// The derived images of every current recipe.
    public let images: [Encoded]

    /// What the photo looks like, from its thumbnail's pixels (as every photo entering an album is
    /// compared); nil when it has no layout to compare (`PerceptualHash.init(of:)`).
    public func look() throws(ImageError) -> PerceptualHash? {
        try PerceptualHash(of: thumbnail)
    }

    /// Decodes the image file at `path` with `decoder` and makes its derived images. A photo that
    /// cannot be decoded, or is over the decoder's limits, throws an `ImageError` that
    /// `isPhotoProblem`; a missing libvips throws `libraryMissing`.
    public static func examine(file path: String, decoder: ImageDecoder) throws(ImageError) -> PhotoExamination {
        let (header, decoded) = try decoder.decode(file: path, fittingWithin: ImageRecipe.preview.longest)
        var images: [Encoded] = []
        var thumbnail = decoded
        for recipe in ImageRecipe.current {
            let image = try decoded.fitted(within: recipe.box(width: decoded.width, height: decoded.height))
            if recipe.kind == .thumbnail { thumbnail = image }
            images.append(
                Encoded(
                    recipe: recipe, bytes: try image.encoded(as: recipe.encoding, quality: recipe.quality), width: image.width,
                    height: image.height))
        }
        return PhotoExamination(header: header, thumbnail: thumbnail, images: images)
    }
}
