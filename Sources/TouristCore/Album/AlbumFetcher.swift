import Foundation
import Logging

/// Fills a pin's album: chooses photos through the router, downloads them into the store with
/// bounded concurrency and retries, and records each one as it lands, so an interrupted fetch
/// (even a SIGKILL) resumes where it stopped.
public struct AlbumFetcher: Sendable {
    public let store: Store
    public let router: Router
    public let downloads: TouristConfig.Downloads
    public let size: PhotoSize
    public let retryPolicy: RetryPolicy
    public let logger: Logger
    public let progress: (@Sendable (FetchProgress) -> Void)?
    /// Slots shared with the fetches of other pins running at once (`Library.fetchAll`): every
    /// transfer holds one, so the run as a whole keeps `downloads.concurrency`. Nil: this fetch
    /// alone counts.
    public let sharedTransfers: ConcurrencyGate?
    /// Whether a photo that looks like one the album holds or removed is set aside, and how alike is alike.
    public let lookalikes: TouristConfig.Lookalikes

    public init(
        store: Store, router: Router, downloads: TouristConfig.Downloads, size: PhotoSize,
        retryPolicy: RetryPolicy, logger: Logger, progress: (@Sendable (FetchProgress) -> Void)? = nil,
        sharedTransfers: ConcurrencyGate? = nil, lookalikes: TouristConfig.Lookalikes = TouristConfig.Lookalikes()
    ) {
        self.store = store
        self.router = router
        self.downloads = downloads
        self.size = size
        self.retryPolicy = retryPolicy
        self.logger = logger
        self.progress = progress
        self.sharedTransfers = sharedTransfers
        self.lookalikes = lookalikes
    }

    /// Completes the album of pin `id`: a no-op when it is complete, a resume when it was interrupted.
    /// `count` changes how many photos the album holds.
    public func fetch(pin id: String, count: Int?) async throws -> FetchOutcome {
        let album = try await store.transactionInBackground { [store] transaction in
            var album = try transaction.album(id)
            let target = count ?? album.target
            if Self.isComplete(album, target: target, store: store) { return nil as Album? }
            // A stored photo whose blob is gone (deleted by hand, set aside by `store repair`) is
            // downloaded again (the store decides whether that can happen, see `holdsUsedBlob`).
            for index in album.photos.indices {
                album.photos[index].views?.removeAll { !store.holdsUsedBlob($0.sha256) }
                guard album.photos[index].state == .stored, let sha256 = album.photos[index].sha256, !store.holdsUsedBlob(sha256) else {
                    continue
                }
                album.photos[index].forgetBlob()
            }
            album.target = target
            for index in album.photos.indices where album.photos[index].state == .failed {
                album.photos[index].state = .pending
                album.photos[index].error = nil
            }
            album.pin.state = .fetching
            album.pin.error = nil
            album.pin.failure = nil
            try transaction.save(album)
            return album
        }
        guard let album else {
            let complete = try await store.albumInBackground(id)
            return FetchOutcome(report: .alreadyComplete(complete.pin), album: complete, providerFailures: [])
        }
        return try await fill(album, operation: .fetch, searched: false, failures: [])
    }

    /// Whether `album` needs nothing for `target` photos: ready, each photo stored (its file still
    /// in the store) or rejected, and no provider it could not reach to ask again. It only reads,
    /// so a fetch with nothing to do answers before any provider is set up (`Library.fetch`).
    static func isComplete(_ album: Album, target: Int, store: Store) -> Bool {
        album.pin.state == .ready && album.target == target && album.report?.asksAgain != true
            && album.photos.allSatisfy { photo in
                photo.state == .rejected || (photo.state == .stored && (photo.sha256.map(store.holdsUsedBlob) ?? true))
            }
    }

