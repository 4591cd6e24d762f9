import TouristCore

/// Why a file gave no photo: each is counted and, with --verbose, named per file.
public enum SkippedFile: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened (permissions, vanished, not a regular file).
    case unreadable
    /// Empty, or no image signature (a wrong extension, say).
    case notAnImage
    /// The container or its EXIF is damaged: offsets outside the file, cut short.
    case damaged(String)

    /// The reason as a phrase after the file's name ("is damaged: …").
    public var description: String {
        switch self {
        case .unreadable: "cannot be read"
        case .notAnImage: "is not a JPEG, HEIC/HEIF, PNG, WebP or TIFF image"
        case .damaged(let why): "is damaged: \(why)"
        }
    }
}

/// Reads what the directory provider needs from one file: its location, taken date and pixel
/// size, reading only the headers and the EXIF block (never the image data).
public enum PhotoFileReader {
    /// The file's metadata, or why it gives no photo; a damaged file is reported, never a trap.
    public static func read(path: String) -> Result<PhotoMetadata, SkippedFile> {
        guard let reader = ByteReader(path: path) else { return .failure(.unreadable) }
        guard let head = reader.read(at: 0, count: min(12, reader.size)), ImageContainer.of(head) != nil else {
            return .failure(.notAnImage)
        }
        let block: [UInt8]?
        do {
            block = try ExifLocator.tiffBlock(in: reader)
        } catch {
            return .failure(.damaged(error.description))
        }
        var metadata = PhotoMetadata()
        if let block {
            guard let tags = ExifTags.read(tiff: block) else { return .failure(.damaged("libexif cannot read its EXIF block")) }
            metadata = tags
        }
        if let size = PixelSize.read(reader) {
            (metadata.width, metadata.height) = (size.width, size.height)
        }
        return .success(metadata)
    }
}
