import Testing
@testable import TouristCore

/// `DownloadPipeline` as a plain value: steps in, actions out, no network, no store, no clock but
/// the instants the test gives.
@Suite struct DownloadPipelineTests {
    let start = ContinuousClock.now

    func photo(_ provider: String, _ id: String) -> AlbumPhoto {
        AlbumPhoto(candidate: PhotoCandidate(key: PhotoKey(provider: provider, id: id), title: id, sources: [:]), size: .small240)
    }

    func photos(_ provider: String, _ count: Int) -> [AlbumPhoto] { (1...count).map { photo(provider, String($0)) } }

    func pipeline(_ pending: [AlbumPhoto], limits: [String: Int] = [:], concurrency: Int, stored: Int = 0) -> DownloadPipeline {
        DownloadPipeline(
            pending: pending, limits: limits, concurrency: concurrency,
            progress: FetchProgress(done: stored, total: stored + pending.count, bytes: 0), now: start
        )
    }

    func failed(_ provider: String, _ id: String) -> AlbumFetcher.DownloadAttempt {
        AlbumFetcher.DownloadAttempt(key: PhotoKey(provider: provider, id: id), result: .failure(ProviderError.unavailable("down")))
    }

    func stored(_ provider: String, _ id: String, bytes: Int) -> AlbumFetcher.DownloadAttempt {
        let blob = BlobInfo(sha256: String(repeating: "a", count: 64), bytes: bytes, mimeType: "image/jpeg")
        let header = ImageHeader(storedWidth: 96, storedHeight: 64, orientation: 1, pages: 1, mimeType: "image/jpeg")
        return AlbumFetcher.DownloadAttempt(
            key: PhotoKey(provider: provider, id: id),
            result: .success(.init(blob: blob, source: nil, header: header, derived: [], look: nil)))
    }

    func after(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    /// The wake asked for by the first outcome that waits: a whole interval.
    let wakeAfterTheInterval = "wake \(Int(DownloadPipeline.recordInterval / .milliseconds(1))) ms"

    /// Actions in words: `transfer a:1`, `record a:1 a:2`, `report 1/3 100`.
    func words(_ actions: [DownloadPipeline.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .transfer(let photo): "transfer \(photo.key)"
            case .record(let batch): "record " + batch.map(\.key.description).joined(separator: " ")
            case .report(let progress): "report \(progress.done)/\(progress.total) \(progress.bytes)"
            case .wake(let delay): "wake \(Int(delay / .milliseconds(1))) ms"
            }
        }
    }

    @Test func startsWithTheProgressSoFarAndAtMostConcurrencyTransfers() {
        var downloads = pipeline(photos("a", 3), concurrency: 2, stored: 4)
        #expect(words(downloads.start()) == ["report 4/7 0", "transfer a:1", "transfer a:2"])
        var atLeastOne = pipeline(photos("a", 2), concurrency: 0)
        #expect(words(atLeastOne.start()) == ["report 0/2 0", "transfer a:1"], "a concurrency below 1 still downloads, one at a time")
    }

