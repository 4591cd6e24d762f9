import Foundation
import Synchronization

/// A built provider with the config entry it came from and the limits the router keeps for it.
///
/// Every request to the provider goes through here, so the entry's limits hold whoever asks (the
/// router's searches, the album's downloads, `photo get`, `providers --check`):
/// - `concurrency`: at most that many requests of this provider at once, of any kind, in this
///   process; the others wait their turn.
/// - `requestsPerHour`: searches and lookups (the calls that ask the service what it has) in any
///   sliding hour, across processes and runs, counted in `<state>/requests`; a photo's download is
///   not counted (Flickr serves images apart from its API, and `concurrency` paces downloads).
/// - `timeoutSeconds`: the longest a search page or a lookup may take, retries included.
/// A provider itself never limits or times out its requests, and retries none but a request of a
/// many-request page that the service told to wait (`ProviderContext.retryPolicy`).
public struct ConfiguredProvider: Sendable {
    public let entry: TouristConfig.ProviderEntry
    public let provider: any PhotoProvider
    /// The slots of `entry.concurrency`, nil when it is not set.
    let gate: ConcurrencyGate?
    /// The budget of `entry.requestsPerHour`, nil when it is not set.
    public let budget: RequestBudget?
    /// The budget of a limit the provider declares (`DeclaredLimits`), made at its first request
    /// when the config sets none.
    private let declaredBudget: DeclaredBudget?
    private let stateDirectory: String?

    /// `stateDirectory` is the provider's folder in the store, where its request log lives; nil keeps
    /// the log in memory (a command that opens no store).
    public init(entry: TouristConfig.ProviderEntry, provider: any PhotoProvider, stateDirectory: String? = nil) {
        self.entry = entry
        self.provider = provider
        gate = entry.concurrency.map(ConcurrencyGate.init(width:))
        budget = entry.requestsPerHour.map { RequestBudget(directory: stateDirectory, perHour: $0) }
        declaredBudget = budget == nil && provider is any DeclaredLimits ? DeclaredBudget() : nil
        self.stateDirectory = stateDirectory
    }

    public var name: String { entry.name }

    /// One page of `query`, retried by `retryPolicy` (each retry told to `log`), within
    /// `timeoutSeconds`; each attempt waits for a slot and spends one request of the budget.
    public func search(_ query: GeoQuery, retryPolicy: RetryPolicy, log: RetryLog? = nil) async throws -> SearchPage {
        try await withTimeout(entry.timeoutSeconds, what: "provider \(name)") { [self] in
            try await retryPolicy.run(log: log) { try await request(metered: true) { try await provider.search(query) } }
        }
    }

    /// The photo with this provider id (`PhotoLookup`), as `search` runs a page.
    public func photo(id: String, retryPolicy: RetryPolicy, log: RetryLog? = nil) async throws -> PhotoCandidate {
        guard let lookup = provider as? any PhotoLookup else {
            throw ProviderError.notFound("provider \(name) cannot look photos up by id")
        }
        return try await withTimeout(entry.timeoutSeconds, what: "provider \(name)") { [self] in
            try await retryPolicy.run(log: log) { try await request(metered: true) { try await lookup.photo(id: id) } }
        }
    }

    /// Streams one size of `photo` into `sink` once a slot is free; the caller times and retries it.
    public func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        try await request(metered: false) { try await provider.fetch(photo, size: size, into: sink) }
    }

    /// What an indexing provider holds (`PhotoInventoryReporting`), within `timeoutSeconds`; nil for
    /// a provider that does not index.
    public func inventory() async throws -> PhotoInventory? {
        guard let indexing = provider as? any PhotoInventoryReporting else { return nil }
        return try await withTimeout(entry.timeoutSeconds, what: "provider \(name)") { [self] in
            try await request(metered: false) { try await indexing.inventory() }
        }
    }

    /// The configured budget, else the one the provider declares, else nil.
    private func budgetInForce() async throws -> RequestBudget? {
        if let budget { return budget }
        guard let declaredBudget, let declaring = provider as? any DeclaredLimits else { return nil }
        return try await declaredBudget.budget { [stateDirectory] in
            try await declaring.declaredRequestsPerHour().map { RequestBudget(directory: stateDirectory, perHour: $0) }
        }
    }

    /// The coverage the config sets, else the one the provider declares (a plugin's `hello`); nil
    /// when neither says.
    public func statedCoverage() async throws -> GeoBox? {
        if let box = entry.coverage { return box }
        return try await (provider as? any DeclaredLimits)?.declaredCoverage()
    }

    /// Where a health check or conformance test should search: a located photo (`inventory`) or
    /// the provider's own probe point when inside its coverage, else the middle of its coverage (the
    /// configured one, else the one it declares); nil when nothing says where it has photos.
    public func probePoint(inventory: PhotoInventory?) async -> GeoPoint? {
        let known = [inventory?.samplePoint, (provider as? any HealthProbePoint)?.probePoint].compactMap { $0 }
        guard let box = (try? await statedCoverage()) ?? nil else { return known.first }
        return known.first { box.distanceKm(from: $0) == 0 } ?? box.center
    }

    /// Shuts the provider down (`ProviderShutdown`), if it holds anything.
    public func shutdown() async {
        await (provider as? any ProviderShutdown)?.shutdown()
    }

    /// Whether the provider stopped working for the rest of this command (`OutOfServiceReporting`).
    public var isOutOfService: Bool {
        get async { await (provider as? any OutOfServiceReporting)?.isOutOfService ?? false }
    }

    /// Runs one request to the provider holding a slot, after spending a request of the budget when
    /// `metered`; a request the provider's preflight refuses spends neither.
    private func request<T: Sendable>(metered: Bool, _ body: () async throws -> T) async throws -> T {
        try (provider as? any RequestPreflight)?.preflight()
        func spendAndRun() async throws -> T {
            if metered, let budget = try await budgetInForce() { try await budget.acquire(provider: name) }
            return try await body()
        }
        guard let gate else { return try await spendAndRun() }
        return try await gate.withSlot { try await spendAndRun() }
    }
}

/// A budget known only once the provider has said it (a plugin's `hello`): asked for once.
final class DeclaredBudget: Sendable {
    private let known = Mutex<RequestBudget??>(nil)

    /// The budget, from `make` the first time (a failure is not remembered: the next call asks again).
    func budget(_ make: () async throws -> RequestBudget?) async throws -> RequestBudget? {
        if let known = known.withLock({ $0 }) { return known }
        let made = try await make()
        return known.withLock { known in
            if let already = known { return already }
            known = .some(made)
            return made
        }
    }
}
