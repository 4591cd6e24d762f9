/// One more size of an album photo, kept in the store beside the album's own: the larger size a
/// photo page shows, or what `photo get` downloaded. Its blob is referenced like the photo's
/// (`index/refs` line `PIN PHOTO SIZE`), so it goes when the photo leaves the album.
public struct PhotoView: Sendable, Codable, Equatable {
    public var size: PhotoSize
    public var sha256: String
    public var bytes: Int
    public var mimeType: String?

    public init(size: PhotoSize, sha256: String, bytes: Int, mimeType: String?) {
        self.size = size
        self.sha256 = sha256
        self.bytes = bytes
        self.mimeType = mimeType
    }

    /// The `index/refs` line that records album photo `key` of pin `pin` using a blob: `PIN PHOTO`
    /// for the album's own size, `PIN PHOTO SIZE` for a view.
    static func referenceLine(pin: String, key: PhotoKey, view: PhotoSize?) -> String {
        view.map { "\(pin) \(key) \($0.rawValue)" } ?? "\(pin) \(key)"
    }
}
