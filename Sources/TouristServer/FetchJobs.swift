import Foundation
import Logging
import Synchronization
import TouristCore

/// The fetches and new collections this server runs, at most one per pin, each in its own task so
/// the request that starts one returns at once. A pin another process fetches (a terminal's
/// `tourist fetch`) is waited for first, through the pin's lease, so no fetch runs twice. Progress goes out as `progress` events, the end
/// as a `fetch-ended` event; the pin's own changes reach the pages through `StoreWatcher`.
final class FetchJobs: Sendable {
    enum Kind: Sendable {
        case fetch
        case newCollection
    }

    private let library: Library
    private let hub: EventHub
    private let logger: Logger
    private let running = Mutex<[String: (kind: Kind, task: Task<Void, Never>)]>([:])

    init(library: Library, hub: EventHub, logger: Logger) {
        self.library = library
        self.hub = hub
        self.logger = logger
    }

    /// Whether this server is filling pin `id`'s album now.
    func isRunning(_ id: String) -> Bool {
        kind(of: id) != nil
    }

    /// What this server is running for pin `id` now, or nil.
    func kind(of id: String) -> Kind? {
        running.withLock { $0[id]?.kind }
    }

    /// How `start` went.
    enum Start: Equatable {
        case started
        /// This server is filling the pin's album already.
        case running
        /// `limit` albums are being filled already; try again when one ends.
        case full
    }

    /// How many albums this server fills at once, whatever the pages ask: each fetch holds
    /// connections, files and memory.
    static let limit = 8

    /// Starts filling pin `id`'s album, unless it is being filled or `limit` others are.
    /// `allowFewer`: a new collection replaces the album even with fewer unseen photos than it holds.
    func start(_ kind: Kind, pin id: String, allowFewer: Bool = false) -> Start {
        running.withLock { jobs in
            guard jobs[id] == nil else { return .running }
            guard jobs.count < Self.limit else { return .full }
            jobs[id] = (kind, Task { await self.run(kind, pin: id, allowFewer: allowFewer) })
            return .started
        }
    }

    /// Stops every running fetch (the server is stopping); what was stored stays, and the next
    /// fetch resumes the rest.
    func cancelAll() async {
        let tasks = running.withLock { $0.values.map(\.task) }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    private func run(_ kind: Kind, pin id: String, allowFewer: Bool) async {
        let progress: @Sendable (FetchProgress) -> Void = { [hub] step in
            hub.publish(ServerEvent("progress", ProgressEvent(pin: id, done: step.done, total: step.total, bytes: step.bytes)))
        }
        let ended: FetchEndedEvent
        do {
            let outcome =
                switch kind {
                case .fetch: try await library.fetch(pin: id, progress: progress)
                case .newCollection: try await library.newCollection(pin: id, allowFewer: allowFewer, progress: progress)
                }
            ended = FetchEndedEvent(pin: id, outcome: outcome)
        } catch {
            logger.error("filling the album of pin \(id) failed: \(error)")
            ended = FetchEndedEvent(pin: id, error: error, paths: StorePathHiding(library.store))
        }
        running.withLock { $0[id] = nil }
        hub.publish(ServerEvent("fetch-ended", ended))
    }
}

/// `event: progress`.
struct ProgressEvent: Encodable {
    var pin: String
    var done: Int
    var total: Int
    var bytes: Int
}

/// `event: fetch-ended`: how a fetch this server ran ended. `kind` is the report's kind
/// (`FetchReport.Kind`), or `error` when an error stopped it (`error` then says what); `report`
/// holds the headline, the notes and the advice the page shows.
struct FetchEndedEvent: Encodable {
    var pin: String
    var kind: String
    var report: FetchReport?
    var error: String?

    init(pin: String, outcome: FetchOutcome) {
        self.pin = pin
        kind = outcome.report.kind.rawValue
        report = outcome.report
    }

    /// `paths`: the store's paths to keep out of the message.
    init(pin: String, error: any Error, paths: StorePathHiding) {
        self.pin = pin
        kind = "error"
        self.error = paths.hiding(String(describing: error))
    }
}
