import Foundation

/// How a run of `Library.fetchAll` ended: each pin's result in the order asked, and the run's
/// progress at its end (bytes downloaded, photos stored).
public struct BatchFetch: Sendable {
    public var pins: [PinFetch]
    public var progress: BatchProgress
}

/// How one pin of `Library.fetchAll` ended: the pin as it was before, and its fetch's outcome or
/// the error that stopped it.
public struct PinFetch: Sendable {
    public var pin: Pin
    public var result: Result<FetchOutcome, any Error>
}

extension Library {
    /// The pins `fetch --all` works on, oldest first: those whose album is not complete (new,
    /// fetching, interrupted, failed or empty); with `count`, every pin (an album of another size is not
    /// complete).
    public func pinsToFetch(count: Int?) throws(StoreError) -> [Pin] {
        let pins = try self.pins()
        return count == nil ? pins.filter { $0.state != .ready } : pins
    }

    /// Fetches the albums of `pins` (see `fetch`), twice `downloads.concurrency` at a time, so one
    /// pin's search overlaps the others' downloads. They share
    /// one router, so each provider's `concurrency`, request budget and time-outs hold for the run
    /// as a whole, and the run's transfers together keep to `downloads.concurrency`. One pin's
    /// failure does not stop the others. `progress` hears the run's progress as a whole.
    ///
    /// Each pin is fetched under its lease (`Store.takeLease`, renewed every third of
    /// `leases.duration`), so runs on several machines (or processes) against one store divide the
    /// pins: a pin another run holds is put off and tried again once the rest are done, and is
    /// then complete (its fetch is a no-op), or taken over when its holder died. A pin still held
    /// `leases.longestWait` after it was first put off ends as `busy`, naming its holder. What is
    /// logged while a pin is fetched carries its id (`FetchingPin.metadataProvider`).
    public func fetchAll(
        _ pins: [Pin], count: Int? = nil, size: PhotoSize? = nil, providerNames: [String] = [],
        progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws -> BatchFetch {
        let tally = BatchProgressTally(pins, target: count ?? config.album.photos)
        let width = 2 * config.downloads.concurrency
        let transfers = ConcurrencyGate(width: config.downloads.concurrency)
        return try await providers.withRouter(only: providerNames, store: store) { router in
            try await withThrowingTaskGroup(of: (Int, PinFetch?).self) { group in
                var results = [PinFetch?](repeating: nil, count: pins.count)
                var last = tally.snapshot
                var queue = Array(pins.indices)
                var putOff: [Int] = []
                var putOffSince: [Int: ContinuousClock.Instant] = [:]
                var running = 0
                func startNext() {
                    guard !queue.isEmpty else { return }
                    let index = queue.removeFirst()
                    let pin = pins[index]
                    let waitedEnough = putOffSince[index].map { ContinuousClock.now - $0 >= .seconds(leases.longestWait) } ?? false
                    running += 1
                    let fetcher = fetcher(
                        router, size: size,
                        progress: { pinProgress in
                            let run = tally.update(pin: pin.id, pinProgress)
                            progress?(run)
                        }, sharedTransfers: transfers)
                    group.addTask { [self] in
                        // What is logged while fetching it names the pin (`FetchingPin`).
                        try await FetchingPin.$id.withValue(pin.id) { () async throws -> (Int, PinFetch?) in
                            let lease: PinLease?
                            do {
                                lease = try await takeLease(pin: pin.id)
                                if lease == nil, waitedEnough,
                                    let holder = try await BlockingIO.run({ [store, leases] in
                                        store.leaseRecord(pin: pin.id, timing: leases)
                                    })
                                {
                                    return (index, PinFetch(pin: pin, result: .failure(heldTooLong(pin: pin.id, by: holder))))
                                }
                            } catch {
                                return (index, PinFetch(pin: pin, result: .failure(error)))
                            }
                            guard let lease else { return (index, nil) }
                            return (
                                index,
                                PinFetch(
                                    pin: pin,
                                    result: try await Self.fetch(pin, count: count, with: fetcher, holding: lease, for: leases.duration))
                            )
                        }
                    }
                }
                for _ in 0..<width { startNext() }
                while let (index, fetched) = try await group.next() {
                    running -= 1
                    if let fetched {
                        results[index] = fetched
                        last = tally.finishPin(failed: !fetched.endedWell)
                        progress?(last)
                    } else {
                        putOff.append(index)
                        if putOffSince[index] == nil { putOffSince[index] = .now }
                    }
                    if queue.isEmpty, running == 0, !putOff.isEmpty {
                        // Only pins other runs hold are left: look again in a moment, so the run
                        // ends soon after theirs.
                        try await Self.pauseBeforeLookingAgain()
                        queue = putOff
                        putOff = []
                        for _ in 0..<width { startNext() }
                    } else {
                        startNext()
                    }
                }
                return BatchFetch(pins: results.compactMap { $0 }, progress: last)
            }
        }
    }
}

extension Library {
    /// Fetches `pin` while holding `lease` (see `holding`); an error is the pin's result, not the run's.
    static func fetch(_ pin: Pin, count: Int?, with fetcher: AlbumFetcher, holding lease: PinLease, for duration: TimeInterval) async throws
        -> Result<FetchOutcome, any Error>
    {
        do {
            return .success(try await holding(lease, for: duration) { try await fetcher.fetch(pin: pin.id, count: count) })
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .failure(error)
        }
    }

    /// Runs `body` while holding `lease`, renewing it every third of `duration`, and gives the
    /// lease up at the end, however `body` ends (a crash leaves it to expire).
    static func holding<T: Sendable>(_ lease: PinLease, for duration: TimeInterval, _ body: () async throws -> T) async throws -> T {
        let renewing = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(duration / 3))
                guard !Task.isCancelled else { return }
                _ = try? await BlockingIO.run { try lease.renew(duration: duration) }
            }
        }
        defer { renewing.cancel() }
        let result: Result<T, any Error>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        renewing.cancel()
        try? await BlockingIO.run { try lease.release() }
        return try result.get()
    }
}

extension PinFetch {
    /// Whether the pin's fetch ended well (`FetchReport.Kind.endsWell`).
    public var endedWell: Bool {
        guard case .success(let outcome) = result else { return false }
        return outcome.report.kind.endsWell
    }
}
