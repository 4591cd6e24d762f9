import Foundation

/// Where one photo of an album stands.
public enum PhotoState: String, Sendable, Codable {
    /// Its bytes are in the store.
    case stored
    /// Chosen for the album, not yet downloaded (a fetch will get it).
    case pending
    /// Downloading failed for a reason that may pass (network, server, time-out); `AlbumPhoto.error`
    /// says why, and the next fetch retries it.
    case failed
    /// The provider's copy is unusable (not an image, gone, too large); `AlbumPhoto.error` says why.
    /// It is never retried, and another photo takes its place in the album.
    case rejected
}

/// One photo of an album: what the provider said about it, and where it stands in the store.
public struct AlbumPhoto: Sendable, Codable, Equatable {
    public var candidate: PhotoCandidate
    /// The size this album keeps.
    public var size: PhotoSize
    public var state: PhotoState
    public var sha256: String?
    public var bytes: Int?
    public var mimeType: String?
    /// The source actually read, when stored.
    public var sourceURL: String?
    public var error: String?
    /// Other sizes of this photo kept in the store (a photo page's larger size, `photo get`);
    /// absent when there are none.
    public var views: [PhotoView]?
    /// Its size in pixels as seen (its orientation applied), read from the stored image itself;
    /// absent before it is stored, and in albums written before sizes were read.
    public var width: Int?
    public var height: Int?
    /// Its thumbnail and preview (`DerivedImage`); absent until they are made (at fetch, or on
    /// first use for a photo stored before they existed).
    public var derived: [DerivedImage]?
    /// Why its derived images cannot be made: the stored image cannot be decoded (the pages show a
    /// placeholder with these words). Absent for a photo that decodes.
    public var imageError: String?
    /// What the photo looks like, computed when it was downloaded; absent when it could not be
    /// decoded, when lookalikes were off, and for photos stored before tourist kept it.
    public var perceptualHash: PerceptualHash?
    /// The photo this one was set aside for (state `rejected`): it looks like it.
    public var lookalike: Lookalike?
    /// The photo this one was set aside for (state `rejected`): its bytes are identical (another
    /// provider's copy of the same file). Absent in albums written before tourist kept it.
    public var identicalTo: PhotoKey?

    public init(candidate: PhotoCandidate, size: PhotoSize) {
        self.candidate = candidate
        self.size = size
        self.state = .pending
    }

    public var key: PhotoKey { candidate.key }

    /// Whether the photo is recorded as stored but its file is gone from `store` (deleted by hand, or
    /// set aside by `store repair`): shown as `missing`, and downloaded again by the next fetch.
    public func isMissing(from store: Store) -> Bool {
        guard state == .stored, let sha256 else { return false }
        return !store.blobs.contains(sha256)
    }

    /// The stored copy at `size`: the album's own, or a kept view.
    public func copy(at size: PhotoSize) -> PhotoView? {
        if self.size == size, state == .stored, let sha256, let bytes {
            return PhotoView(size: size, sha256: sha256, bytes: bytes, mimeType: mimeType)
        }
        return views?.first { $0.size == size }
    }

    /// Its derived image of `kind` made by the current recipe (`ImageRecipe.current`), or nil.
    public func derivedImage(_ kind: DerivedImage.Kind) -> DerivedImage? {
        derived?.first { $0.kind == kind && $0.recipe == ImageRecipe.current(kind).id }
    }

    /// Whether it has an image of every current recipe (or cannot have them: `imageError`).
    public var hasCurrentDerivedImages: Bool {
        imageError != nil || DerivedImage.Kind.allCases.allSatisfy { derivedImage($0) != nil }
    }

    /// How `album` shows a photo whose file is missing.
    public static let missingState = "missing"

    /// Why a photo is shown as missing.
    public static let missingFacts = "its file is missing from the store"

    /// What brings a missing photo back: fetching its pin (nil: the pin the album is of).
    public static func missingRemedy(pin: String?) -> Remedy { Remedy(.fetch(pin: pin)) }

    /// Back to `pending`, without the blob it had: the next fetch downloads it again.
    public mutating func forgetBlob() {
        state = .pending
        sha256 = nil
        bytes = nil
        mimeType = nil
        sourceURL = nil
        error = nil
        width = nil
        height = nil
        derived = nil
        imageError = nil
    }
}

/// A pin's album as stored in `index/albums/<pin>.json`: the pin itself (authoritative),
/// its photos in order, and what the pin has already shown or the user removed.
public struct Album: Sendable, Codable, Equatable {
    public var pin: Pin
    public var photos: [AlbumPhoto]
    /// Every photo ever placed in this album, so a new collection does not repeat them.
    public var shown: Set<PhotoKey>
    /// Photos the user removed; they never come back.
    public var removed: Set<PhotoKey>
    /// What the removed photos that had a perceptual hash looked like, so a copy of one from another
    /// provider does not come back either (absent while there are none).
    public var removedLooks: [RemovedLook]?
    /// How many photos the album should hold (the last `--count`, else the config's default).
    public var target: Int
    /// The result pages this pin has read, per provider (absent in albums written before it existed).
    public var pageHistory: PageHistory?
    /// How the last fetch or new collection ended (absent before one ended, and in albums written
    /// before reports existed).
    public var report: FetchReport?
    /// A route pin's line (absent for a pin on a place).
    public var route: RouteLine?

    public init(pin: Pin, target: Int) {
        self.pin = pin
        self.photos = []
        self.shown = []
        self.removed = []
        self.target = target
    }

    /// The photos that are stored.
    public var storedCount: Int { photos.count { $0.state == .stored } }

    /// The photos that count toward `target`: all but the rejected ones.
    public var keptCount: Int { photos.count { $0.state != .rejected } }

    /// Keys a search for this album must not return again.
    public var excluded: Set<PhotoKey> { shown.union(removed) }

    /// Adds the result pages a search read to `pageHistory`.
    mutating func recordPages(_ pages: PageHistory) {
        var history = pageHistory ?? PageHistory()
        history.merge(pages)
        pageHistory = history
    }

    /// The album's pin with its photo count as the photos say (`storedCount`): the pin as the pin
    /// list and every front end show it.
    public var summarizedPin: Pin {
        var summarized = pin
        summarized.photos = storedCount
        return summarized
    }

    /// Updates the pin's photo count from the photos.
    mutating func refreshSummary() {
        pin = summarizedPin
    }
}
