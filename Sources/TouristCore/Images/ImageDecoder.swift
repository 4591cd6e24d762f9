import VipsShim

/// Reads images with libvips, which is loaded on first use (only the commands that read pixels pay
/// the ~60 ms it takes). Only the JPEG, PNG, WebP, TIFF and HEIF loaders are allowed; every other
/// one, ImageMagick's among them, is blocked. An image's header is checked against `limits` before
/// any pixel is decoded, so a decompression bomb is an `ImageError.tooLarge`, never a crash; an
/// image libvips must decode whole is held to a lower limit, so decoding one stays within a few
/// hundred megabytes.
///
/// Reading happens on the caller's thread and blocks it: call it from blocking-I/O threads.
public struct ImageDecoder: Sendable {
    public let limits: ImageLimits

    /// Loads libvips (once per process). Throws `ImageError.libraryMissing` when it cannot be.
    public init(limits: ImageLimits = ImageLimits()) throws(ImageError) {
        var reason = Self.reasonBuffer()
        guard tourist_vips_load(&reason, reason.count) == 0 else { throw .libraryMissing(reason: Self.text(reason)) }
        self.limits = limits
    }

    /// The header of the image file at `path`: its size, orientation, frames and format.
    public func header(ofFile path: String) throws(ImageError) -> ImageHeader {
        try read(headerOf: path).header
    }

    /// The image file at `path` decoded, fitted inside `side` x `side` (never enlarged), upright, in
    /// 8-bit sRGB, its first frame: shrunk while it loads where the format allows (a JPEG at 1/8
    /// scale for a small thumbnail). Its header is returned too, after the limits allowed it.
    public func decode(file path: String, fittingWithin side: Int) throws(ImageError) -> (header: ImageHeader, image: DecodedImage) {
        var (header, raw) = try read(headerOf: path)
        guard limits.allow(header) else {
            throw .tooLarge(width: header.width, height: header.height, limit: limits)
        }
        var reason = Self.reasonBuffer()
        guard let image = tourist_vips_thumbnail_file(path, &raw, Int32(side), Int32(side), &reason, reason.count) else {
            throw .damaged(reason: Self.text(reason))
        }
        return (header, DecodedImage(image))
    }

    /// The header of the image file at `path`, and libvips' own account of it (which the decode takes).
    private func read(headerOf path: String) throws(ImageError) -> (header: ImageHeader, raw: tourist_vips_header) {
        var reason = Self.reasonBuffer()
        var raw = tourist_vips_header()
        guard tourist_vips_read_header(path, &raw, &reason, reason.count) == 0 else {
            throw .notDecodable(reason: Self.text(reason))
        }
        let loader = withUnsafeBytes(of: raw.loader) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let mimeType = ImageHeader.mimeType(ofLoader: loader)
        let header = ImageHeader(
            storedWidth: Int(raw.width), storedHeight: Int(raw.height), orientation: Int(raw.orientation),
            pages: max(1, Int(raw.pages)), mimeType: mimeType, decodedWhole: raw.interlaced != 0 || mimeType == "image/heic",
            bands: Int(raw.bands)
        )
        return (header, raw)
    }

    /// The most memory libvips has held for pixels at once in this process, in bytes.
    public static var memoryHighWater: Int { tourist_vips_memory_highwater() }

    static func reasonBuffer() -> [CChar] { [CChar](repeating: 0, count: 512) }

    static func text(_ reason: [CChar]) -> String {
        String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
