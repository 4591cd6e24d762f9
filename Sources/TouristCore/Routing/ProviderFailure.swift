import Foundation

/// Why a provider gave nothing for a query.
public struct ProviderFailure: Sendable, Equatable, Encodable {
    public let provider: String
    /// unauthorized, unavailable, timed out, empty, …
    public let reason: String
    public let message: String
    public let isUnauthorized: Bool
    /// The provider has no credentials configured (Flickr without a key): not set up, rather than failing.
    public let isMissingCredentials: Bool

    /// A failure from a thrown error.
    public init(provider: String, error: any Error) {
        self.provider = provider
        if let error = error as? ProviderError {
            reason = error.kind
            message = error.message
            isUnauthorized = error.isUnauthorized
            isMissingCredentials = error.isMissingCredentials
        } else {
            reason = "failed"
            message = String(describing: error)
            isUnauthorized = false
            isMissingCredentials = false
        }
    }

    /// A provider that answered with no photos; `afterExcluding` when the search skipped photos
    /// (those a pin has shown or removed), so none of the others were left.
    public static func empty(_ provider: String, afterExcluding: Bool = false) -> ProviderFailure {
        ProviderFailure(provider: provider, reason: "empty", message: afterExcluding ? "no unseen photos left within the radius" : "no photos within the radius")
    }

    /// A provider not asked because the query's circle does not meet its coverage.
    public static func outsideCoverage(_ provider: String, _ box: TouristConfig.BoundingBox) -> ProviderFailure {
        let corners = [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude].map { JSONValue.number($0).rendered() }
        return ProviderFailure(provider: provider, reason: "outside coverage", message: "the search circle does not meet its coverage [\(corners.joined(separator: ", "))]")
    }

    /// The provider was not asked: the query's circle is outside its coverage.
    public var isOutsideCoverage: Bool { reason == "outside coverage" }

    /// The provider simply had nothing for this query (empty, or outside its coverage): no error to report.
    public var isNoPhotos: Bool { reason == "empty" || reason == "outside coverage" }

    /// Whether, while another provider answered, this failure still means photos are missing that a
    /// rerun or a fix would bring: not "no photos", and not a provider without credentials (not set
    /// up yet, passed by quietly while others answer).
    public var mattersWhenOthersAnswered: Bool { !isNoPhotos && !isMissingCredentials }

    private init(provider: String, reason: String, message: String) {
        self.provider = provider
        self.reason = reason
        self.message = message
        self.isUnauthorized = false
        self.isMissingCredentials = false
    }
}
