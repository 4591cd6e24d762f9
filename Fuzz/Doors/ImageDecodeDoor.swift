import TouristCore

/// A photo's bytes through libvips, as tourist makes its images: written to a temporary file (under
/// `TMPDIR`), its header read, then decoded fitted within 64 pixels, fitted smaller, encoded as JPEG
/// and WebP and hashed as it looks (`PerceptualHash`). Limits of one megapixel keep each input quick. Contract:
/// no crash, no sanitizer report (libFuzzer's malloc limit catches a bomb that allocates), every
/// failure an `ImageError` of the photo (never "library missing" once loaded), a header within the
/// limits before anything is decoded, and images of the sizes asked for.
enum ImageDecodeDoor {
    static let limits = ImageLimits(maxPixels: 1_000_000, maxSide: 4096)

    static func check(_ bytes: [UInt8]) {
        let decoder: ImageDecoder
        do {
            decoder = try ImageDecoder(limits: limits)
        } catch {
            fatalError("libvips is needed by the image-decode door: \(error)")
        }
        FuzzFile.with(bytes) { path in
            do throws(ImageError) {
                let header = try decoder.header(ofFile: path)
                contract(header.width > 0 && header.height > 0 && (1...8).contains(header.orientation), "header \(header)")
                let (decoded, image) = try decoder.decode(file: path, fittingWithin: 64)
                contract(limits.allow(width: decoded.storedWidth, height: decoded.storedHeight), "decoded over the limits: \(decoded)")
                contract(
                    image.width > 0 && image.height > 0 && image.width <= 64 && image.height <= 64,
                    "decoded \(image.width)×\(image.height) fitted within 64")
                let smaller = try image.fitted(within: 16)
                contract(smaller.width <= 16 && smaller.height <= 16, "fitted \(smaller.width)×\(smaller.height) within 16")
                for encoding in [DecodedImage.Encoding.jpeg, .webp] {
                    let bytes = try smaller.encoded(as: encoding, quality: 75)
                    contract(!bytes.isEmpty, "empty \(encoding.rawValue)")
                }
                if let look = try PerceptualHash(of: image) {
                    contract(
                        look.crops.count == 10 && look.colours.count == 48,
                        "a look of \(look.crops.count) crops, \(look.colours.count) colours")
                }
            } catch {
                contract(error.isPhotoProblem, "\(error) is not a problem of the photo")
            }
        }
    }
}
