/// How large an image tourist decodes. Photos come from strangers: a few kilobytes can declare an
/// image of billions of pixels (a decompression bomb), so the header is checked against these
/// before any pixel is decoded, and a photo over them is rejected like any unusable photo.
///
/// The defaults take every camera and phone photo (a 200-megapixel phone photo, a 150-megapixel
/// medium-format one) and a panorama up to 60,000 pixels wide. An image libvips must decode whole
/// (`ImageHeader.decodedWhole`: a progressive JPEG, an interlaced PNG, a HEIF) costs about 7 bytes
/// a pixel while it decodes, whatever the size asked for, so it may have at most 50 megapixels
/// (every phone's HEIC; about 350 MB); any other is decoded in strips, in a few tens of megabytes.
public struct ImageLimits: Sendable, Equatable, Codable {
    /// The most pixels an image may have (its first frame).
    public var maxPixels: Int
    /// The longest side an image may have, in pixels.
    public var maxSide: Int
    /// The most pixels an image libvips must decode whole may have.
    public var maxPixelsDecodedWhole: Int

    public init(maxPixels: Int = 210_000_000, maxSide: Int = 60_000, maxPixelsDecodedWhole: Int = 50_000_000) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
        self.maxPixelsDecodedWhole = maxPixelsDecodedWhole
    }

    /// Whether the image `header` describes is within the limits (its first frame as stored).
    public func allow(_ header: ImageHeader) -> Bool {
        allow(width: header.storedWidth, height: header.storedHeight)
            && (!header.decodedWhole || header.storedWidth * header.storedHeight <= maxPixelsDecodedWhole)
    }

    /// Whether an image of `width` x `height` is within the limits.
    public func allow(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= maxPixels
    }
}
