/// How a fetch ended.
public struct FetchOutcome: Sendable {
    /// How a fetch ended; the raw value is its name in JSON (`fetch --all --json`).
    public enum Status: String, Sendable, Equatable {
        /// The album was already complete; nothing was done.
        case alreadyComplete = "already-complete"
        /// The album holds all the photos asked for, or all the providers had.
        case complete
        /// Some photos could not be downloaded; a rerun retries them.
        case incomplete
        /// The album holds fewer photos than asked for while a provider failed (an error or a
        /// time-out, not an empty answer): a rerun asks again for the rest.
        case partlyFilled = "partly-filled"
        /// The providers found nothing near the pin.
        case empty
        /// `new-collection` found no photo the pin has not shown: the album was left as it was
        /// (`shortfall` says so).
        case noNewPhotos = "no-new-photos"
        /// No provider could answer.
        case failed
        /// Photos were found, but every one was rejected (not an image, gone, too large).
        case unusable

        /// Whether the fetch ended well, so its command exits 0: the album is complete (or was),
        /// or the providers had nothing (more) for it.
        public var endsWell: Bool {
            [.alreadyComplete, .complete, .empty, .noNewPhotos].contains(self)
        }
    }

    public var status: Status
    public var album: Album
    /// The providers that failed or answered empty while searching.
    public var providerFailures: [ProviderFailure]
    /// For a new collection with fewer photos than the album holds because no more unseen ones
    /// were left (`complete`), or none (always set with `noNewPhotos`): how many, and what to do.
    public var shortfall: CollectionShortfall? = nil
}
