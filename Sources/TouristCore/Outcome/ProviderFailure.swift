import Foundation

/// Why a provider gave nothing for a query.
public struct ProviderFailure: Sendable, Equatable, Encodable {
    /// Why, in one word or two; the raw value is its name in JSON and in `--verbose` lines.
    public enum Reason: String, Sendable, Equatable, CaseIterable, Codable {
        case unauthorized
        case rateLimited = "rate-limited"
        case unavailable
        case timedOut = "timed out"
        case invalidResponse = "invalid response"
        case notFound = "not found"
        case invalidConfiguration = "invalid configuration"
        case tooLarge = "too large"
        /// An error that is not a `ProviderError`.
        case failed
        /// Asked, and it had no photos (none it had not shown).
        case empty
        /// Not asked: the search circle is outside where it has photos.
        case outsideCoverage = "outside coverage"
    }

    public let provider: String
    public let reason: Reason
    /// The provider's own words: the URL, the status, what to set. Never a secret.
    public let message: String
    public let isUnauthorized: Bool
    /// The provider has no credentials configured (Flickr without a key): not set up, rather than failing.
    public let isMissingCredentials: Bool
    /// The host that could not be reached at all (its name did not resolve, or it refused the
    /// connection), when that is why: offline, or the provider is down.
    public let unreachableHost: String?
    /// The provider broke down for the rest of this command (a plugin that failed too often).
    public let isOutOfService: Bool
    /// For a provider that answered empty: the places where it does have photos, when it can name
    /// them (the demo set), so a report can say where to look.
    public let placesWithPhotos: [NamedPlace]

    /// A failure from a thrown error.
    public init(provider: String, error: any Error) {
        let classified = error as? ProviderError
        self.init(
            provider: provider,
            reason: classified.map { Reason($0) } ?? .failed,
            message: classified?.message ?? String(describing: error),
            isUnauthorized: classified?.isUnauthorized ?? false,
            isMissingCredentials: classified?.isMissingCredentials ?? false,
            unreachableHost: classified?.unreachableHost,
            isOutOfService: classified?.isOutOfService ?? false
        )
    }

    /// A provider that answered with no photos; `afterExcluding` when the search skipped photos
    /// (those a pin has shown or removed), so none of the others were left; `window` when only
    /// photos taken inside it were asked for. `places`: where it has photos, when it can say.
    public static func empty(
        _ provider: String, afterExcluding: Bool = false, window: TimeWindow? = nil, places: [NamedPlace] = []
    ) -> ProviderFailure {
        let photos = (afterExcluding ? "unseen photos" : "photos") + (window.map { " \($0.takenPhrase)" } ?? "")
        return ProviderFailure(
            provider: provider, reason: .empty, message: "no \(photos)\(afterExcluding ? " left" : "") within the radius",
            placesWithPhotos: places)
    }

    /// A provider not asked because the query's circle does not meet its coverage.
    public static func outsideCoverage(_ provider: String, _ box: GeoBox, places: [NamedPlace] = []) -> ProviderFailure {
        let corners = [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude].map { JSONValue.number($0).rendered() }
        return ProviderFailure(
            provider: provider, reason: .outsideCoverage,
            message: "the search circle does not meet its coverage [\(corners.joined(separator: ", "))]",
            placesWithPhotos: places
        )
    }

    /// Where the providers that had nothing have photos, when every one of them can say (the demo
    /// set); empty when none did or one cannot say.
    public static func placesWithPhotos(answering failures: [ProviderFailure]) -> [NamedPlace] {
        let answering = failures.filter(\.isNoPhotos)
        return answering.allSatisfy { !$0.placesWithPhotos.isEmpty } ? answering.flatMap(\.placesWithPhotos) : []
    }

    /// The provider was not asked: the query's circle is outside its coverage.
    public var isOutsideCoverage: Bool { reason == .outsideCoverage }

    /// The provider simply had nothing for this query (empty, or outside its coverage): no error to report.
    public var isNoPhotos: Bool { reason == .empty || reason == .outsideCoverage }

    /// The provider could not be reached at all (see `unreachableHost`).
    public var isUnreachable: Bool { unreachableHost != nil }

    /// Whether, while another provider answered, this failure still means photos are missing that a
    /// rerun or a fix would bring: not "no photos", and not a provider without credentials (not set
    /// up yet, passed by quietly while others answer).
    public var mattersWhenOthersAnswered: Bool { !isNoPhotos && !isMissingCredentials }

    /// Whether asking the provider again soon may well succeed: it was reached, and answered with a
    /// failure that passes (asked to slow down, did not answer in time, a server error). A host that
    /// could not be reached at all, refused credentials or a broken configuration are not.
    public var passes: Bool {
        [.rateLimited, .timedOut, .unavailable].contains(reason) && !isUnreachable && !isOutOfService
    }

    public init(
        provider: String, reason: Reason, message: String, isUnauthorized: Bool = false, isMissingCredentials: Bool = false,
        unreachableHost: String? = nil, isOutOfService: Bool = false, placesWithPhotos: [NamedPlace] = []
    ) {
        self.provider = provider
        self.reason = reason
        self.message = message
        self.isUnauthorized = isUnauthorized
        self.isMissingCredentials = isMissingCredentials
        self.unreachableHost = unreachableHost
        self.isOutOfService = isOutOfService
        self.placesWithPhotos = placesWithPhotos
    }

    private enum CodingKeys: String, CodingKey {
        case provider, reason, message, isUnauthorized, isMissingCredentials, unreachableHost
    }
}

extension ProviderFailure.Reason {
    /// The reason a provider's error gives: the providers that could not answer now (down,
    /// unreachable, out of service) are `unavailable`; refused or missing credentials `unauthorized`.
    init(_ error: ProviderError) {
        switch error.code {
        case .unauthorized, .missingCredentials: self = .unauthorized
        case .transient(.rateLimited): self = .rateLimited
        case .transient(.unavailable), .transient(.unreachable), .outOfService: self = .unavailable
        case .transient(.timedOut): self = .timedOut
        case .invalidResponse: self = .invalidResponse
        case .notFound: self = .notFound
        case .invalidConfiguration: self = .invalidConfiguration
        case .tooLarge: self = .tooLarge
        }
    }
}
