import Foundation
import TouristCore

/// Builds `type: "commons"` providers and describes their options. Needs no key: the starter config
/// enables it, so a new user gets real photos of any place at once.
public struct CommonsProviderFactory: ProviderFactory {
    public init() {}

    public let type = "commons"
    public let summary = "Freely licensed geotagged photos from Wikimedia Commons (GeoData geosearch); no API key."
    public let options: [ProviderOption] = [
        ProviderOption("endpoint", .string, help: "MediaWiki API endpoint (http or https)", default: CommonsProviderFactory.defaultEndpoint),
        ProviderOption("contact", .string, help: "A URL or e-mail address for Wikimedia to reach you, sent in the User-Agent as its policy asks", default: CommonsProviderFactory.defaultContact),
        ProviderOption(
            "thumbnailWidth", .integer(20...3840),
            help: "Width in px album photos are fetched at, one of Commons' standard widths \(CommonsSizes.standardWidths.map(String.init).joined(separator: ", ")) (default: the one for album.size, \(PhotoSize.small240.rawValue) → \(CommonsProviderFactory.thumbnailWidth(for: .small240)))"
        ),
    ]

    /// Wikimedia asks API clients to keep at most 3 requests in flight; the router keeps it for
    /// searches and downloads alike.
    public let defaultConcurrency: Int? = 3

    static let defaultEndpoint = "https://commons.wikimedia.org/w/api.php"
    /// Where Wikimedia can reach tourist's maintainers when the user names no contact of their own.
    static let defaultContact = "https://github.com/tourist-cli/tourist"

    /// The width album photos of `albumSize` are fetched at when `thumbnailWidth` is not set: the
    /// standard width for that size, the largest for the original.
    static func thumbnailWidth(for albumSize: PhotoSize) -> Int { CommonsSizes.width(for: albumSize) ?? 3840 }

    /// `thumbnailWidth` follows `album.size`; the other options' defaults are as described.
    public func writableDefault(of option: ProviderOption, albumSize: PhotoSize) -> JSONValue? {
        option.name == "thumbnailWidth" ? .number(Double(Self.thumbnailWidth(for: albumSize))) : option.writableDefault
    }

    public func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        let endpointText = options.string("endpoint") ?? Self.defaultEndpoint
        let fix = "Use \(Self.defaultEndpoint) or the api.php of another MediaWiki with GeoData."
        guard let endpoint = URL(string: endpointText), CommonsCandidates.webURL(endpointText) != nil else {
            throw options.error("endpoint", "\"\(endpointText)\" is not an http or https URL with a host", fix: fix)
        }
        let contact = (options.string("contact") ?? Self.defaultContact).trimmingCharacters(in: .whitespacesAndNewlines)
        guard contact.contains("@") || CommonsCandidates.webURL(contact) != nil, !contact.contains(where: { $0 == "(" || $0 == ")" || $0.isNewline }) else {
            throw options.error("contact", "\"\(contact)\" is neither an e-mail address nor an http(s) URL", fix: "Write where Wikimedia can reach you, such as you@example.org or https://example.org/you; it goes into the User-Agent.")
        }
        var settings = CommonsProvider.Settings()
        settings.albumSize = context.albumSize
        settings.maxPhotoBytes = context.maxPhotoBytes
        settings.thumbnailWidth = Self.thumbnailWidth(for: context.albumSize)
        if let width = options.integer("thumbnailWidth") {
            guard CommonsSizes.standardWidths.contains(width) else {
                let above = CommonsSizes.standardWidths.first { $0 > width }.map { " (\($0) is the next one up)" } ?? ""
                throw options.error("thumbnailWidth", "\(width) is not one of Commons' standard thumbnail widths; its image servers refuse others", fix: "Use one of \(CommonsSizes.standardWidths.map(String.init).joined(separator: ", "))\(above).")
            }
            settings.thumbnailWidth = width
        }
        // Every search and fetch goes over HTTP: libcurl loads while the command does its other work.
        context.http.prepare()
        let api = CommonsAPI(
            endpoint: endpoint, userAgent: "tourist/\(TouristVersion.current) (\(contact))", http: context.http,
            logger: context.logger, providerName: name, retryPolicy: context.retryPolicy
        )
        return try CommonsProvider(name: name, api: api, settings: settings)
    }
}
