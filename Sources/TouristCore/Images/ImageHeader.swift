/// What an image's header says, read without decoding a pixel.
public struct ImageHeader: Sendable, Equatable {
    /// The first frame's size as stored, before its EXIF orientation is applied.
    public var storedWidth: Int
    public var storedHeight: Int
    /// The EXIF orientation, 1 (upright) to 8.
    public var orientation: Int
    /// Frames of an animation, pages of a multi-page TIFF; 1 for a still image.
    public var pages: Int
    /// The format, as a MIME type: "image/jpeg", "image/png", "image/webp", "image/tiff", "image/heic"
    /// (HEIF and AVIF both).
    public var mimeType: String
    /// Whether libvips holds the whole image while decoding it, whatever size is asked for: a
    /// progressive JPEG (libjpeg keeps every coefficient), an interlaced PNG, any HEIF (libheif
    /// decodes it whole). Such an image is held to `ImageLimits.maxPixelsDecodedWhole`.
    public var decodedWhole = false
    /// The bands of its pixels: 1 grey, 2 grey with transparency, 3 RGB, 4 RGB with transparency or CMYK.
    public var bands = 3

    /// The width as the photo is seen (its orientation applied: 5 to 8 turn it a quarter).
    public var width: Int { turnsAQuarter ? storedHeight : storedWidth }
    /// The height as the photo is seen.
    public var height: Int { turnsAQuarter ? storedWidth : storedHeight }

    private var turnsAQuarter: Bool { (5...8).contains(orientation) }

    /// The MIME type of what libvips' loader `loader` ("jpegload", "heifload", …) reads.
    static func mimeType(ofLoader loader: String) -> String {
        switch loader.replacingOccurrences(of: "_source", with: "").replacingOccurrences(of: "_buffer", with: "") {
        case "jpegload": "image/jpeg"
        case "pngload": "image/png"
        case "webpload": "image/webp"
        case "tiffload": "image/tiff"
        case "heifload": "image/heic"
        default: "application/octet-stream"
        }
    }
}
