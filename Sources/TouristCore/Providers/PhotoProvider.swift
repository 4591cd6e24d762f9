import Foundation

/// A source of geotagged photos: Flickr, a folder on disk, the bundled fixture set, or one a user adds.
///
/// The rules every provider keeps (the `ProviderConformance` suite checks each of them):
/// - `search` returns photos within `query.radiusKm` of `query.center`, nearest first within the
///   page (across pages too when the source can sort by distance; Flickr cannot), at most
///   `query.limit` of them, and says which page comes next (nil when there is nothing more) and,
///   when it knows, how many pages can be read. Asking for the same page twice gives the same
///   photos; no photo appears twice on a page, and none on two pages unless the source itself
///   repeats it (the router drops such repeats).
/// - Every candidate's key names this provider (`key.provider == name`) and has at least one source.
/// - `fetch` writes exactly the bytes of the requested size (or the nearest available one) into
///   the sink, in order, and nothing else. It never reads a source the candidate did not list.
/// - Failures are thrown as `ProviderError`, classified so the router can retry, fall through,
///   or report (what `HTTPClient` throws is worded so by `ProviderError.overHTTP`); a provider never retries or rate-limits on its own (wrappers around it do), except
///   that one whose page takes several requests repeats a request the service told to wait
///   (Retry-After), by `ProviderContext.retryPolicy`, rather than fail the whole page.
/// - A provider is a value shared between tasks: it keeps no mutable state outside an actor or lock.
public protocol PhotoProvider: Sendable {
    /// The configured name, unique within a config; the `provider` part of every `PhotoKey` it makes.
    var name: String { get }

    /// One page of photos near `query.center`, nearest first.
    func search(_ query: GeoQuery) async throws -> SearchPage

    /// Streams one size of `photo` into `sink`.
    func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws
}

/// An optional ability: find one photo by its provider id (used by `photo get` for other sizes).
public protocol PhotoLookup: PhotoProvider {
    /// The photo with this provider-specific id; throws `ProviderError.notFound` when there is none.
    func photo(id: String) async throws -> PhotoCandidate
    /// Whether looking up works for this provider (a plugin says so in its `hello`); true by default.
    var canLookUpPhotos: Bool { get async }
}

extension PhotoLookup {
    public var canLookUpPhotos: Bool { get async { true } }
}

/// An optional ability: a check of what every request would fail on before anything is sent (Flickr
/// without an API key), so the router spends no slot and no `requestsPerHour` on a request that
/// cannot be made.
public protocol RequestPreflight: PhotoProvider {
    /// Throws the `ProviderError` every search, lookup and fetch would throw now; returns when
    /// requests can be sent.
    func preflight() throws
}

/// An optional ability: a point where a health check's one-photo search should find something.
public protocol HealthProbePoint: PhotoProvider {
    var probePoint: GeoPoint { get }
}

/// Receives a photo's bytes while they arrive; the store's implementation hashes them on the way
/// to a temporary file and refuses more than the configured maximum.
public protocol BlobSink: AnyObject {
    /// Appends `bytes`; throws when the photo grows past the size cap or the disk write fails.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension BlobSink {
    /// Appends the bytes of `data`.
    public func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }
}

/// An optional ability: a provider with photos at a few known places only (the demo set), which it
/// names, so an empty search can say where to look instead.
public protocol PlaceNaming: PhotoProvider {
    /// The places where it has photos.
    var placesWithPhotos: [NamedPlace] { get }
}

/// An optional ability: problems in a provider's configuration that only the machine can show
/// (a folder that does not exist), for `config check`. Searching reports them too, as
/// `ProviderError.invalidConfiguration`, so the next provider can answer meanwhile.
public protocol ConfigurationChecking: PhotoProvider {
    /// Each problem as a config error naming the key to fix; empty when there is none. (A plugin
    /// starts to answer: its options are checked against the ones it declares.)
    func configurationProblems() async -> [ConfigError]
}

/// An optional ability: a provider that declares its own options when asked (a plugin, in its
/// `hello`), so `config check` can show them, secrets masked.
public protocol OptionDeclaring: PhotoProvider {
    /// The options it declares, or nil when it cannot say (it does not start).
    func declaredOptions() async -> [ProviderOption]?
}

/// An optional ability: limits a provider states itself (a plugin, in its `hello`), used when the
/// config sets none.
public protocol DeclaredLimits: PhotoProvider {
    /// Where it has photos; nil for anywhere.
    func declaredCoverage() async throws -> GeoBox?
    /// Its service's limit of searches and lookups per hour; nil for none.
    func declaredRequestsPerHour() async throws -> Int?
}

/// An optional ability: a provider that holds something to release at the end of a command (a
/// plugin's process). Every command calls `shutdown()` once it is done with its providers.
public protocol ProviderShutdown: PhotoProvider {
    func shutdown() async
}

/// An optional ability: a provider that can stop working for the rest of a command (a plugin that
/// broke down too many times). The album gives back the photos such a provider could not deliver,
/// so other providers fill their places, and they can come back once it works again.
public protocol OutOfServiceReporting: PhotoProvider {
    var isOutOfService: Bool { get async }
}

/// An optional ability: what a provider holds, for `providers --check` (a directory provider's
/// scan: files indexed, located, skipped, and where the located ones are).
public protocol PhotoInventoryReporting: PhotoProvider {
    /// Brings the provider's view up to date (a directory provider rescans) and describes it.
    func inventory() async throws -> PhotoInventory
}

/// What a provider holds.
public struct PhotoInventory: Sendable, Equatable {
    /// Files (or entries) the provider knows, photos and skipped ones alike.
    public var indexed: Int
    /// Photos with a location: the ones a search can return.
    public var located: Int
    /// Files that gave no photo (unreadable, not an image, damaged).
    public var skipped: Int
    /// The box around the located photos; nil when none is located.
    public var boundingBox: GeoBox?
    /// A located photo's position: a search there finds at least that photo.
    public var samplePoint: GeoPoint?

    public init(indexed: Int, located: Int, skipped: Int, boundingBox: GeoBox?, samplePoint: GeoPoint?) {
        self.indexed = indexed
        self.located = located
        self.skipped = skipped
        self.boundingBox = boundingBox
        self.samplePoint = samplePoint
    }
}
