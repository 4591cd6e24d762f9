import VipsShim

/// An image decoded into memory by libvips (8-bit sRGB or greyscale, upright, one frame), to be
/// made smaller, encoded, or reduced to grey pixels. Not shared between threads while in use.
public final class DecodedImage: @unchecked Sendable {
    private let image: UnsafeMutableRawPointer

    init(_ image: UnsafeMutableRawPointer) {
        self.image = image
    }

    deinit { tourist_vips_release(image) }

    /// Its size in pixels.
    public var width: Int { size.width }
    public var height: Int { size.height }

    private var size: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        tourist_vips_size(image, &width, &height)
        return (Int(width), Int(height))
    }

    /// The image fitted inside `side` x `side`, never enlarged.
    public func fitted(within side: Int) throws(ImageError) -> DecodedImage {
        var reason = ImageDecoder.reasonBuffer()
        guard let shrunk = tourist_vips_shrink(image, Int32(side), Int32(side), &reason, reason.count) else {
            throw .damaged(reason: ImageDecoder.text(reason))
        }
        return DecodedImage(shrunk)
    }

    /// The encodings `encoded(as:quality:)` makes.
    public enum Encoding: String, Sendable, Codable {
        case jpeg, webp

        /// The MIME type of an image so encoded.
        public var mimeType: String { self == .jpeg ? "image/jpeg" : "image/webp" }
    }

    /// The image encoded (no metadata; JPEG flattened onto white, progressive) at `quality` (1-100).
    public func encoded(as encoding: Encoding, quality: Int) throws(ImageError) -> [UInt8] {
        var reason = ImageDecoder.reasonBuffer()
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        let kind = encoding == .jpeg ? TOURIST_VIPS_JPEG : TOURIST_VIPS_WEBP
        guard tourist_vips_encode(image, kind, Int32(quality), &bytes, &length, &reason, reason.count) == 0, let bytes else {
            throw .damaged(reason: ImageDecoder.text(reason))
        }
        defer { tourist_vips_free(bytes) }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// Its pixels as decoded (8 bits a sample), row by row with `bands` samples each (3: sRGB,
    /// 1: greyscale, one more with transparency): what tests check colours with.
    func pixels() throws(ImageError) -> (bands: Int, bytes: [UInt8]) {
        try withPixels { bands, bytes in (bands, Array(bytes)) }
    }

    /// The image squeezed to `side` x `side` grey pixels and to `colourSide` x `colourSide` sRGB
    /// colours (`PixelSquares`): what a perceptual hash is computed from.
    func squares(side: Int, colourSide: Int) throws(ImageError) -> PixelSquares {
        let (width, height) = size
        let squares = try withPixels { bands, bytes in
            PixelSquares(pixels: bytes, width: width, height: height, bands: bands, side: side, colourSide: colourSide)
        }
        guard let squares else { throw .damaged(reason: "the image's pixels are not the \(width) × \(height) it has") }
        return squares
    }

    /// `body` given its pixels (as `pixels()` has them), lent by libvips, never copied.
    private func withPixels<Result>(_ body: (Int, UnsafeRawBufferPointer) -> Result) throws(ImageError) -> Result {
        var reason = ImageDecoder.reasonBuffer()
        var bands: Int32 = 0
        var length = 0
        guard let bytes = tourist_vips_pixels(image, &bands, &length, &reason, reason.count) else {
            throw .damaged(reason: ImageDecoder.text(reason))
        }
        return withExtendedLifetime(self) { body(Int(bands), UnsafeRawBufferPointer(start: bytes, count: length)) }
    }
}
