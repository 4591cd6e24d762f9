import Foundation

/// How one provider answered a probe (`providers --check`): whether it found a photo, how fast,
/// and what it said.
public struct ProviderHealth: Encodable, Sendable {
    public var ok: Bool
    public var latencyMs: Int
    public var outcome: String
    /// What the provider holds, for providers that index (a directory provider's scan).
    public var inventory: Inventory?

    /// `PhotoInventory` as `providers --check --json` prints it.
    public struct Inventory: Encodable, Sendable {
        public var indexed: Int
        public var located: Int
        public var skipped: Int
        /// `[minLon, minLat, maxLon, maxLat]` of the located photos.
        public var boundingBox: [Double]?

        init(_ inventory: PhotoInventory) {
            indexed = inventory.indexed
            located = inventory.located
            skipped = inventory.skipped
            boundingBox = inventory.boundingBox.map { [$0.minLongitude, $0.minLatitude, $0.maxLongitude, $0.maxLatitude] }
        }

        /// "2,000 files indexed, 1,800 located, 3 skipped, box -74.04,-33.86,151.2,48.86"
        public var summary: String {
            let box = boundingBox.map { ", box " + $0.map { String(format: "%g", $0) }.joined(separator: ",") } ?? ""
            return "\(Plural.count(indexed, "file")) indexed, \(located) located, \(skipped) skipped\(box)"
        }
    }

    /// Asks every provider of `router` for one photo at a point inside its coverage, all at once;
    /// the answers by provider name.
    public static func probe(_ router: Router) async -> [String: ProviderHealth] {
        await withTaskGroup(of: (String, ProviderHealth).self) { group in
            for configured in router.providers {
                group.addTask { (configured.entry.name, await probe(configured)) }
            }
            var results: [String: ProviderHealth] = [:]
            for await (name, health) in group { results[name] = health }
            return results
        }
    }

    private static func probe(_ configured: ConfiguredProvider) async -> ProviderHealth {
        let started = ContinuousClock.now
        let inventory: PhotoInventory?
        do {
            inventory = try await configured.inventory()
        } catch {
            let failure = ProviderFailure(provider: configured.entry.name, error: error)
            return ProviderHealth(
                ok: false, latencyMs: milliseconds(since: started), outcome: "\(failure.reason.rawValue): \(failure.message)")
        }
        let held = inventory.map(Inventory.init)
        guard let point = await configured.probePoint(inventory: inventory) else {
            let outcome = inventory == nil ? "no coverage set and no probe point known" : "no photo with a location"
            return ProviderHealth(ok: false, latencyMs: milliseconds(since: started), outcome: outcome, inventory: held)
        }
        let result = await Router(providers: [configured]).search(center: point, radiusKm: 32, count: 1, exclude: [])
        let latency = milliseconds(since: started)
        if let found = result.candidates.first {
            return ProviderHealth(ok: true, latencyMs: latency, outcome: "found \(found.key)", inventory: held)
        }
        let outcome = result.failures.first.map { "\($0.reason.rawValue): \($0.message)" } ?? "no answer"
        return ProviderHealth(ok: false, latencyMs: latency, outcome: outcome, inventory: held)
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

extension Library {
    /// Probes every enabled provider at once (`ProviderHealth.probe`).
    public func checkProviders() async throws -> [String: ProviderHealth] {
        try await providers.withRouter(store: store) { await ProviderHealth.probe($0) }
    }
}
