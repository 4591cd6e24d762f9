import Foundation
import TouristCore

/// Builds `type: "commons"` providers and describes their options. Needs no key: the starter config
/// enables it, so a new user gets real photos of any place at once.
public struct CommonsProviderFactory: ProviderFactory {
    public init() {}

    public let type = "commons"
    public let summary = "Freely licensed geotagged photos from Wikimedia Commons (GeoData geosearch); no API key."
    public let displayName: String? = "Wikimedia Commons"
    public let options: [ProviderOption] = [
        ProviderOption(
            "endpoint", .string, help: "MediaWiki API endpoint (http or https)", default: CommonsProviderFactory.defaultEndpoint),
        ProviderOption(
            "contact", .string,
            help:
                "Your e-mail address or web page, for Wikimedia to reach you, sent in the User-Agent as its policy asks; left for you to fill in (null: none is sent)"
        ),
        ProviderOption(
            "thumbnailWidth", .integer(20...3840),
            help:
                "Width in px album photos are fetched at, one of Commons' standard widths \(CommonsSizes.standardWidths.map(String.init).joined(separator: ", ")) (default: the one for album.size, \(PhotoSize.small240.rawValue) → \(CommonsProviderFactory.thumbnailWidth(for: .small240)))"
        ),
    ]

    /// Wikimedia asks API clients to keep at most 3 requests in flight; the router keeps it for
    /// searches and downloads alike.
    public let defaultConcurrency: Int? = 3

    static let defaultEndpoint = "https://commons.wikimedia.org/w/api.php"

    /// The width album photos of `albumSize` are fetched at when `thumbnailWidth` is not set: the
    /// standard width for that size, the largest for the original.
    static func thumbnailWidth(for albumSize: PhotoSize) -> Int { CommonsSizes.width(for: albumSize) ?? 3840 }

    /// `thumbnailWidth` follows `album.size`; `contact` is written as null, a place for the user's
    /// own (no contact is invented for them); the other options' defaults are as described.
    public func writableDefault(of option: ProviderOption, albumSize: PhotoSize) -> JSONValue? {
        switch option.name {
        case "thumbnailWidth": .number(Double(Self.thumbnailWidth(for: albumSize)))
        case "contact": .null
        default: option.writableDefault
        }
    }

    /// The User-Agent Wikimedia's policy asks for: `tourist/VERSION (CONTACT)`, or without a
    /// contact `tourist/VERSION` (none is sent rather than one that reaches nobody).
    static func userAgent(contact: String?) -> String {
        "tourist/\(TouristVersion.current)" + (contact.map { " (\($0))" } ?? "")
    }

    public func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        let endpointText = options.string("endpoint") ?? Self.defaultEndpoint
        let fix = "Use \(Self.defaultEndpoint) or the api.php of another MediaWiki with GeoData."
        guard let endpoint = URL(string: endpointText), CommonsCandidates.webURL(endpointText) != nil else {
            throw options.error("endpoint", "\"\(endpointText)\" is not an http or https URL with a host", fix: fix)
        }
        let contact = options.string("contact")?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let contact,
            !(contact.contains("@") || CommonsCandidates.webURL(contact) != nil)
                || contact.contains(where: { $0 == "(" || $0 == ")" || $0.isNewline })
        {
            throw options.error(
                "contact", "\"\(contact)\" is neither an e-mail address nor an http(s) URL",
                fix: "Write where Wikimedia can reach you, such as you@example.org or https://example.org/you; it goes into the User-Agent."
            )
        }
        var settings = CommonsProvider.Settings()
        settings.albumSize = context.albumSize
        settings.maxPhotoBytes = context.maxPhotoBytes
        settings.thumbnailWidth = Self.thumbnailWidth(for: context.albumSize)
        if let width = options.integer("thumbnailWidth") {
            guard CommonsSizes.standardWidths.contains(width) else {
                let above = CommonsSizes.standardWidths.first { $0 > width }.map { " (\($0) is the next one up)" } ?? ""
                throw options.error(
                    "thumbnailWidth", "\(width) is not one of Commons' standard thumbnail widths; its image servers refuse others",
                    fix: "Use one of \(CommonsSizes.standardWidths.map(String.init).joined(separator: ", "))\(above).")
            }
            settings.thumbnailWidth = width
        }
        // Every search and fetch goes over HTTP: libcurl loads while the command does its other work.
        context.http.prepare()
        let api = CommonsAPI(
            endpoint: endpoint, userAgent: Self.userAgent(contact: contact), http: context.http,
            logger: context.logger, providerName: name, retryPolicy: context.retryPolicy
        )
        return try CommonsProvider(name: name, api: api, settings: settings)
    }
}
