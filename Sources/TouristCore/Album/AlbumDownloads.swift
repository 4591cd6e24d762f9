import Foundation

/// The download half of `AlbumFetcher`: pending photos are downloaded with bounded concurrency and
/// retries, and their outcomes are recorded in the album in small batches (every
/// `AlbumFetcher.recordInterval` or `recordBatch` photos), so a large album is not rewritten once per
/// photo. A crash loses at most the photos in flight and the outcomes of the last batch; their blobs
/// stay in the store and the next fetch links the same bytes to them again.
extension AlbumFetcher {
    /// The longest an outcome waits before it is written to the album.
    static let recordInterval: Duration = .milliseconds(200)
    /// The most outcomes written in one album update.
    static let recordBatch = 32

    /// How one photo's download ended, before it is recorded.
    struct DownloadAttempt: Sendable {
        let key: PhotoKey
        let result: Result<(blob: BlobInfo, source: String), any Error>
    }

    /// How one photo's download ended, as recorded.
    enum DownloadResult: Sendable {
        case stored(bytes: Int)
        case failed
        case rejected
        /// The photo left the album while it downloaded.
        case gone
    }

    /// Downloads every pending photo of the album and records each outcome. Returns how many were rejected.
    func downloadPending(pin id: String) async throws -> Int {
        let album = try store.album(id)
        let pending = album.photos.filter { $0.state == .pending }
        let total = album.keptCount
        var done = album.storedCount
        var bytes = 0
        var rejected = 0
        progress?(FetchProgress(done: done, total: total, bytes: bytes))
        guard !pending.isEmpty else { return 0 }
        // downloads.concurrency, lowered by the `concurrency` of any provider these photos come from.
        let providerLimits = Set(pending.map(\.key.provider)).compactMap { router.provider(named: $0)?.entry.concurrency }
        let limit = max(1, ([downloads.concurrency] + providerLimits).min() ?? downloads.concurrency)
        let clock = ContinuousClock()
        var unrecorded: [DownloadAttempt] = []
        var lastRecord = clock.now
        func recordNow() throws {
            for result in try record(unrecorded, pin: id) {
                switch result {
                case .stored(let received):
                    done += 1
                    bytes += received
                case .rejected:
                    rejected += 1
                case .failed, .gone:
                    break
                }
            }
            unrecorded.removeAll()
            lastRecord = clock.now
            progress?(FetchProgress(done: done, total: total, bytes: bytes))
        }
        try await withThrowingTaskGroup(of: DownloadAttempt.self) { group in
            var queue = pending.makeIterator()
            func startNext() {
                guard let photo = queue.next() else { return }
                group.addTask { try await download(photo) }
            }
            for _ in 0..<limit { startNext() }
            while let attempt = try await group.next() {
                startNext()
                unrecorded.append(attempt)
                if unrecorded.count >= Self.recordBatch || clock.now - lastRecord >= Self.recordInterval {
                    try recordNow()
                }
            }
        }
        if !unrecorded.isEmpty { try recordNow() }
        return rejected
    }

    /// Downloads one photo into the store (retrying transient failures), recording nothing yet.
    private func download(_ photo: AlbumPhoto) async throws -> DownloadAttempt {
        let candidate = photo.candidate
        do {
            guard let configured = router.provider(named: candidate.key.provider) else {
                throw ProviderError.unavailable("provider \"\(candidate.key.provider)\" is not configured or not enabled; add it back to the config or remove the photo")
            }
            guard let (size, source) = candidate.source(nearest: photo.size) else {
                throw ProviderError.notFound("the provider listed no size of this photo")
            }
            let info = try await retryPolicy.run {
                try await withTimeout(downloads.timeoutSeconds, what: "downloading \(candidate.key)") { [store, maxBytes = downloads.maxPhotoBytes] in
                    let writer = try store.blobs.makeWriter(maxBytes: maxBytes)
                    try await configured.provider.fetch(candidate, size: size, into: writer)
                    guard ImageFormat.mimeType(of: writer.head) != nil else {
                        throw ProviderError.invalidResponse("the data received is not an image (no JPEG, PNG, GIF, WebP, TIFF, HEIC or AVIF signature)")
                    }
                    return try store.blobs.commit(writer)
                }
            }
            return DownloadAttempt(key: candidate.key, result: .success((info, source.description)))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return DownloadAttempt(key: candidate.key, result: .failure(error))
        }
    }

    /// Writes the outcomes of `attempts` into the album in one update.
    private func record(_ attempts: [DownloadAttempt], pin id: String) throws -> [DownloadResult] {
        guard !attempts.isEmpty else { return [] }
        return try store.transaction { transaction in
            var album = try transaction.album(id)
            var results: [DownloadResult] = []
            var unwanted: [String] = []
            for attempt in attempts {
                guard let index = album.photos.firstIndex(where: { $0.key == attempt.key && $0.state == .pending }) else {
                    // The photo left the album while it downloaded (photo rm, pin rm, new-collection).
                    if case .success(let (blob, _)) = attempt.result { unwanted.append(blob.sha256) }
                    results.append(.gone)
                    continue
                }
                switch attempt.result {
                case .success(let (blob, source)):
                    try transaction.addReference(blob.sha256, pin: id, key: attempt.key)
                    album.photos[index].state = .stored
                    album.photos[index].sha256 = blob.sha256
                    album.photos[index].bytes = blob.bytes
                    album.photos[index].mimeType = blob.mimeType
                    album.photos[index].sourceURL = source
                    results.append(.stored(bytes: blob.bytes))
                case .failure(let error):
                    let message = (error as? ProviderError)?.description ?? String(describing: error)
                    let permanent = (error as? ProviderError).map(Self.isPhotoProblem) ?? false
                    logger.debug("photo \(attempt.key) \(permanent ? "rejected" : "failed"): \(message)")
                    album.photos[index].state = permanent ? .rejected : .failed
                    album.photos[index].error = message
                    results.append(permanent ? .rejected : .failed)
                }
            }
            try transaction.save(album)
            // Only once every reference of the batch is in: another photo may have the same bytes.
            for sha256 in unwanted where try transaction.references(of: sha256).isEmpty {
                try store.blobs.remove(sha256)
            }
            return results
        }
    }

    /// Whether an error is about the photo itself (not an image, gone, too large), so retrying it is
    /// pointless and another photo should take its place; network, server, rate-limit, credential
    /// and configuration problems are not.
    static func isPhotoProblem(_ error: ProviderError) -> Bool {
        !error.isRetryable && !error.isUnauthorized && !error.isConfigurationProblem
    }
}
