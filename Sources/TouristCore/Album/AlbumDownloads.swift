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
        let result: Result<Arrival, any Error>
    }

    /// A photo stored: its blob, the source read, and what decoding it found (`PhotoExamination`):
    /// its header, its derived images (stored too) and what it looks like (nil when lookalikes are
    /// off, or it has no layout to compare).
    struct Arrival: Sendable {
        let blob: BlobInfo
        let source: String?
        let header: ImageHeader
        let derived: [DerivedImage]
        let look: PerceptualHash?
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
    /// its network slot at once and is decoded (its size read, its thumbnail and preview made, see
    /// `examineAndCommit`) and committed (fsync, link) on a blocking-I/O thread while the next
    /// transfer starts; outcomes are recorded in batches, one batch at a time, also off the
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
                            let arrival = try await BlockingIO.run { [lookalikes] in
                                try Self.examineAndCommit(arrived, store: store, hashing: lookalikes.enabled)
                            }
                            return .committed(DownloadAttempt(key: arrived.key, result: .success(arrival)))
                        } catch let error as ImageError where !error.isPhotoProblem {
                            // No libvips: no photo can be examined, so the fetch stops with what to install.
                            throw error
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

    /// Decodes a photo that arrived once (`PhotoExamination`), then stores it and its derived
    /// images as blobs (not flushed yet: recording their references does), and computes what it
    /// looks like from its thumbnail when `hashing`. A photo that cannot be decoded, or is over the
    /// limits, throws its `ImageError` and stores nothing. Blocks: runs on a blocking-I/O thread,
    /// never on a network slot.
    private static func examineAndCommit(_ arrived: Transferred, store: Store, hashing: Bool) throws -> Arrival {
        let examination = try PhotoExamination.examine(file: arrived.writer.temporaryPath, decoder: try ImageDecoder())
        let look = hashing ? try examination.look() : nil
        let blob = try store.blobs.commit(arrived.writer, syncDirectory: false)
        let derived = try store.commitDerived(examination.images)
        return Arrival(blob: blob, source: arrived.source, header: examination.header, derived: derived, look: look)
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
            var uses: [(sha256: String, line: String)] = []
            for attempt in attempts {
                guard let index = album.photos.firstIndex(where: { $0.key == attempt.key && $0.state == .pending }) else {
                    // The photo left the album while it downloaded (photo rm, pin rm, new-collection).
                    if case .success(let arrival) = attempt.result { unwanted += [arrival.blob.sha256] + arrival.derived.map(\.sha256) }
                    results.append(.gone)
                    continue
                }
                let arrival: Arrival? = if case .success(let arrival) = attempt.result { arrival } else { nil }
                // The stored photo with the same bytes (from another provider, or twice from one).
                let identical = arrival.flatMap { arrival in album.photos.first { $0.state == .stored && $0.sha256 == arrival.blob.sha256 }
                }
                let lookalike = arrival?.look.flatMap { album.lookalike(of: $0, maxDistance: lookalikes.maxDistance) }
                switch attempt.result {
                case .success(let arrival) where identical != nil:
                    // The same bytes from another provider (or twice from one): the album keeps one.
                    let original = identical?.key
                    let name = original?.description ?? "another photo"
                    logger.debug("photo \(attempt.key) rejected: the same bytes as \(name)")
                    album.photos[index].state = .rejected
                    album.photos[index].identicalTo = original
                    album.photos[index].error = "the same photo as \(name) (identical bytes)"
                    unwanted += arrival.derived.map(\.sha256)
                    results.append(.rejected)
                case .success(let arrival) where lookalike != nil:
                    // Another size or encoding of a photo the album holds or removed, or a shot of the same burst.
                    let reason = lookalike.map(album.reason)
                    logger.debug("photo \(attempt.key) rejected: \(reason ?? "a lookalike")")
                    album.photos[index].state = .rejected
                    album.photos[index].perceptualHash = arrival.look
                    album.photos[index].lookalike = lookalike
                    album.photos[index].error = reason
                    unwanted += [arrival.blob.sha256] + arrival.derived.map(\.sha256)
                    results.append(.rejected)
                case .success(let arrival):
                    let blob = arrival.blob
                    uses.append((blob.sha256, PhotoView.referenceLine(pin: id, key: attempt.key, use: nil)))
                    uses += arrival.derived.map { ($0.sha256, PhotoView.referenceLine(pin: id, key: attempt.key, use: $0.recipe)) }
                    album.photos[index].state = .stored
                    album.photos[index].sha256 = blob.sha256
                    album.photos[index].bytes = blob.bytes
                    album.photos[index].sourceURL = arrival.source
                    album.photos[index].recordExamination(arrival.header, derived: arrival.derived)
                    album.photos[index].perceptualHash = arrival.look
                    results.append(.stored(bytes: blob.bytes))
                case .failure(let error):
                    let message = (error as? ProviderError)?.description ?? String(describing: error)
                    let permanent = (error as? ProviderError).map(Self.isPhotoProblem) ?? (error as? ImageError)?.isPhotoProblem ?? false
                    logger.debug("photo \(attempt.key) \(permanent ? "rejected" : "failed"): \(message)")
                    album.photos[index].state = permanent ? .rejected : .failed
                    album.photos[index].error = message
                    results.append(permanent ? .rejected : .failed)
                }
            }
            // References first (they also flush the new blobs' names), then the album that uses them.
            try transaction.addReferences(uses)
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
