import Foundation

/// One configured provider as `providers` lists it (`--json`: one of its `providers`): its place
/// in the routing order, its coverage and limits, how much of its hourly request budget the last
/// hour used, and, once checked, its health.
public struct ProviderStatus: Sendable, Encodable {
    public var name: String
    public var type: String
    public var order: Int
    public var enabled: Bool
    /// The configured coverage, `[west, south, east, north]`.
    public var coverage: [Double]?
    /// Where the provider is asked without a configured coverage: "everywhere", "its photos' box".
    public var defaultCoverage: String
    public var concurrency: Int?
    public var timeoutSeconds: Double?
    public var requestsPerHour: Int?
    /// Searches and lookups sent in the last hour, counted in the store (with requestsPerHour).
    public var requestsLastHour: Int?
    /// When the hour's budget has room again, once it is used up.
    public var budgetRefillsAt: Date?
    /// How a check went (`Library.checkProviders`); nil when not checked.
    public var health: ProviderHealth?
}

extension ProviderSetup {
    /// Every configured provider in routing order, with the use of its hourly budget read from the
    /// request logs under `stateRoot` (`StoreAddress.stateDirectory`), read only: listing the
    /// providers creates no store.
    public func status(stateRoot: String, now: Date = Date()) throws -> [ProviderStatus] {
        try config.providers.enumerated().map { index, entry in
            var status = ProviderStatus(
                name: entry.name, type: entry.type, order: index + 1, enabled: entry.enabled,
                coverage: entry.coverage.map { [$0.minLongitude, $0.minLatitude, $0.maxLongitude, $0.maxLatitude] },
                defaultCoverage: loader.registry.factory(for: entry.type)?.defaultCoverage ?? "everywhere",
                concurrency: entry.concurrency, timeoutSeconds: entry.timeoutSeconds, requestsPerHour: entry.requestsPerHour
            )
            if let perHour = entry.requestsPerHour {
                let budget = RequestBudget(directory: ConfigLoader.stateDirectory(ofProvider: entry.name, in: stateRoot), perHour: perHour)
                let usage = try budget.usage(now: now)
                status.requestsLastHour = usage.used
                status.budgetRefillsAt = usage.used >= perHour ? usage.nextRefill : nil
            }
            return status
        }
    }
}
