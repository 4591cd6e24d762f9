/// Why an image could not be read or made smaller. A photo with one of these is unusable as a
/// photo (`isPhotoProblem`), except when the image library itself is missing.
public enum ImageError: ClassifiedError, Equatable, Sendable {
    /// libvips could not be loaded (not installed, or too old); `reason` is the loader's.
    case libraryMissing(reason: String)
    /// The bytes are not an image in a format tourist decodes (JPEG, PNG, WebP, TIFF, HEIF/AVIF).
    case notDecodable(reason: String)
    /// The image is damaged (truncated, corrupt data).
    case damaged(reason: String)
    /// The image is larger than tourist decodes (a decompression bomb, or a giant scan).
    case tooLarge(width: Int, height: Int, limit: ImageLimits)

    public var failureClass: FailureClass {
        switch self {
        case .libraryMissing: .unavailable
        case .notDecodable, .damaged, .tooLarge: .badData
        }
    }

    public var facts: String {
        switch self {
        case .libraryMissing(let reason):
            "the image library libvips could not be loaded (\(reason))"
        case .notDecodable(let reason):
            "not an image tourist can decode (JPEG, PNG, WebP, TIFF or HEIF): \(reason)"
        case .damaged(let reason):
            "the image is damaged: \(reason)"
        case .tooLarge(let width, let height, let limit) where limit.allow(width: width, height: height):
            "the image is \(width)×\(height) pixels and must be decoded whole (a progressive JPEG, an interlaced PNG "
                + "or a HEIF image), more than the \(limit.maxPixelsDecodedWhole / 1_000_000)-megapixel limit for those"
        case .tooLarge(let width, let height, let limit):
            "the image is \(width)×\(height) pixels, more than the \(limit.maxPixels / 1_000_000)-megapixel limit "
                + "(at most \(limit.maxSide) pixels a side)"
        }
    }

    public var remedy: Remedy? {
        switch self {
        case .libraryMissing: Remedy(.installPackage("libvips42"))
        case .notDecodable, .damaged, .tooLarge: nil
        }
    }

    public var description: String { factsAndRemedy }

    /// Whether the photo itself is the problem (so another photo should take its place), rather
    /// than this machine.
    public var isPhotoProblem: Bool {
        if case .libraryMissing = self { return false }
        return true
    }
}
