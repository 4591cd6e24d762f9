import TouristCore

/// A `search` result, `{"photos": [PHOTO…], "cursor": "opaque" or null, "pages": …}`, read as
/// tourist uses it: the photos as candidates, and the cursor of the next page (`pages` is not used).
struct PluginSearchResult {
    var candidates: [PhotoCandidate]
    /// The cursor to ask the next page with; nil after the last page.
    var cursor: String?

    init(_ result: JSONValue, provider: String, plugin: String) throws(ProviderError) {
        guard let photos = result["photos"]?.arrayValue else {
            throw .invalidResponse("plugin \(plugin) answered search without a \"photos\" list")
        }
        candidates = []
        for photo in photos { candidates.append(try PluginPhoto.candidate(photo, provider: provider, plugin: plugin)) }
        switch result["cursor"] ?? .null {
        case .null: cursor = nil
        case .string(let text): cursor = text
        default: throw .invalidResponse("plugin \(plugin) answered search with a \"cursor\" that is neither a string nor null")
        }
    }
}
