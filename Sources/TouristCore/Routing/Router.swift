import Foundation

/// Why a provider gave nothing for a query.
public struct ProviderFailure: Sendable, Equatable {
    public let provider: String
    /// unauthorized, unavailable, timed out, empty, …
    public let reason: String
    public let message: String
    public let isUnauthorized: Bool

    /// A failure from a thrown error.
    public init(provider: String, error: any Error) {
        self.provider = provider
        if let error = error as? ProviderError {
            reason = error.kind
            message = error.message
            isUnauthorized = error.isUnauthorized
        } else {
            reason = "failed"
            message = String(describing: error)
            isUnauthorized = false
        }
    }

    /// A provider that answered with no photos.
    public static func empty(_ provider: String) -> ProviderFailure {
        ProviderFailure(provider: provider, reason: "empty", message: "no photos within the radius")
    }

    private init(provider: String, reason: String, message: String) {
        self.provider = provider
        self.reason = reason
        self.message = message
        self.isUnauthorized = false
    }
}

/// What the router found for one query.
public struct RouteResult: Sendable {
    /// Photos found, nearest first, none excluded, none twice.
    public var candidates: [PhotoCandidate]
    /// The providers that answered empty or failed, in the order they were asked.
    public var failures: [ProviderFailure]
}

/// Chooses providers for a query by the configured strategy.
///
/// `first`: providers in config order; the first that returns photos answers; an error, a time-out
/// or an empty result falls through to the next.
public struct Router: Sendable {
    public let providers: [ConfiguredProvider]
    /// The most pages read from one provider for one query, so a provider that pages forever cannot
    /// hold a fetch.
    public var maxPages = 50

    public init(providers: [ConfiguredProvider]) {
        self.providers = providers.filter(\.entry.enabled)
    }

    /// The provider with this configured name.
    public func provider(named name: String) -> ConfiguredProvider? {
        providers.first { $0.entry.name == name }
    }

    /// Up to `count` photos within `radiusKm` of `center`, skipping `exclude`.
    public func search(center: GeoPoint, radiusKm: Double, count: Int, exclude: Set<PhotoKey>) async -> RouteResult {
        var failures: [ProviderFailure] = []
        for configured in providers {
            do {
                let found = try await collect(from: configured, center: center, radiusKm: radiusKm, count: count, exclude: exclude)
                if !found.isEmpty { return RouteResult(candidates: found, failures: failures) }
                failures.append(.empty(configured.entry.name))
            } catch is CancellationError {
                break
            } catch {
                failures.append(ProviderFailure(provider: configured.entry.name, error: error))
            }
        }
        return RouteResult(candidates: [], failures: failures)
    }

    private func collect(from configured: ConfiguredProvider, center: GeoPoint, radiusKm: Double, count: Int, exclude: Set<PhotoKey>) async throws -> [PhotoCandidate] {
        var found: [PhotoCandidate] = []
        var seen = exclude
        var page: Int? = 1
        var pagesRead = 0
        let provider = configured.provider
        while let current = page, found.count < count, pagesRead < maxPages {
            let query = GeoQuery(center: center, radiusKm: radiusKm, limit: count, page: current, exclude: exclude)
            let result = try await withTimeout(configured.entry.timeoutSeconds, what: "provider \(configured.entry.name)") {
                try await provider.search(query)
            }
            pagesRead += 1
            for candidate in result.candidates where seen.insert(candidate.key).inserted && found.count < count {
                found.append(candidate)
            }
            page = result.candidates.isEmpty ? nil : result.nextPage
        }
        return found
    }
}
