import Foundation
import ServiceLifecycle
import TouristCore

/// Notices every change to the pins, whoever makes it (this server, or a `tourist fetch` in a
/// terminal), and publishes it: `pin` for a pin added or changed (state, photo count, error),
/// `pin-removed` for a pin gone. Every album save also writes the pin list, so watching its
/// signature (`Store.changeSignature`) sees every change; the list is read again only when it
/// changed. Pins are compared as stored, with their state as it is now (`Library.withCurrentState`):
/// a pin stored as fetching whose fetch ended without saying so (Ctrl-C, a killed process) is
/// announced as interrupted once its lease is free, though the pin list did not change. Only the
/// pins announced are given their nearest city (`Library.placed`), as `GET /api/pins` shows them.
/// Runs until the server stops, then ends the event streams.
struct StoreWatcher: Service {
    let library: Library
    let hub: EventHub
    /// How often the pin list's files are looked at.
    let interval: Duration

    init(library: Library, hub: EventHub, interval: Duration = .milliseconds(200)) {
        self.library = library
        self.hub = hub
        self.interval = interval
    }

    func run() async throws {
        var signature = try? await readSignature()
        var known = (try? await readPins(changedFrom: nil))?.current ?? [:]
        var sinceKeepAlive = Duration.zero
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                try? await Task.sleep(for: interval)
                sinceKeepAlive += interval
                if sinceKeepAlive >= .seconds(15) {
                    hub.publish(.keepAlive)
                    sinceKeepAlive = .zero
                }
                let now = try? await readSignature()
                if now != signature, let read = try? await readPins(changedFrom: known) {
                    signature = now
                    for pin in read.changed { hub.publish(ServerEvent("pin", PinJSON(pin))) }
                    for id in known.keys where read.current[id] == nil { hub.publish(ServerEvent("pin-removed", ["id": id])) }
                    known = read.current
                } else if let ended = try? await fetchesEnded(among: known.values.filter { $0.state == .fetching }) {
                    for (pin, shown) in ended {
                        known[pin.id] = pin
                        hub.publish(ServerEvent("pin", PinJSON(shown)))
                    }
                }
            }
        } onGracefulShutdown: {
            hub.finishAll()
        }
        hub.finishAll()
    }

    /// `Store.changeSignature`, on the store threads: it reads files (on a bucket, asks it over the
    /// network), which the cooperative pool the connections need must not wait for.
    private func readSignature() async throws -> String {
        try await ServerThreads.onStore { [library] in try library.store.changeSignature() }
    }

    /// The pins as stored, each with its state as it is now, and those that differ from `known`
    /// as they are announced, with their nearest city (none when `known` is nil: at the start
    /// there is nothing to announce); on the store threads (it reads the pin list's files and the
    /// leases).
    private func readPins(changedFrom known: [String: Pin]?) async throws -> (current: [String: Pin], changed: [Pin]) {
        try await ServerThreads.onStore { [library] in
            let pins = try library.store.pins().map(library.withCurrentState)
            let current = Dictionary(pins.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
            guard let known else { return (current, []) }
            return (current, library.placed(pins.filter { known[$0.id] != $0 }))
        }
    }

    /// Those of `fetching` (pins announced as fetching) that no process fetches any longer, as they
    /// stand now and as they are announced; on the store threads (each lease is a file, or an
    /// object in the bucket).
    private func fetchesEnded(among fetching: [Pin]) async throws -> [(pin: Pin, shown: Pin)] {
        guard !fetching.isEmpty else { return [] }
        return try await ServerThreads.onStore { [library] in
            let ended = fetching.map(library.withCurrentState).filter { $0.state != .fetching }
            return Array(zip(ended, library.placed(ended)))
        }
    }
}