    @Test func aFreedSlotStartsTheNextPhotoWithinItsProvidersLimit() {
        var downloads = pipeline([photo("a", "1"), photo("a", "2"), photo("b", "1"), photo("b", "2")], limits: ["a": 1], concurrency: 2)
        #expect(words(downloads.start()) == ["report 0/4 0", "transfer a:1", "transfer b:1"])
        #expect(words(downloads.arrived(from: "b", at: start)) == ["transfer b:2"], "a is at its limit of 1: b's next photo takes the slot")
        #expect(
            words(downloads.transferFailed(failed("a", "1"), at: start)) == ["transfer a:2", wakeAfterTheInterval],
            "its outcome waits, woken at the latest after the interval")
        #expect(words(downloads.arrived(from: "a", at: start)) == [], "nothing is left to start")
    }

    @Test func whenNothingElseRunsTheOutcomesAreRecordedAtOnce() {
        var downloads = pipeline(photos("a", 2), concurrency: 2)
        _ = downloads.start()
        #expect(words(downloads.arrived(from: "a", at: start)) == [])
        #expect(
            words(downloads.transferFailed(failed("a", "2"), at: start)) == [wakeAfterTheInterval], "a 1's blob is still being committed")
        #expect(words(downloads.committed(stored("a", "1", bytes: 100), at: start)) == ["record a:2 a:1"])
        #expect(words(downloads.recorded([.failed, .stored(bytes: 100)], at: start)) == ["report 1/2 100"])
        #expect(downloads.rejected == 0)
    }

    @Test func outcomesWaitForAFullBatchOrTheInterval() {
        let count = DownloadPipeline.recordBatch + 2
        let waited = Int(DownloadPipeline.recordInterval / .milliseconds(1))
        var downloads = pipeline(photos("a", count), concurrency: count)
        _ = downloads.start()
        for id in 1..<DownloadPipeline.recordBatch {
            #expect(words(downloads.transferFailed(failed("a", String(id)), at: start)) == (id == 1 ? [wakeAfterTheInterval] : []))
        }
        let full = words(downloads.transferFailed(failed("a", String(DownloadPipeline.recordBatch)), at: start))
        #expect(
            full.count == 1 && full.first?.hasPrefix("record a:1 a:2 ") == true
                && full.first?.hasSuffix(" a:\(DownloadPipeline.recordBatch)") == true)
        #expect(
            words(downloads.recorded(Array(repeating: .failed, count: DownloadPipeline.recordBatch), at: after(10))) == [
                "report 0/\(count) 0"
            ])
        #expect(
            words(downloads.transferFailed(failed("a", "33"), at: after(9 + waited))) == [],
            "not yet: the interval counts from the last record (and a wake is on its way)")
        #expect(words(downloads.arrived(from: "a", at: after(10 + waited))) == ["record a:33"])
    }

    /// A photo that arrived while another's transfer hangs is written once the interval is over,
    /// woken by the fetcher (one wake at a time), not when the hung transfer ends.
    @Test func anOutcomeIsWrittenAfterTheIntervalWhileATransferStalls() {
        let waited = Int(DownloadPipeline.recordInterval / .milliseconds(1))
        var downloads = pipeline(photos("a", 3), concurrency: 2)
        _ = downloads.start()
        #expect(words(downloads.transferFailed(failed("a", "1"), at: after(50))) == ["transfer a:3", "wake \(waited - 50) ms"])
        #expect(words(downloads.transferFailed(failed("a", "3"), at: after(60))) == [], "a wake is already coming")
        #expect(words(downloads.due(at: after(waited))) == ["record a:1 a:3"], "a:2's transfer still runs")
        #expect(words(downloads.recorded([.failed, .failed], at: after(waited + 1))) == ["report 0/3 0"])
    }

    @Test func oneBatchIsWrittenAtATime() {
        var downloads = pipeline(photos("a", 3), concurrency: 3)
        _ = downloads.start()
        _ = downloads.transferFailed(failed("a", "1"), at: start)
        #expect(words(downloads.transferFailed(failed("a", "2"), at: after(1000))) == ["record a:1 a:2"])
        #expect(
            words(downloads.transferFailed(failed("a", "3"), at: after(2000))) == [],
            "while a batch is written, even with nothing else running")
        #expect(
            words(downloads.recorded([.failed, .failed], at: after(2001))) == ["report 0/3 0", "record a:3"], "then what was left, at once")
    }

    @Test func progressCountsStoredPhotosAndTheirBytesAndRejectionsOnceRecorded() {
        var downloads = pipeline(photos("a", 5), concurrency: 5, stored: 2)
        _ = downloads.start()
        let results: [AlbumFetcher.DownloadResult] = [.stored(bytes: 10), .rejected, .failed, .gone, .stored(bytes: 5)]
        #expect(words(downloads.recorded(results, at: start)) == ["report 4/7 15"])
        #expect(downloads.progress == FetchProgress(done: 4, total: 7, bytes: 15) && downloads.rejected == 1)
    }
}
