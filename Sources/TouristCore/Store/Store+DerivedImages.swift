import Foundation

extension Store {
    /// Stores the derived images of an examination as blobs, without flushing them yet (recording
    /// their references does, see `StoreTransaction.addReferences`). Returns their records.
    func commitDerived(_ images: [PhotoExamination.Encoded]) throws -> [DerivedImage] {
        try images.map { image in
            let writer = try blobs.makeWriter(maxBytes: Int.max)
            defer { writer.discard() }
            try image.bytes.withUnsafeBytes { try writer.write($0) }
            let blob = try blobs.commit(writer, syncDirectory: false)
            return DerivedImage(
                kind: image.recipe.kind, recipe: image.recipe.id, sha256: blob.sha256, bytes: blob.bytes, width: image.width,
                height: image.height, mimeType: image.recipe.encoding.mimeType)
        }
    }

    /// Makes the derived images photo `key` of pin `pin` lacks (`ImageRecipe.current`, or their
    /// files are gone) from its stored original, and records them in the album with the photo's
    /// size and format as read from the image, in place of those of older recipes. A photo that
    /// cannot be decoded (`ImageError.isPhotoProblem`) gets `imageError` instead, so it is not
    /// decoded again. Returns the photo as recorded, or nil when the album no longer holds it as a
    /// stored photo. A missing libvips throws `ImageError.libraryMissing`.
    ///
    /// Decodes the photo: blocks. Call it on a `BlockingIO` thread; no lock is held while decoding.
    public func makeDerivedImages(of key: PhotoKey, pin: String, decoder: ImageDecoder) throws -> AlbumPhoto? {
        guard let photo = try album(pin).photos.first(where: { $0.key == key }), photo.state == .stored, let sha256 = photo.sha256 else {
            return nil
        }
        if photo.hasCurrentDerivedImages, (photo.derived ?? []).allSatisfy({ blobs.contains($0.sha256) }) { return photo }
        let examined: Result<PhotoExamination, ImageError>
        do {
            examined = .success(
                try withLocalFile(of: sha256, photo: key, expectedSize: photo.bytes) { path in
                    try PhotoExamination.examine(file: path, decoder: decoder)
                })
        } catch let error as ImageError where error.isPhotoProblem {
            examined = .failure(error)
        }
        let made = try commitDerived((try? examined.get())?.images ?? [])
        return try transaction { transaction in
            var album = try transaction.album(pin)
            guard let index = album.photos.firstIndex(where: { $0.key == key && $0.state == .stored && $0.sha256 == sha256 }) else {
                for image in made { try transaction.removeBlobIfUnused(image.sha256) }
                return nil
            }
            let replaced = album.photos[index].derived ?? []
            try transaction.addReferences(made.map { ($0.sha256, PhotoView.referenceLine(pin: pin, key: key, use: $0.recipe)) })
            switch examined {
            case .success(let examination): album.photos[index].recordExamination(examination.header, derived: made)
            case .failure(let error):
                album.photos[index].derived = nil
                album.photos[index].imageError = error.description
            }
            try transaction.save(album)
            for old in replaced where !made.contains(old) {
                try transaction.releaseReference(old.sha256, pin: pin, key: key, use: old.recipe)
            }
            return album.photos[index]
        }
    }

    /// Runs `body` on a file on this machine that holds blob `sha256`, checked against its hash:
    /// the store's own file or this machine's cached copy, else (a store that keeps no files, such
    /// as memory) a temporary copy.
    func withLocalFile<T>(of sha256: String, photo: PhotoKey, expectedSize: Int?, _ body: (String) throws -> T) throws -> T {
        guard backend.ability((any LocalFiles).self) == nil else {
            guard let file = try blobs.checkedFile(of: sha256, expectedSize: expectedSize) else {
                throw StoreError(
                    .notFound, "the file of \(photo) (blob \(sha256)) is missing from the store",
                    remedy: Remedy(.repairStore(), .fetch(pin: nil)))
            }
            return try withExtendedLifetime(file) { try body(file.path) }
        }
        let copy = try blobs.makeWriter(maxBytes: Int.max)
        defer { copy.discard() }
        try blobs.copyVerified(sha256, photo: photo.description, expectedSize: expectedSize, into: copy)
        return try body(copy.temporaryPath)
    }
}

extension AlbumPhoto {
    /// Records what decoding its stored image found: its size and format as seen, and `derived`,
    /// its derived images (in place of any it had).
    mutating func recordExamination(_ header: ImageHeader, derived: [DerivedImage]) {
        width = header.width
        height = header.height
        mimeType = header.mimeType
        self.derived = derived
        imageError = nil
    }
}
