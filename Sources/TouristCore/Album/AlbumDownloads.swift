import Foundation

/// The download half of `AlbumFetcher`: pending photos are downloaded with bounded concurrency and
/// retries, and their outcomes are recorded in the album in small batches (every
/// `DownloadPipeline.recordInterval` or `recordBatch` photos), so a large album is not rewritten once per
/// photo. A crash loses at most the photos in flight and the outcomes of the last batch; their blobs
/// stay in the store and the next fetch links the same bytes to them again.
extension AlbumFetcher {
    /// How one photo's download ended, before it is recorded.
    struct DownloadAttempt: Sendable {
        let key: PhotoKey
        let result: Result<(blob: BlobInfo, source: String?), any Error>
        /// What the photo looks like; nil when it could not be decoded or lookalikes are off.
        var look: PerceptualHash? = nil
    }

    /// How one photo's download ended, as recorded.
    enum DownloadResult: Sendable {
        case stored(bytes: Int)
        case failed
        case rejected
        /// The photo left the album while it downloaded.
        case gone
    }

    /// A photo whose bytes arrived and await `BlobStore.commit` (off the network slot).
    struct Transferred: @unchecked Sendable {
        let key: PhotoKey
        let writer: BlobWriter
        let source: String?
    }

    /// The steps of the download pipeline, as the task group reports them.
    enum Stage: Sendable {
        /// The bytes arrived; the photo leaves its network slot.
        case transferred(Transferred)
        /// The transfer failed for good (after retries); the photo leaves its network slot.
        case transferFailed(DownloadAttempt)
        /// The blob was committed, or committing it failed.
        case committed(DownloadAttempt)
        case recorded([DownloadResult])
        /// The time a `wake` asked for is over.
        case due
    }

    /// Downloads every pending photo of the album and records each outcome. Returns how many were rejected.
    ///
    /// A pipeline: at most `downloads.concurrency` transfers run at once; a photo that arrived leaves
    /// its network slot at once and is committed (fsync, link) on a blocking-I/O thread while the
    /// next transfer starts; outcomes are recorded in batches, one batch at a time, also off the
    /// slots. So a slow disk delays the record, not the downloads. `DownloadPipeline` keeps the books.
    func downloadPending(pin id: String) async throws -> Int {
        let album = try await store.albumInBackground(id)
        let pending = album.photos.filter { $0.state == .pending }
        if !pending.isEmpty { try await store.prepareStagingInBackground() }
        // downloads.concurrency at most, each provider within its own `concurrency`.
        let limits = Dictionary(
            uniqueKeysWithValues: Set(pending.map(\.key.provider)).compactMap { name in
                router.provider(named: name)?.entry.concurrency.map { (name, $0) }
            })
        let clock = ContinuousClock()
        var pipeline = DownloadPipeline(
            pending: pending, limits: limits, concurrency: downloads.concurrency,
            progress: FetchProgress(done: album.storedCount, total: album.keptCount, bytes: 0), now: clock.now
        )
        try await withThrowingTaskGroup(of: Stage.self) { group in
            func perform(_ actions: [DownloadPipeline.Action]) {
                for action in actions {
                    switch action {
                    case .transfer(let photo):
                        group.addTask { try await transfer(photo) }
                    case .record(let batch):
                        group.addTask { [store] in .recorded(try await BlockingIO.run { try record(batch, pin: id, store: store) }) }
                    case .report(let standing):
                        progress?(standing)
                    case .wake(let delay):
                        group.addTask {
                            try? await Task.sleep(for: delay)
                            return .due
                        }
                    }
                }
            }
            perform(pipeline.start())
            while let stage = try await group.next() {
                switch stage {
                case .transferred(let arrived):
                    perform(pipeline.arrived(from: arrived.key.provider, at: clock.now))
                    group.addTask { [store] in
                        do {
                            // Decoded from the staged file, which committing hands to the store.
                            let (blob, look) = try await BlockingIO.run { [lookalikes] in
                                let look = lookalikes.enabled ? Self.perceptualHash(ofFile: arrived.writer.temporaryPath) : nil
                                return (try store.blobs.commit(arrived.writer, syncDirectory: false), look)
                            }
                            return .committed(DownloadAttempt(key: arrived.key, result: .success((blob, arrived.source)), look: look))
                        } catch {
                            return .committed(DownloadAttempt(key: arrived.key, result: .failure(error)))
                        }
                    }
                case .transferFailed(let attempt):
                    perform(pipeline.transferFailed(attempt, at: clock.now))
                case .committed(let attempt):
                    perform(pipeline.committed(attempt, at: clock.now))
                case .recorded(let results):
                    perform(pipeline.recorded(results, at: clock.now))
                case .due:
                    perform(pipeline.due(at: clock.now))
                }
            }
        }
        return pipeline.rejected
    }