    /// Replaces the album with photos the pin has not shown before; removed photos never return.
    /// The providers are asked how many unseen photos are left before anything changes: with none,
    /// the album is left as it is (`noNewPhotos`); with fewer than the album holds, it is left as it
    /// is too (`fewUnseen`, with the count) unless `allowFewer` says to replace it with them, and
    /// the new collection is then smaller (`short`). A new collection never shrinks an album unasked.
    public func newCollection(pin id: String, count: Int?, allowFewer: Bool = false) async throws -> FetchOutcome {
        let current = try await store.albumInBackground(id)
        let target = count ?? current.target
        let found = try await unseen(current, count: target)
        guard !found.candidates.isEmpty else {
            // The album is left as it was, whatever the reason.
            return FetchOutcome(
                report: .noNewCollection(current.pin, failures: found.failures).noting(undated: found.undated), album: current,
                providerFailures: found.failures)
        }
        if !allowFewer, Self.wouldShrink(current, to: found.candidates.count, target: target) {
            let report = FetchReport.fewUnseen(
                current.pin, unseen: found.candidates.count, holds: current.keptCount, failures: found.failures)
            return FetchOutcome(report: report, album: current, providerFailures: found.failures)
        }
        let album = try await store.transactionInBackground { [size] transaction in
            var album = try transaction.album(id)
            let leaving = album.photos
            album.shown.formUnion(leaving.map(\.key))
            album.photos = found.candidates.filter { !album.removed.contains($0.key) }.map { AlbumPhoto(candidate: $0, size: size) }
            album.orderAlongRoute()
            album.shown.formUnion(album.photos.map(\.key))
            album.recordPages(found.pages)
            album.target = target
            album.pin.state = .fetching
            album.pin.error = nil
            album.pin.failure = nil
            // The album stops using the old photos before their references go (and with the last
            // one, their blobs): a crash in between leaves an unused blob, never a missing one.
            try transaction.save(album)
            for photo in leaving {
                if let sha256 = photo.sha256, photo.state == .stored {
                    try transaction.releaseReference(sha256, pin: id, key: photo.key)
                }
                try transaction.releaseViews(of: photo, pin: id)
            }
            return album
        }
        return try await fill(
            album, operation: .newCollection, searched: true, failures: found.failures, requests: found.requests, undated: found.undated)
    }

    /// Whether replacing `album` with `unseen` photos leaves it with fewer than it holds, when it
    /// was to hold `target`: a smaller `--count` asked for, or an album that held fewer already,
    /// is no loss.
    static func wouldShrink(_ album: Album, to unseen: Int, target: Int) -> Bool {
        unseen < target && unseen < album.keptCount
    }

    /// Up to `count` photos `album`'s pin has not shown, and who gave nothing. By the `first`
    /// strategy one provider answers a search; when it has fewer than asked, the next search
    /// (past them) lets the next provider add its own, so the count is what all of them have left.
    private func unseen(_ album: Album, count: Int) async throws -> RouteResult {
        let area = try album.searchArea
        var exclude = album.excluded.union(album.photos.map(\.key))
        var found = RouteResult(candidates: [], failures: [])
        let rounds = router.strategy == .first ? max(1, router.providers.count) : 1
        for round in 0..<rounds where found.candidates.count < count {
            let more = await router.search(
                area, count: count - found.candidates.count, exclude: exclude, window: album.pin.window,
                fresh: album.pageHistory ?? PageHistory())
            found.count(more)
            if round == 0 {
                found.failures = more.failures
            } else {
                // A provider that answered before has merely run out; others are said once.
                let said = Set(found.failures.map(\.provider)).union(found.candidates.map(\.key.provider))
                found.failures += more.failures.filter { !said.contains($0.provider) }
            }
            guard !more.candidates.isEmpty else { break }
            found.candidates += more.candidates
            exclude.formUnion(more.candidates.map(\.key))
        }
        return found
    }

