import Synchronization

/// Where a run over many pins (`Library.fetchAll`) stands, for one progress display.
public struct BatchProgress: Sendable, Equatable {
    /// Pins whose fetch ended, and how many the run has.
    public var pinsDone: Int
    public var pinsTotal: Int
    /// Of the pins done, those that did not end well (their exit code would not be 0).
    public var pinsFailed: Int
    /// Photos stored, of those the albums hold (estimated by the target for pins not started).
    public var photosDone: Int
    public var photosTotal: Int
    /// Bytes downloaded in this run.
    public var bytes: Int
}

/// Adds the progress of the pins a run fetches at once into one `BatchProgress`.
final class BatchProgressTally: Sendable {
    private struct State {
        var progress: BatchProgress
        /// Each pin's latest progress; for a pin not started, an estimate from its pin summary.
        var latest: [String: FetchProgress]
    }

    private let state: Mutex<State>

    /// `pins` with the album size a pin not started yet counts for (`target`).
    init(_ pins: [Pin], target: Int) {
        var latest: [String: FetchProgress] = [:]
        for pin in pins { latest[pin.id] = FetchProgress(done: min(pin.photos, target), total: target, bytes: 0) }
        let progress = BatchProgress(
            pinsDone: 0, pinsTotal: pins.count, pinsFailed: 0,
            photosDone: latest.values.reduce(0) { $0 + $1.done }, photosTotal: latest.values.reduce(0) { $0 + $1.total }, bytes: 0
        )
        state = Mutex(State(progress: progress, latest: latest))
    }

    /// The run's progress now.
    var snapshot: BatchProgress { state.withLock { $0.progress } }

    /// Records pin `id`'s progress; returns the run's.
    func update(pin id: String, _ progress: FetchProgress) -> BatchProgress {
        state.withLock { state in
            let before = state.latest[id] ?? FetchProgress(done: 0, total: 0, bytes: 0)
            state.latest[id] = progress
            state.progress.photosDone += progress.done - before.done
            state.progress.photosTotal += progress.total - before.total
            state.progress.bytes += progress.bytes - before.bytes
            return state.progress
        }
    }

    /// Records that one pin's fetch ended (`failed`: not well); returns the run's progress.
    func finishPin(failed: Bool) -> BatchProgress {
        state.withLock { state in
            state.progress.pinsDone += 1
            if failed { state.progress.pinsFailed += 1 }
            return state.progress
        }
    }
}
