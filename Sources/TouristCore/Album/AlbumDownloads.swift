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
        let result: Result<(blob: BlobInfo, source: String?), any Error>
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
    }

    /// Downloads every pending photo of the album and records each outcome. Returns how many were rejected.
    ///
    /// A pipeline: at most `limit` transfers run at once; a photo that arrived leaves its network
    /// slot at once and is committed (fsync, link) on a blocking-I/O thread while the next transfer
    /// starts; outcomes are recorded in batches, one batch at a time, also off the slots. So a slow
    /// disk delays the record, not the downloads.
    func downloadPending(pin id: String) async throws -> Int {
        let album = try store.album(id)
        let pending = album.photos.filter { $0.state == .pending }
        let total = album.keptCount
        var done = album.storedCount
        var bytes = 0
        var rejected = 0
        progress?(FetchProgress(done: done, total: total, bytes: bytes))
        guard !pending.isEmpty else { return 0 }
        // downloads.concurrency at most, each provider within its own `concurrency`.
        let limit = max(1, downloads.concurrency)
        let providers = Set(pending.map(\.key.provider))
        var queue = DownloadQueue(pending, limits: Dictionary(uniqueKeysWithValues: providers.compactMap { name in
            router.provider(named: name)?.entry.concurrency.map { (name, $0) }
        }))
        let clock = ContinuousClock()
        var unrecorded: [DownloadAttempt] = []
        var lastRecord = clock.now
        var recording = false
        func count(_ results: [DownloadResult]) {
            for result in results {
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
            progress?(FetchProgress(done: done, total: total, bytes: bytes))
        }
        try await withThrowingTaskGroup(of: Stage.self) { group in
            var transfers = 0
            func startNext() {
                while transfers < limit, let photo = queue.next() {
                    transfers += 1
                    group.addTask { try await transfer(photo) }
                }
            }
            func recordIfDue(force: Bool) {
                guard !recording, !unrecorded.isEmpty,
                      force || unrecorded.count >= Self.recordBatch || clock.now - lastRecord >= Self.recordInterval else { return }
                recording = true
                let batch = unrecorded
                unrecorded.removeAll()
                group.addTask { [store] in .recorded(try await BlockingIO.run { try record(batch, pin: id, store: store) }) }
            }
            startNext()
            while let stage = try await group.next() {
                switch stage {
                case .transferred(let arrived):
                    transfers -= 1
                    queue.finished(arrived.key.provider)
                    startNext()
                    group.addTask { [store] in
                        do {
                            let blob = try await BlockingIO.run { try store.blobs.commit(arrived.writer, syncDirectory: false) }
                            return .committed(DownloadAttempt(key: arrived.key, result: .success((blob, arrived.source))))
                        } catch {
                            return .committed(DownloadAttempt(key: arrived.key, result: .failure(error)))
                        }
                    }
                case .transferFailed(let attempt):
                    transfers -= 1
                    queue.finished(attempt.key.provider)
                    startNext()
                    unrecorded.append(attempt)
                case .committed(let attempt):
                    unrecorded.append(attempt)
                case .recorded(let results):
                    recording = false
                    lastRecord = clock.now
                    count(results)
                }
                // Once nothing else is running, whatever is left is recorded now.
                recordIfDue(force: transfers == 0 && group.isEmpty)
            }
        }
        return rejected
    }

    /// Downloads one photo's bytes into a blob writer (retrying transient failures); nothing is
    /// committed or recorded yet. A failure is a finished attempt. Each download is logged at debug
    /// level (`--verbose`) with its size, bytes and time.
    private func transfer(_ photo: AlbumPhoto) async throws -> Stage {
        let candidate = photo.candidate
        do {
            guard let configured = router.provider(named: candidate.key.provider) else {
                throw ProviderError.unavailable("provider \"\(candidate.key.provider)\" is not configured or not enabled; add it back to the config or remove the photo")
            }
            guard let (size, source) = candidate.source(nearest: photo.size) else {
                throw ProviderError.notFound("the provider listed no size of this photo")
            }
            let started = ContinuousClock.now
            let arrived = try await retryPolicy.run(log: RetryLog(logger, "download \(candidate.key)")) {
                // The wait for a shared slot is not part of the transfer's time-out.
                try await holdingSharedSlot {
                    try await withTimeout(downloads.timeoutSeconds, what: "downloading \(candidate.key)") { [store, maxBytes = downloads.maxPhotoBytes] in
                        let writer = try store.blobs.makeWriter(maxBytes: maxBytes)
                        try await configured.fetch(candidate, size: size, into: writer)
                        guard ImageFormat.mimeType(of: writer.head) != nil else {
                            throw ProviderError.invalidResponse("the data received is not an image (no JPEG, PNG, GIF, WebP, TIFF, HEIC or AVIF signature)")
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
                switch attempt.result {
                case .success(let (blob, _)) where album.photos.contains(where: { $0.state == .stored && $0.sha256 == blob.sha256 }):
                    // The same bytes from another provider (or twice from one): the album keeps one.
                    let original = album.photos.first { $0.state == .stored && $0.sha256 == blob.sha256 }?.key.description ?? "another photo"
                    logger.debug("photo \(attempt.key) rejected: the same bytes as \(original)")
                    album.photos[index].state = .rejected
                    album.photos[index].error = "the same photo as \(original) (identical bytes)"
                    results.append(.rejected)
                case .success(let (blob, source)):
                    uses.append((blob.sha256, attempt.key))
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