    /// Downloads one photo's bytes into a blob writer (retrying transient failures); nothing is
    /// committed or recorded yet. A failure is a finished attempt. Each download is logged at debug
    /// level (`--verbose`) with its size, bytes and time.
    private func transfer(_ photo: AlbumPhoto) async throws -> Stage {
        let candidate = photo.candidate
        do {
            guard let configured = router.provider(named: candidate.key.provider) else {
                throw ProviderError.unavailable(
                    "provider \"\(candidate.key.provider)\" is not configured or not enabled; add it back to the config or remove the photo"
                )
            }
            guard let (size, source) = candidate.source(nearest: photo.size) else {
                throw ProviderError.notFound("the provider listed no size of this photo")
            }
            let started = ContinuousClock.now
            let arrived = try await retryPolicy.run(log: RetryLog(logger, "download \(candidate.key)")) {
                // The wait for a shared slot is not part of the transfer's time-out.
                try await holdingSharedSlot {
                    try await withTimeout(downloads.timeoutSeconds, what: "downloading \(candidate.key)") {
                        [store, maxBytes = downloads.maxPhotoBytes] in
                        let writer = try store.blobs.makeWriter(maxBytes: maxBytes)
                        try await configured.fetch(candidate, size: size, into: writer)
                        guard ImageFormat.mimeType(of: writer.head) != nil else {
                            throw ProviderError.invalidResponse(
                                "the data received is not an image (no JPEG, PNG, GIF, WebP, TIFF, HEIC or AVIF signature)")
                        }
                        return Transferred(key: candidate.key, writer: writer, source: source.location)
                    }
                }
            }
            let milliseconds = Int(((ContinuousClock.now - started) / .milliseconds(1)).rounded())
            logger.debug("downloaded \(candidate.key) size \(size.rawValue): \(arrived.writer.byteCount) bytes in \(milliseconds) ms")
            return .transferred(arrived)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .transferFailed(DownloadAttempt(key: candidate.key, result: .failure(error)))
        }
    }

    /// What the photo in file `path` looks like, from a small decode of it; nil when it cannot be
    /// decoded (no libvips, not an image, damaged, too large) or has no layout to compare (flat, or
    /// a few pixels): such a photo is compared with none.
    /// Blocks its thread.
    static func perceptualHash(ofFile path: String) -> PerceptualHash? {
        guard let decoded = try? ImageDecoder().decode(file: path, fittingWithin: PerceptualHash.decodeSide) else { return nil }
        return (try? PerceptualHash(of: decoded.image)) ?? nil
    }

    /// Runs `body` holding one of `sharedTransfers`' slots, when the fetch shares them.
    private func holdingSharedSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        guard let sharedTransfers else { return try await body() }
        return try await sharedTransfers.withSlot(body)
    }

    /// Writes the outcomes of `attempts` into the album in one update.
    private func record(_ attempts: [DownloadAttempt], pin id: String, store: Store) throws -> [DownloadResult] {
        guard !attempts.isEmpty else { return [] }
        return try store.transaction { transaction in
            var album = try transaction.album(id)
            var results: [DownloadResult] = []
            var unwanted: [String] = []
            var uses: [(sha256: String, key: PhotoKey)] = []
            for attempt in attempts {
                guard let index = album.photos.firstIndex(where: { $0.key == attempt.key && $0.state == .pending }) else {
                    // The photo left the album while it downloaded (photo rm, pin rm, new-collection).
                    if case .success(let (blob, _)) = attempt.result { unwanted.append(blob.sha256) }
                    results.append(.gone)
                    continue
                }
                let lookalike = attempt.look.flatMap { album.lookalike(of: $0, maxDistance: lookalikes.maxDistance) }
                switch attempt.result {
                case .success(let (blob, _)) where album.photos.contains(where: { $0.state == .stored && $0.sha256 == blob.sha256 }):
                    // The same bytes from another provider (or twice from one): the album keeps one.
                    let original =
                        album.photos.first { $0.state == .stored && $0.sha256 == blob.sha256 }?.key.description ?? "another photo"
                    logger.debug("photo \(attempt.key) rejected: the same bytes as \(original)")
                    album.photos[index].state = .rejected
                    album.photos[index].error = "the same photo as \(original) (identical bytes)"
                    results.append(.rejected)
                case .success(let (blob, _)) where lookalike != nil:
                    // Another size or encoding of a photo the album holds or removed, or a shot of the same burst.
                    let reason = lookalike.map(album.reason)
                    logger.debug("photo \(attempt.key) rejected: \(reason ?? "a lookalike")")
                    album.photos[index].state = .rejected
                    album.photos[index].perceptualHash = attempt.look
                    album.photos[index].lookalike = lookalike
                    album.photos[index].error = reason
                    unwanted.append(blob.sha256)
                    results.append(.rejected)
                case .success(let (blob, source)):
                    uses.append((blob.sha256, attempt.key))
                    album.photos[index].state = .stored
                    album.photos[index].sha256 = blob.sha256
                    album.photos[index].bytes = blob.bytes
                    album.photos[index].mimeType = blob.mimeType
                    album.photos[index].sourceURL = source
                    album.photos[index].perceptualHash = attempt.look
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
            // References first (they also flush the new blobs' names), then the album that uses them.
            try transaction.addReferences(uses, pin: id)
            try transaction.save(album)
            // Only once every reference of the batch is in: another photo may have the same bytes.
            for sha256 in unwanted { try transaction.removeBlobIfUnused(sha256) }
            return results
        }
    }

    /// Whether an error is about the photo itself (not an image, gone, too large), so retrying it is
    /// pointless and another photo should take its place; network, server, rate-limit and credential problems,
    /// configuration problems and a provider out of service are not.
    static func isPhotoProblem(_ error: ProviderError) -> Bool {
        !error.isRetryable && !error.isUnauthorized && !error.isConfigurationProblem && !error.isOutOfService
    }
}
