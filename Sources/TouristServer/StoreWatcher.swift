import Foundation
import ServiceLifecycle
import TouristCore

/// Notices every change to the pins, whoever makes it (this server, or a `tourist fetch` in a
/// terminal), and publishes it: `pin` for a pin added or changed (state, photo count, error),
/// `pin-removed` for a pin gone. Every album save also writes the pin list, so watching its
/// signature (`Store.changeSignature`) sees every change; the list is read again only when it changed. Runs until the server stops, then ends the event streams.
struct StoreWatcher: Service {
    let store: Store
    let hub: EventHub
    /// How often the pin list's files are looked at.
    let interval: Duration

    init(store: Store, hub: EventHub, interval: Duration = .milliseconds(200)) {
        self.store = store
        self.hub = hub
        self.interval = interval
    }

    func run() async throws {
        var signature = try? store.changeSignature()
        var known = Dictionary(((try? store.pins()) ?? []).map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        var sinceKeepAlive = Duration.zero
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                try? await Task.sleep(for: interval)
                sinceKeepAlive += interval
                if sinceKeepAlive >= .seconds(15) {
                    hub.publish(.keepAlive)
                    sinceKeepAlive = .zero
                }
                let now = try? store.changeSignature()
                guard now != signature, let pins = try? store.pins() else { continue }
                signature = now
                let current = Dictionary(pins.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
                for pin in pins where known[pin.id] != pin { hub.publish(ServerEvent("pin", pin)) }
                for id in known.keys where current[id] == nil { hub.publish(ServerEvent("pin-removed", ["id": id])) }
                known = current
            }
        } onGracefulShutdown: {
            hub.finishAll()
        }
        hub.finishAll()
    }
}
