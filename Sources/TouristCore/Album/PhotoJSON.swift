import Foundation

/// The documented JSON of tourist's machine output (docs/commands.md, "JSON output"), one encoding for every
/// front end: the CLI's `--json`, `export`'s sidecars, and `tourist serve`.
public enum MachineJSON {
    /// Pretty, sorted keys, ISO 8601 dates, slashes as they are.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

/// A photo as `album`, `fetch`, `new-collection` and `search` print it with --json.
/// Every descriptive key is always present (null when unknown), so scripts can rely on the shape.
public struct PhotoJSON: Encodable, Sendable {
    public var id: String
    public var provider: String
    public var title: String
    public var owner: String?
    public var license: String?
    public var licenseID: String?
    public var licenseURL: String?
    /// The credit line the license requires (`PhotoCandidate.creditLine`), or null.
    public var attribution: String?
    public var takenAt: Date?
    /// `uploaded` when `takenAt` is the upload date, no date taken being known; absent otherwise.
    public var takenAtKind: TakenAtKind?
    public var latitude: Double?
    public var longitude: Double?
    public var pageURL: String?
    /// Store fields: nil for search results.
    var stored: StoreFields?
    public var distanceKm: Double?
    /// Where the photo can be read (its largest listed size): a URL, or a local file's path.
    public var source: String?
    /// The camera that took it (`PhotoCandidate.camera`), or null.
    public var camera: String?
    /// Your own photo's file: a file on this computer that credits nobody (no owner, no license),
    /// as a directory provider's photos are; null for a service's photo and the demo set's (which
    /// name owners). Pages show it, and the camera, where a service's photo has an owner, a license
    /// and a page.
    public var file: String?
    /// In a route pin's album: how far along the route the photo lies, in kilometres, and that in
    /// words (`routeKmText`: "km 132"); absent elsewhere.
    public private(set) var routeKm: Double?
    public private(set) var routeKmText: String?

    /// Sets `routeKm` and its words; nil leaves them absent.
    mutating func placeAlongRoute(_ km: Double?) {
        routeKm = km.map { ($0 * 100).rounded() / 100 }
        routeKmText = km.map(Kilometres.alongRoute)
    }

    struct StoreFields: Sendable {
        /// The photo's state, or `missing` for a stored photo whose file is gone from the store.
        var state: String
        var size: PhotoSize
        var sha256: String?
        var bytes: Int?
        var mime: String?
        var path: String?
        var sourceURL: String?
        var error: String?
        /// Its size in pixels as seen, read from the image.
        var width: Int?
        var height: Int?
        var thumbnail: DerivedImageJSON?
        var preview: DerivedImageJSON?
        /// Why it has no thumbnail or preview: its image cannot be decoded.
        var imageError: String?
        var setAside: SetAside?
    }

    /// Why a rejected photo was set aside, for pages to switch on (`kind`) and link (`of`).
    struct SetAside: Encodable, Sendable {
        /// `lookalike` (it looks like a photo of the album), `removed-lookalike` (like one removed
        /// from it), `identical` (its bytes are a photo's of the album), or `unusable` (any other rejection).
        var kind: String
        /// The photo it looks like or is identical to; nil for `unusable`.
        var of: String?