    /// Takes the photos that failed because their provider stopped working for the rest of this
    /// command (`OutOfServiceReporting`) out of the album, and out of what it has shown, so others
    /// take their places now and they can come back once the provider works again. Returns how many.
    private func giveBackUndelivered(pin id: String) async throws -> Int {
        let failedProviders = Set(try await store.albumInBackground(id).photos.filter { $0.state == .failed }.map(\.key.provider))
        var stopped = Set<String>()
        for name in failedProviders where await router.provider(named: name)?.isOutOfService == true { stopped.insert(name) }
        guard !stopped.isEmpty else { return 0 }
        return try await store.transactionInBackground { [stopped, logger] transaction in
            var album = try transaction.album(id)
            let leaving = album.photos.filter { $0.state == .failed && stopped.contains($0.key.provider) }
            album.photos.removeAll { $0.state == .failed && stopped.contains($0.key.provider) }
            album.shown.subtract(leaving.map(\.key))
            try transaction.save(album)
            for provider in stopped.sorted() {
                logger.debug(
                    "\(provider) stopped working: its \(leaving.count { $0.key.provider == provider }) undelivered photos leave the album for others"
                )
            }
            return leaving.count
        }
    }

    /// Each provider's failure once: `earlier`'s, less those of providers that failed again in
    /// `later`, then `later`'s (a provider that could not be reached for the first search and again
    /// for a replacement is one note, not two).
    static func latest(_ earlier: [ProviderFailure], then later: [ProviderFailure]) -> [ProviderFailure] {
        earlier.filter { old in !later.contains { $0.provider == old.provider } } + later
    }

    /// The most searches one fetch makes for photos to replace rejected ones.
    static let replacementRounds = 3

    /// Searches for what the album lacks (unless `searched` already did), downloads every pending
    /// photo, replaces rejected photos by other candidates, and settles the pin's state.
    private func fill(
        _ start: Album, operation: FetchReport.Operation, searched alreadySearched: Bool, failures earlier: [ProviderFailure],
        requests earlierRequests: [String: Int] = [:], undated earlierUndated: [String: Int] = [:]
    ) async throws -> FetchOutcome {
        let id = start.pin.id
        let area = try start.searchArea
        var failures = earlier
        var requests = earlierRequests
        var undated = earlierUndated
        var searched = alreadySearched
        var searchNow = !alreadySearched
        var round = 0
        while true {
            let album = try await store.albumInBackground(id)
            let missing = album.target - album.keptCount
            if searchNow, missing > 0 {
                searched = true
                let exclude = album.excluded.union(album.photos.map(\.key))
                let result = await router.search(area, count: missing, exclude: exclude, window: album.pin.window)
                requests.merge(result.requests, uniquingKeysWith: +)
                undated.merge(result.undated, uniquingKeysWith: +)
                failures = round == 0 ? result.failures : Self.latest(failures, then: result.failures.filter { !$0.isNoPhotos })
                try await store.transactionInBackground { [size] transaction in
                    var album = try transaction.album(id)
                    let present = Set(album.photos.map(\.key))
                    for candidate in result.candidates where !present.contains(candidate.key) && !album.removed.contains(candidate.key) {
                        album.photos.append(AlbumPhoto(candidate: candidate, size: size))
                        album.shown.insert(candidate.key)
                    }
                    album.orderAlongRoute()
                    album.recordPages(result.pages)
                    try transaction.save(album)
                }
            }
            let rejected = try await downloadPending(pin: id)
            let givenBack = try await giveBackUndelivered(pin: id)
            round += 1
            // Photos the provider cannot deliver leave room: other candidates fill it.
            guard rejected + givenBack > 0, round <= Self.replacementRounds else { break }
            searchNow = true
        }
        return try await store.transactionInBackground { [failures, searched, router, requests, undated] transaction in
            var album = try transaction.album(id)
            let report = FetchReport.ending(
                operation, album: album, failures: failures, searched: searched, providersEnabled: !router.providers.isEmpty
            ).noting(undated: undated)
            album.report = report
            report.mark(&album.pin)
            try transaction.save(album)
            var outcome = FetchOutcome(report: report, album: album, providerFailures: failures)
            outcome.searchRequests = requests
            return outcome
        }
    }
}
