/// Identifies a photo across providers: the provider's configured name and the provider's own id.
/// Written `provider:id`, for example `flickr:53624890009` or `demo:paris-01`.
public struct PhotoKey: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let provider: String
    public let id: String

    public init(provider: String, id: String) {
        self.provider = provider
        self.id = id
    }

    /// Parses `provider:id`; the id may itself contain colons.
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let provider = String(text[..<colon]), id = String(text[text.index(after: colon)...])
        guard !provider.isEmpty, !id.isEmpty else { return nil }
        self.init(provider: provider, id: id)
    }

    public var description: String { "\(provider):\(id)" }

    public static func < (lhs: PhotoKey, rhs: PhotoKey) -> Bool { lhs.description < rhs.description }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let key = PhotoKey(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not provider:id"))
        }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
