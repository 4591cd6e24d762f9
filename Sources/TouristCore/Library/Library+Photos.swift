import Foundation

/// A photo's copy at one size, kept in the store (`Library.photoCopy`).
public struct PhotoCopy: Sendable {
    /// The pin whose album holds the photo.
    public var pin: String
    public var key: PhotoKey
    /// The copy: its size (the nearest the provider has), blob, byte count and format.
    public var view: PhotoView
}

extension Library {
    /// The photos `references` name in pin `id`'s album, in their order, each once: a row number
    /// as `album` shows it (1 is the album's first photo), or an id (`provider:id`), for photos of
    /// every provider. A number outside the album, or text that is neither, is a `usage` error
    /// naming it, and nothing is resolved.
    public func photoKeys(_ references: [String], inPin id: String) throws -> [PhotoKey] {
        let album = try store.album(id)
        return Self.once(
            try references.map { (reference: String) throws -> PhotoKey in
                guard !reference.isEmpty, reference.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    guard let key = PhotoKey(reference) else {
                        throw LibraryError(
                            .usage,
                            "\"\(reference)\" is neither a photo's number nor its id; write the number or the provider:id its album shows",
                            remedy: Remedy(.showAlbum(pin: id)))
                    }
                    return key
                }
                guard let row = Int(reference), album.photos.indices.contains(row - 1) else {
                    let rows =
                        switch album.photos.count {
                        case 0: "it has no photos"
                        case 1: "it has 1 photo, number 1"
                        default: "it has \(album.photos.count) photos, numbered 1 to \(album.photos.count)"
                        }
                    throw LibraryError(
                        .usage, "there is no photo \(reference) in the album of \"\(album.pin.name)\": \(rows)",
                        remedy: Remedy(.showAlbum(pin: id)))
                }
                return album.photos[row - 1].key
            })
    }

    /// Photo `key` at `size` (or the nearest size its provider has), kept in the store: the album's
    /// own copy or a view kept earlier when there is one, else downloaded through the photo's
    /// provider into the store and recorded in the album as a view, so it is asked for once.
    /// `pin` is the album to look in (nil: the first album that holds the photo). Nil when no
    /// album holds the photo (`downloadPhoto` gets such a photo). The store lock is held only to
    /// record the view, never while downloading, and is waited for on a `BlockingIO` thread, as the
    /// album is read: never on the caller's.
    public func photoCopy(_ key: PhotoKey, size wanted: PhotoSize, pin reference: String? = nil) async throws -> PhotoCopy? {
        guard let (pin, photo) = try await BlockingIO.run({ [self] in try albumPhoto(key, pin: reference) }) else { return nil }
        if let copy = present(photo.copy(at: wanted)) { return PhotoCopy(pin: pin, key: key, view: copy) }
        return try await providers.withRouter(store: store) { router in
            let configured = try provider(of: key, in: router)
            let candidate = try await candidate(for: photo, from: configured)
            guard let (chosen, _) = candidate.source(nearest: wanted) else { throw ProviderError.notFound("\(key) has no sizes") }
            if let copy = present(photo.copy(at: chosen)) { return PhotoCopy(pin: pin, key: key, view: copy) }
            try await store.prepareStagingInBackground()
            let writer = try await download(candidate, size: chosen, from: configured) { [store] maxBytes in
                try store.blobs.makeWriter(maxBytes: maxBytes)
            }
            let blob = try await BlockingIO.run { [store] in try store.blobs.commit(writer) }
            let view = PhotoView(size: chosen, sha256: blob.sha256, bytes: blob.bytes, mimeType: blob.mimeType)
            let kept = try await store.transactionInBackground { transaction in
                let kept = try transaction.addView(view, key: key, pin: pin)
                if !kept { try transaction.removeBlobIfUnused(blob.sha256) }
                return kept
            }
            guard kept else {
                throw StoreError(
                    .notFound, "photo \(key) left the album of pin \(pin) while its size \(chosen.rawValue) downloaded; nothing was kept")
            }
            return PhotoCopy(pin: pin, key: key, view: view)
        }
    }

    /// Downloads photo `key` at `size` (or the nearest its provider has) into a new file in
    /// `folder`, for a photo no album holds; nothing is kept in the store. Returns the file's sink
    /// (the caller moves it where it belongs) and the size downloaded.
    public func downloadPhoto(_ key: PhotoKey, size wanted: PhotoSize, into folder: String) async throws -> (
        file: FileSink, size: PhotoSize
    ) {
        try await providers.withRouter(store: store) { router in
            let configured = try provider(of: key, in: router)
            guard let looking = configured.provider as? any PhotoLookup, await looking.canLookUpPhotos else {
                throw LibraryError(.unavailable, "provider \(key.provider) cannot look photos up by id")
            }
            let candidate = try await configured.photo(
                id: key.id, retryPolicy: providers.retryPolicy, log: RetryLog(providers.logger, "look up \(key)"))
            guard let (chosen, _) = candidate.source(nearest: wanted) else { throw ProviderError.notFound("\(key) has no sizes") }
            let file = try await download(candidate, size: chosen, from: configured) { maxBytes in
                try FileSink(directory: folder, maxBytes: maxBytes)
            }
            return (file, chosen)
        }
    }

    /// Photo `key` of pin `id`'s album, with the album (as `album` shows it); a `notFound` error
    /// when the album does not hold it.
    public func photo(_ key: PhotoKey, in id: String) throws -> (album: Album, photo: AlbumPhoto) {
        let album = try album(id)
        guard let photo = album.photos.first(where: { $0.key == key }) else {
            throw StoreError(
                .notFound, "photo \(key) is not in the album of \"\(album.pin.name)\"", remedy: Remedy(.showAlbum(pin: album.pin.id)))
        }
        return (album, photo)
    }

    /// The album photo `key` in pin `reference`'s album, or in the first album holding it.
    private func albumPhoto(_ key: PhotoKey, pin reference: String?) throws -> (pin: String, photo: AlbumPhoto)? {
        guard let reference else { return store.albumPhoto(key) }
        let (album, photo) = try photo(key, in: reference)
        return (album.pin.id, photo)
    }

    /// `copy` when its file is in the store.
    private func present(_ copy: PhotoView?) -> PhotoView? {
        copy.flatMap { store.blobs.contains($0.sha256) ? $0 : nil }
    }

    private func provider(of key: PhotoKey, in router: Router) throws -> ConfiguredProvider {
        guard let configured = router.provider(named: key.provider) else {
            throw LibraryError(
                .usage,
                "no enabled provider named \"\(key.provider)\". Configured: \(router.providers.map(\.entry.name).joined(separator: ", "))")
        }
        return configured
    }

    /// What the provider says about the album photo now (its sizes, and what checks them, such as
    /// Commons' SHA-1 of an original), when it can look photos up; else the album's record.
    private func candidate(for photo: AlbumPhoto, from configured: ConfiguredProvider) async throws -> PhotoCandidate {
        guard let looking = configured.provider as? any PhotoLookup, await looking.canLookUpPhotos else { return photo.candidate }
        return try await configured.photo(
            id: photo.key.id, retryPolicy: providers.retryPolicy, log: RetryLog(providers.logger, "look up \(photo.key)"))
    }

    /// One size of `candidate` streamed into a sink `makeSink` makes (given the byte limit), with
    /// the config's time-out and retries: a new sink per attempt, so a retry never appends to a
    /// cut-off transfer. Refuses bytes that are not an image.
    private func download<Sink: HeadRecordingSink>(
        _ candidate: PhotoCandidate, size: PhotoSize, from configured: ConfiguredProvider,
        _ makeSink: @escaping @Sendable (Int) throws -> Sink
    ) async throws -> Sink {
        let downloads = config.downloads
        return try await providers.retryPolicy.run(log: RetryLog(providers.logger, "download \(candidate.key)")) {
            try await withTimeout(downloads.timeoutSeconds, what: "downloading \(candidate.key)") {
                let sink = try makeSink(downloads.maxPhotoBytes)
                try await configured.fetch(candidate, size: size, into: sink)
                guard ImageFormat.mimeType(of: sink.head) != nil else {
                    throw ProviderError.invalidResponse(
                        "the data received for \(candidate.key) is not an image (no JPEG, PNG, GIF, WebP, TIFF, HEIC or AVIF signature)")
                }
                return Filled(sink: sink)
            }
        }.sink
    }
}

/// A sink handed from the task that filled it to the one that commits it: one task at a time uses it.
private struct Filled<Sink>: @unchecked Sendable {
    let sink: Sink
}

/// A sink that keeps the first bytes written, so the format is known before the bytes are kept.
protocol HeadRecordingSink: BlobSink {
    var head: [UInt8] { get }
}

extension FileSink: HeadRecordingSink {}
extension BlobWriter: HeadRecordingSink {}