        /// Why `photo` (rejected) was set aside.
        init(_ photo: AlbumPhoto) {
            if let lookalike = photo.lookalike {
                (kind, of) = (lookalike.removed ? "removed-lookalike" : "lookalike", lookalike.of.description)
            } else if let original = photo.identicalTo {
                (kind, of) = ("identical", original.description)
            } else {
                (kind, of) = ("unusable", nil)
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, provider, title, owner, license, licenseID, licenseURL, attribution, takenAt, takenAtKind, latitude, longitude, pageURL,
            distanceKm, camera, file, routeKm, routeKmText
        case state, size, sha256, bytes, mime, path, sourceURL, error, width, height, thumbnail, preview, imageError, setAside
    }

    /// A search result, with its distance from the search's center when known.
    public init(candidate: PhotoCandidate, distanceKm: Double? = nil) {
        id = candidate.key.description
        provider = candidate.key.provider
        title = candidate.title
        owner = candidate.owner
        license = candidate.license
        licenseID = candidate.licenseID
        licenseURL = candidate.licenseURL?.absoluteString
        attribution = candidate.creditLine
        takenAt = candidate.takenAt
        takenAtKind = candidate.takenAtKind
        latitude = candidate.location?.latitude
        longitude = candidate.location?.longitude
        pageURL = candidate.pageURL?.absoluteString
        self.distanceKm = distanceKm
        source = candidate.source(nearest: .original)?.source.location
        camera = candidate.camera
        if case .file(let path) = candidate.source(nearest: .original)?.source, candidate.owner == nil, candidate.license == nil {
            file = path
        }
    }

    /// An album photo, with where it stands in `store`. `withPath: false` leaves out the blob
    /// file's path (for `tourist serve`, whose pages read photos by hash).
    public init(photo: AlbumPhoto, store: Store, withPath: Bool = true) {
        self.init(candidate: photo.candidate)
        let missing = photo.isMissing(from: store)
        stored = StoreFields(
            state: missing ? AlbumPhoto.missingState : photo.state.rawValue, size: photo.size, sha256: photo.sha256, bytes: photo.bytes,
            mime: photo.mimeType, path: withPath && photo.state == .stored && !missing ? photo.sha256.map(store.blobs.location(of:)) : nil,
            sourceURL: photo.sourceURL ?? photo.candidate.source(nearest: photo.size)?.source.location,
            error: missing ? Remedy.after(AlbumPhoto.missingFacts, AlbumPhoto.missingRemedy(pin: nil).words) : photo.error,
            width: photo.width, height: photo.height,
            thumbnail: photo.derivedImage(.thumbnail).map { DerivedImageJSON($0, store: store, withPath: withPath) },
            preview: photo.derivedImage(.preview).map { DerivedImageJSON($0, store: store, withPath: withPath) },
            imageError: photo.imageError,
            setAside: photo.state == .rejected ? SetAside(photo) : nil
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(provider, forKey: .provider)
        try container.encode(title, forKey: .title)
        try container.encode(owner, forKey: .owner)
        try container.encode(license, forKey: .license)
        try container.encode(licenseID, forKey: .licenseID)
        try container.encode(licenseURL, forKey: .licenseURL)
        try container.encode(attribution, forKey: .attribution)
        try container.encode(takenAt, forKey: .takenAt)
        try container.encodeIfPresent(takenAtKind, forKey: .takenAtKind)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(pageURL, forKey: .pageURL)
        try container.encode(camera, forKey: .camera)
        try container.encode(file, forKey: .file)
        if let distanceKm { try container.encode(distanceKm, forKey: .distanceKm) }
        try container.encodeIfPresent(routeKm, forKey: .routeKm)
        try container.encodeIfPresent(routeKmText, forKey: .routeKmText)
        guard let stored else {
            try container.encode(source, forKey: .sourceURL)
            return
        }
        try container.encode(stored.state, forKey: .state)
        try container.encode(stored.size, forKey: .size)
        try container.encode(stored.sha256, forKey: .sha256)
        try container.encode(stored.bytes, forKey: .bytes)
        try container.encode(stored.mime, forKey: .mime)
        try container.encode(stored.path, forKey: .path)
        try container.encode(stored.sourceURL, forKey: .sourceURL)
        if let error = stored.error { try container.encode(error, forKey: .error) }
        try container.encode(stored.width, forKey: .width)
        try container.encode(stored.height, forKey: .height)
        try container.encode(stored.thumbnail, forKey: .thumbnail)
        try container.encode(stored.preview, forKey: .preview)
        if let imageError = stored.imageError { try container.encode(imageError, forKey: .imageError) }
        if let setAside = stored.setAside { try container.encode(setAside, forKey: .setAside) }
    }
}

/// A photo's thumbnail or preview (`DerivedImage`) as the machine output shows it: `sha256`,
/// `bytes`, `width`, `height`, `mime`, `recipe`, and `path` (its blob file) where paths are shown.
public struct DerivedImageJSON: Encodable, Sendable {
    public var sha256: String
    public var bytes: Int
    public var width: Int
    public var height: Int
    public var mime: String
    public var recipe: String
    public var path: String?

    init(_ image: DerivedImage, store: Store, withPath: Bool) {
        (sha256, bytes, width, height, mime, recipe) = (image.sha256, image.bytes, image.width, image.height, image.mimeType, image.recipe)
        path = withPath ? store.blobs.location(of: image.sha256) : nil
    }

}

/// `{"pin": PIN, "photos": [PHOTO…], "report": REPORT}` for `album`, `fetch` and `new-collection`:
/// the report of the fetch that just ran (else the album's last one), and after a fetch the
/// providers that gave nothing and why (`providers`: one that could not be reached names its
/// `unreachableHost`).
public struct AlbumJSON: Encodable, Sendable {
    public var pin: Pin
    public var photos: [PhotoJSON]
    public var report: FetchReport?
    public var providers: [ProviderFailure]?
    /// After a fetch that searched: the search requests it made (result pages asked for), per provider.
    public var searchRequests: [String: Int]?

    public init(_ album: Album, store: Store) {
        pin = album.pin
        photos = album.photosJSON(store: store)
        report = album.report
    }

    /// The album a fetch ended with, its report and the providers that gave nothing.
    public init(_ outcome: FetchOutcome, store: Store) {
        self.init(outcome.album, store: store)
        report = outcome.report
        providers = outcome.providerFailures
        searchRequests = outcome.searchRequests.isEmpty ? nil : outcome.searchRequests
    }
}
