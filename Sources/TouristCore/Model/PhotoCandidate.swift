import Foundation

/// Where the bytes of one size of a photo can be read: a URL (http, https), a local file, or only
/// through the provider itself (a plugin's size given as `{}`, which the plugin writes on request).
/// Encoded as one string: an absolute path for a file, `provider-fetch` for the provider, the URL's
/// text otherwise.
public enum PhotoSource: Hashable, Sendable, Codable, CustomStringConvertible {
    case url(URL)
    case file(String)
    case provider

    private static let providerText = "provider-fetch"

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let source = PhotoSource(encoded: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is neither a URL nor an absolute path"))
        }
        self = source
    }

    /// A source from its one-string form; nil when the text is neither a URL nor an absolute path.
    init?(encoded text: String) {
        if text == Self.providerText {
            self = .provider
        } else if text.hasPrefix("/") {
            self = .file(text)
        } else if let url = URL(string: text) {
            self = .url(url)
        } else {
            return nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(location ?? Self.providerText)
    }

    /// The URL's text or the file's path, for people and scripts; nil when only the provider can
    /// read the bytes.
    public var location: String? {
        switch self {
        case .url(let url): url.absoluteString
        case .file(let path): path
        case .provider: nil
        }
    }

    public var description: String { location ?? "through the provider" }
}

/// What a photo's `takenAt` is when it is not the date the photo was taken.
public enum TakenAtKind: String, Hashable, Sendable, Codable {
    /// The date the file was uploaded, the provider knowing no date taken (Commons without
    /// `DateTimeOriginal`): a weaker guess, which the album says plainly.
    case uploaded
}

/// A photo a provider found: what it shows, where it was taken, and where its sizes can be read.
public struct PhotoCandidate: Hashable, Sendable, Codable {
    public var key: PhotoKey
    public var title: String
    public var owner: String?
    /// The license's name ("CC BY 2.0"), as people read it.
    public var license: String?
    /// The provider's own id for the license (Flickr's license number), when it has one.
    public var licenseID: String?
    /// The license's text for people, when the provider gives it.
    public var licenseURL: URL?
    public var takenAt: Date?
    /// What `takenAt` is when it is not the date taken (`uploaded`); nil: the date taken.
    public var takenAtKind: TakenAtKind?
    public var location: GeoPoint?
    public var sources: [PhotoSize: PhotoSource]
    /// The photo's page for people (Flickr's photo page, say), when it has one.
    public var pageURL: URL?
    /// What the provider needs to fetch this photo later, opaque to the rest of tourist and kept with
    /// the album (a plugin's PHOTO as it gave it), or nil.
    public var providerData: String?
    /// The credit line the provider gives for the photo (Commons: "Author, License <URL>, via
    /// Wikimedia Commons"), when its license asks for one; see `creditLine` for every provider.
    public var attribution: String?
    /// The camera that took it (EXIF make and model, "Canon EOS R5"), when the provider reads it.
    public var camera: String?

    public init(
        key: PhotoKey, title: String, owner: String? = nil, license: String? = nil, licenseID: String? = nil,
        takenAt: Date? = nil, location: GeoPoint? = nil, sources: [PhotoSize: PhotoSource], pageURL: URL? = nil,
        licenseURL: URL? = nil, providerData: String? = nil, attribution: String? = nil, camera: String? = nil,
        takenAtKind: TakenAtKind? = nil
    ) {
        self.takenAtKind = takenAtKind
        self.attribution = attribution
        self.camera = camera
        self.key = key
        self.title = title
        self.owner = owner
        self.license = license
        self.licenseID = licenseID
        self.takenAt = takenAt
        self.location = location
        self.sources = sources
        self.pageURL = pageURL
        self.licenseURL = licenseURL
        self.providerData = providerData
    }

    /// The source for `size`, or else the nearest smaller size, or else the smallest larger one.
    public func source(nearest size: PhotoSize) -> (size: PhotoSize, source: PhotoSource)? {
        if let exact = sources[size] { return (size, exact) }
        let ordered = sources.keys.sorted()
        if let smaller = ordered.last(where: { $0 < size }), let source = sources[smaller] { return (smaller, source) }
        if let larger = ordered.first(where: { $0 > size }), let source = sources[larger] { return (larger, source) }
        return nil
    }
}

/// One page of search results, nearest first.
public struct SearchPage: Sendable {
    public var candidates: [PhotoCandidate]
    /// The page to ask for next, or nil when the provider has nothing more.
    public var nextPage: Int?
    /// How many photos match in all, when the provider says.
    public var total: Int?
    /// How many pages of this query's size can be read (Flickr: only the first 4,000 results),
    /// when the provider knows; `new-collection` starts at a random one the pin has not seen.
    public var pageCount: Int?

    public init(candidates: [PhotoCandidate], nextPage: Int?, total: Int? = nil, pageCount: Int? = nil) {
        self.candidates = candidates
        self.nextPage = nextPage
        self.total = total
        self.pageCount = pageCount
    }
}
