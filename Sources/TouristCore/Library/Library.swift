import Foundation

/// tourist's operations on one store, for every front end. The CLI parses its arguments, calls
/// these and prints what they return; `tourist serve` does the same for HTTP requests. Neither
/// front end reads index files or blob paths itself: pins and albums come from here, photo bytes
/// from `blobs`.
///
/// Each operation takes the store lock only for its index changes, never across a network wait,
/// so the CLI and a running server work on one store side by side.
public final class Library: Sendable {
    public let store: Store
    public let providers: ProviderSetup
    /// How long pins' leases hold and a fetch waits for one (see `exclusively`).
    public let leases: LeaseTiming
    /// The gazetteer pins are placed by (their nearest city) and pin files' place names are read in.
    public let gazetteer: GazetteerSource

    public init(store: Store, providers: ProviderSetup, gazetteer: GazetteerSource, leases: LeaseTiming = .standard) {
        self.store = store
        self.providers = providers
        self.gazetteer = gazetteer
        self.leases = leases
    }

    public var config: TouristConfig { providers.config }

    /// The photo bytes, by hash.
    public var blobs: any BlobReading { store.blobs }

    // MARK: Pins and albums

    /// Every pin, oldest first, each with its nearest city (`placed`) and its state as it is now
    /// (`interrupted` rather than `fetching` when no fetch runs, see `withCurrentState`).
    public func pins() throws(StoreError) -> [Pin] {
        placed(try store.pins()).map(withCurrentState)
    }

    /// `pin` as it stands now: one stored as `fetching` whose lease no live process holds (its
    /// fetch was interrupted, or its process died) is `interrupted`, so no front end says a fetch
    /// runs when none does.
    public func withCurrentState(_ pin: Pin) -> Pin {
        guard pin.state == .fetching, !isBeingFetched(pin.id) else { return pin }
        // A fetch stores how it ended before it lets its lease go, so one that ended between the
        // reading of `pin` and the look at its lease left its pin changed: read again, it says how.
        if let again = try? store.album(pin.id).summarizedPin, again.state != .fetching { return placed([again])[0] }
        var interrupted = pin
        interrupted.state = .interrupted
        return interrupted
    }

    /// The id of the pin `reference` names: its id or exact name, else as `PinFinder` finds it
    /// (the name in any case, a unique prefix of a name or an id). Several pins matching is a
    /// `usage` error listing them; none, a `notFound` one naming the pins whose names are near
    /// (`NearMatches`: "Lourve" finds "Louvre"). `forRemoval`: no prefixes, so a pin is removed
    /// only by its whole name (in any case) or id; a prefix of one is a `usage` error naming it.
    public func resolvePin(_ reference: String, forRemoval: Bool = false) throws -> String {
        let notFound: StoreError
        do {
            return try store.resolvePin(reference)
        } catch {
            guard error.kind == .notFound else { throw error }
            notFound = error
        }
        let pins = try store.pins()
        switch PinFinder.find(reference, in: pins, prefixes: !forRemoval) {
        case .pin(let pin):
            return pin.id
        case .ambiguous(let pins):
            throw LibraryError(.usage, "\"\(reference)\" could be \(Self.listed(pins)); type more of the name, or the id")
        case .none:
            if forRemoval {
                switch PinFinder.find(reference, in: pins) {
                case .pin(let pin):
                    throw LibraryError(
                        .usage,
                        "\"\(reference)\" is only the start of \"\(pin.name)\" (\(pin.id)); a pin is removed only by its whole name or its id"
                    )
                case .ambiguous(let pins):
                    throw LibraryError(
                        .usage,
                        "\"\(reference)\" is only the start of \(Self.listed(pins)); a pin is removed only by its whole name or its id")
                case .none:
                    break
                }
            }
            let near = NearMatches(pins.map(\.name)).suggestions(for: reference).prefix(3)
            guard !near.isEmpty else { throw notFound }
            let named = near.map { name in "\"\(name)\" (\(pins.first { $0.name == name }?.id ?? "?"))" }
            throw StoreError(
                .notFound, "no pin \(Excerpt.quoted(reference)) in \(store.location). Did you mean \(named.joined(separator: " or "))?",
                remedy: Remedy(.listPins))
        }
    }

    /// `2 pins: 3f2a19c0 "Eiffel Tower", 3f2b0000 "Eiffel Tower Top"`, at most five named.
    private static func listed(_ pins: [Pin]) -> String {
        let named = pins.prefix(5).map { "\($0.id) \"\($0.name)\"" }.joined(separator: ", ")
        return "\(pins.count) pins: \(named)\(pins.count > 5 ? " and \(pins.count - 5) more (the pin list shows them)" : "")"
    }

    /// The album of the pin `reference` names (see `resolvePin`), its pin as shown: its photo count
    /// as the album holds them (`Album.summarizedPin`), its nearest city and its state as it is now.
    public func album(_ reference: String) throws -> Album {
        var album = try store.album(try resolvePin(reference))
        album.pin = withCurrentState(placed([album.summarizedPin])[0])
        return album
    }

    /// Saves a pin at `place` as `PlaceFinder` resolved it (`pin add`), named `name`, else by the
    /// place's own name (a city's, the geocoder's), else by its coordinates; see
    /// `addPin(name:at:radiusKm:)`.
    public func addPin(place: PlaceInput, name: String?, radiusKm: Double?, window: TimeWindow? = nil) throws -> (pin: Pin, created: Bool) {
        try addPin(name: name ?? place.suggestedName, at: place.location, radiusKm: radiusKm, window: window)
    }

