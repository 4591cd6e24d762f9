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
    /// fetching, failed or empty); with `count`, every pin (an album of another size is not
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
    public func fetchAll(
        _ pins: [Pin], count: Int? = nil, size: PhotoSize? = nil, providerNames: [String] = [],
        progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws -> BatchFetch {
        let tally = BatchProgressTally(pins, target: count ?? config.album.photos)
        let width = 2 * config.downloads.concurrency
        let transfers = ConcurrencyGate(width: config.downloads.concurrency)
        return try await providers.withRouter(only: providerNames, store: store) { router in
            try await withThrowingTaskGroup(of: (Int, PinFetch).self) { group in
                var results = [PinFetch?](repeating: nil, count: pins.count)
                var last = tally.snapshot
                var next = 0
                func startNext() {
                    guard next < pins.count else { return }
                    let index = next
                    let pin = pins[index]
                    next += 1
                    let fetcher = fetcher(router, size: size, progress: { pinProgress in
                        let run = tally.update(pin: pin.id, pinProgress)
                        progress?(run)
                    }, sharedTransfers: transfers)
                    group.addTask {
                        let result: Result<FetchOutcome, any Error>
                        do {
                            result = .success(try await fetcher.fetch(pin: pin.id, count: count))
                        } catch is CancellationError {
                            throw CancellationError()
                        } catch {
                            result = .failure(error)
                        }
                        return (index, PinFetch(pin: pin, result: result))
                    }
                }
                for _ in 0..<width { startNext() }
                while let (index, fetched) = try await group.next() {
                    results[index] = fetched
                    last = tally.finishPin(failed: !fetched.endedWell)
                    progress?(last)
                    startNext()
                }
                return BatchFetch(pins: results.compactMap { $0 }, progress: last)
            }
        }
    }
}

extension PinFetch {
    /// Whether the pin's fetch ended well (`FetchOutcome.Status.endsWell`).
    public var endedWell: Bool {
        guard case .success(let outcome) = result else { return false }
        return outcome.status.endsWell
    }
}
