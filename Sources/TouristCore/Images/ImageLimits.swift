/// How large an image tourist decodes. Photos come from strangers: a few kilobytes can declare an
/// image of billions of pixels (a decompression bomb), so the header is checked against these
/// before any pixel is decoded, and a photo over them is rejected like any unusable photo.
///
/// The defaults take every camera and phone photo (a 200-megapixel phone photo, a 150-megapixel
/// medium-format one) and a panorama up to 60,000 pixels wide.
public struct ImageLimits: Sendable, Equatable, Codable {
    /// The most pixels an image may have (its first frame).
    public var maxPixels: Int
    /// The longest side an image may have, in pixels.
    public var maxSide: Int

    public init(maxPixels: Int = 210_000_000, maxSide: Int = 60_000) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
    }

    /// Whether an image of `width` x `height` is within the limits.
    public func allow(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maxSide && height <= maxSide
            && width.multipliedReportingOverflow(by: height).partialValue <= maxPixels
    }
}