    /// Saves a pin named `name` (default: its coordinates; checked and trimmed by `PinName`) with
    /// an empty album of the config's size. The same name at the same place and radius (or with
    /// no radius asked for, `radiusKm` nil: a new pin's is the default) returns the existing pin
    /// (`created` false); a name that is another pin's id is refused. `window`: when its photos must
    /// have been taken (nil: at any time); the same name at the same place with another window is
    /// refused.
    public func addPin(name: String?, at location: GeoPoint, radiusKm: Double?, window: TimeWindow? = nil) throws -> (
        pin: Pin, created: Bool
    ) {
        let name = try name.map(PinName.checked) ?? location.description
        let target = config.album.photos
        let near = nearby(location)
        return try store.transaction { transaction in
            try Self.refuseIfAnotherPinsID(name, for: nil, transaction)
            return try transaction.addPin(name: name, location: location, radiusKm: radiusKm, near: near, window: window, target: target)
        }
    }

    /// The pins `references` name, for removal: each by its id or whole name only (in any case),
    /// never a prefix (see `resolvePin(_:forRemoval:)`), each once. All are resolved before any is
    /// removed, so a bad reference removes nothing.
    public func pinsToRemove(_ references: [String]) throws -> [String] {
        Array(Set(try references.map { try resolvePin($0, forRemoval: true) })).sorted()
    }

    /// Removes the pin `reference` names (its id or whole name, never a prefix: the rule every
    /// front end keeps) with its album and the photo files no other album uses; returns its id and
    /// how many files were deleted.
    public func removePin(_ reference: String) throws -> (id: String, deletedFiles: Int) {
        let id = try resolvePin(reference, forRemoval: true)
        return (id, try store.transaction { try $0.removePin(id) })
    }

    /// Removes photos from pin `id`'s album for good (no later collection brings them back);
    /// returns how many files were deleted.
    public func removePhotos(_ keys: [PhotoKey], fromPin id: String) throws -> Int {
        try store.transaction { try $0.removePhotos(Self.once(keys), fromPin: id) }
    }

    /// `keys` without repeats, in their order: a photo named twice is removed once.
    public static func once(_ keys: [PhotoKey]) -> [PhotoKey] {
        var seen = Set<PhotoKey>()
        return keys.filter { seen.insert($0).inserted }
    }

    // MARK: Filling albums

    /// Completes pin `id`'s album (see `AlbumFetcher.fetch`) through the configured providers, or
    /// those named in `providerNames`, keeping photos of `size` (default: the config's). While
    /// another process fetches the pin, it waits for that fetch to end first (`waiting` hears who),
    /// at most `leases.longestWait` (then a `busy` error names the holder).
    public func fetch(
        pin id: String, count: Int? = nil, size: PhotoSize? = nil, providerNames: [String] = [],
        progress: (@Sendable (FetchProgress) -> Void)? = nil, waiting: (@Sendable (LeaseRecord) -> Void)? = nil
    ) async throws -> FetchOutcome {
        // A complete album needs no provider: said before any is set up (the demo set alone reads
        // thousands of file names to start).
        let complete = try await BlockingIO.run { [store] () throws -> Album? in
            let current = try store.album(id)
            return AlbumFetcher.isComplete(current, target: count ?? current.target, store: store) ? current : nil
        }
        if let complete {
            return FetchOutcome(report: .alreadyComplete(complete.pin), album: complete, providerFailures: [])
        }
        return try await providers.withRouter(only: providerNames, store: store) { router in
            try await exclusively(pin: id, waiting: waiting) {
                try await fetcher(router, size: size, progress: progress).fetch(pin: id, count: count)
            }
        }
    }

    /// Replaces pin `id`'s album with photos it has not shown (see `AlbumFetcher.newCollection`),
    /// after any fetch of the pin another process runs (`waiting` hears who). With fewer unseen
    /// photos left than the album holds, the album stays (`fewUnseen`) unless `allowFewer`.
    public func newCollection(
        pin id: String, count: Int? = nil, allowFewer: Bool = false, providerNames: [String] = [],
        progress: (@Sendable (FetchProgress) -> Void)? = nil, waiting: (@Sendable (LeaseRecord) -> Void)? = nil
    ) async throws -> FetchOutcome {
        try await providers.withRouter(only: providerNames, store: store) { router in
            try await exclusively(pin: id, waiting: waiting) {
                try await fetcher(router, size: nil, progress: progress).newCollection(pin: id, count: count, allowFewer: allowFewer)
            }
        }
    }

    /// Whether some process fetches pin `id` now (it holds the pin's lease).
    public func isBeingFetched(_ id: String) -> Bool {
        store.leaseRecord(pin: id, timing: leases) != nil
    }

    func fetcher(
        _ router: Router, size: PhotoSize?, progress: (@Sendable (FetchProgress) -> Void)?, sharedTransfers: ConcurrencyGate? = nil
    ) -> AlbumFetcher {
        AlbumFetcher(
            store: store, router: router, downloads: config.downloads, size: size ?? config.album.size,
            retryPolicy: providers.retryPolicy, logger: providers.logger, progress: progress, sharedTransfers: sharedTransfers,
            lookalikes: config.album.lookalikes
        )
    }
}
