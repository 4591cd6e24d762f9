extension Library {
    /// How many photos are decoded at once to make derived images on request (one decode takes a
    /// core and up to a few hundred megabytes for a large photo; the rest wait their turn).
    public static let derivationLimit = 2

    private static let derivations = ConcurrencyGate(width: derivationLimit)

    /// Photo `key`'s derived image of `kind` (its grid thumbnail, its page's preview) in pin `pin`'s
    /// album: the one recorded when its file is there, else made now from the stored original
    /// (`Store.makeDerivedImages`: a photo stored before derived images existed, or whose file was
    /// lost), on a `BlockingIO` thread, at most `derivationLimit` photos at once, and recorded in
    /// the album for the next time. A photo that cannot be decoded is `badData`, with why (kept as
    /// the photo's `imageError`); one not stored is `notFound`.
    public func derivedImage(_ kind: DerivedImage.Kind, photo key: PhotoKey, pin: String) async throws -> DerivedImage {
        let (_, photo) = try await BlockingIO.run { [self] in try self.photo(key, in: pin) }
        if let image = photo.derivedImage(kind), try await BlockingIO.run({ [store] in store.blobs.contains(image.sha256) }) {
            return image
        }
        let made = try await Self.derivations.withSlot {
            try await BlockingIO.run { [store] in try store.makeDerivedImages(of: key, pin: pin, decoder: try ImageDecoder()) }
        }
        guard let made, made.state == .stored else {
            throw LibraryError(.notFound, "photo \(key) is not stored in this album, so it has no \(kind.rawValue)")
        }
        guard let image = made.derivedImage(kind) else {
            throw LibraryError(.badData, "photo \(key) cannot be shown: \(made.imageError ?? "its image cannot be decoded")")
        }
        return image
    }
}
