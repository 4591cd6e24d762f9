/// The bookkeeping of one album's downloads (`AlbumFetcher.downloadPending`), as a value with no
/// I/O: which photo is transferred next, when outcomes are written to the album, and how far the
/// fetch has come.
///
/// The fetcher reports each step of its task group (a transfer ended, a blob was committed, a batch
/// was recorded) and does what the method returns. The rules:
/// - at most `concurrency` transfers run at once, each provider within its own limit (`DownloadQueue`);
/// - an outcome waits until `recordBatch` outcomes have gathered or `recordInterval` has passed since
///   the last record, and one batch is written at a time; once nothing else runs (no transfer, no
///   commit, no record), whatever is left is written at once; an outcome that would wait with no
///   step to come (a transfer stalled) is woken by the fetcher after the interval (`wake`), so
///   photos that arrived are kept and counted whatever the others do;
/// - progress counts stored photos and their bytes once their batch is recorded.
struct DownloadPipeline: Sendable {
    /// What the fetcher does next.
    enum Action: Sendable {
        /// Transfer this photo's bytes, then report `arrived` or `transferFailed`.
        case transfer(AlbumPhoto)
        /// Write these outcomes into the album in one update, then report `recorded`.
        case record([AlbumFetcher.DownloadAttempt])
        /// Show where the fetch stands.
        case report(FetchProgress)
        /// Report `due` after this long.
        case wake(after: Duration)
    }

    /// Whether a batch is being written, and when the last one ended.
    private enum Recording: Sendable {
        case idle(since: ContinuousClock.Instant)
        case writing
    }

    /// The longest an outcome waits before it is written to the album.
    static let recordInterval: Duration = .milliseconds(200)
    /// The most outcomes written in one album update.
    static let recordBatch = 32

    private var queue: DownloadQueue
    private let concurrency: Int
    private var transfers = 0
    private var commits = 0
    private var unrecorded: [AlbumFetcher.DownloadAttempt] = []
    private var recording: Recording
    /// Whether a `wake` is pending.
    private var waking = false
    /// Where the fetch stands: stored photos and the bytes downloaded for them.
    private(set) var progress: FetchProgress
    /// The photos recorded as rejected (not an image, gone, the same bytes as another).
    private(set) var rejected = 0

    /// `pending` photos in album order; `limits` are the providers' own `concurrency`, `concurrency`
    /// the most transfers at once (at least one); `progress` where the album stands before; `now`
    /// when the fetch starts.
    init(pending: [AlbumPhoto], limits: [String: Int], concurrency: Int, progress: FetchProgress, now: ContinuousClock.Instant) {
        queue = DownloadQueue(pending, limits: limits)
        self.concurrency = max(1, concurrency)
        self.progress = progress
        recording = .idle(since: now)
    }

    /// The progress so far, and the first transfers.
    mutating func start() -> [Action] {
        [.report(progress)] + startTransfers()
    }

    /// A photo of `provider` arrived: its slot is free, and its blob is being committed (`committed`
    /// follows).
    mutating func arrived(from provider: String, at now: ContinuousClock.Instant) -> [Action] {
        transfers -= 1
        queue.finished(provider)
        commits += 1
        return startTransfers() + recordIfDue(at: now)
    }

    /// A transfer failed for good (after retries): its slot is free, and its outcome awaits the record.
    mutating func transferFailed(_ attempt: AlbumFetcher.DownloadAttempt, at now: ContinuousClock.Instant) -> [Action] {
        transfers -= 1
        queue.finished(attempt.key.provider)
        unrecorded.append(attempt)
        return startTransfers() + recordIfDue(at: now)
    }

    /// A blob was committed, or committing it failed: the outcome awaits the record.
    mutating func committed(_ attempt: AlbumFetcher.DownloadAttempt, at now: ContinuousClock.Instant) -> [Action] {
        commits -= 1
        unrecorded.append(attempt)
        return recordIfDue(at: now)
    }

    /// A batch was written to the album, with these results.
    mutating func recorded(_ results: [AlbumFetcher.DownloadResult], at now: ContinuousClock.Instant) -> [Action] {
        recording = .idle(since: now)
        for result in results {
            switch result {
            case .stored(let bytes):
                progress.done += 1
                progress.bytes += bytes
            case .rejected:
                rejected += 1
            case .failed, .gone:
                break
            }
        }
        return [.report(progress)] + recordIfDue(at: now)
    }

    /// The time a `wake` asked for is over: outcomes waiting since are written.
    mutating func due(at now: ContinuousClock.Instant) -> [Action] {
        waking = false
        return recordIfDue(at: now)
    }

    private mutating func startTransfers() -> [Action] {
        var started: [Action] = []
        while transfers < concurrency, let photo = queue.next() {
            transfers += 1
            started.append(.transfer(photo))
        }
        return started
    }

    private mutating func recordIfDue(at now: ContinuousClock.Instant) -> [Action] {
        guard case .idle(let since) = recording, !unrecorded.isEmpty else { return [] }
        let nothingElseRuns = transfers == 0 && commits == 0
        guard nothingElseRuns || unrecorded.count >= Self.recordBatch || now - since >= Self.recordInterval else {
            guard !waking else { return [] }
            waking = true
            return [.wake(after: Self.recordInterval - (now - since))]
        }
        recording = .writing
        defer { unrecorded.removeAll() }
        return [.record(unrecorded)]
    }
}
