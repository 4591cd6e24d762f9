import Foundation
import Logging
import TouristCore

/// Flickr's answers read from their bytes as the provider reads them after a request: decoded, a
/// `stat: fail` classified (`FlickrResponseDecoder`), then turned into candidates
/// (`FlickrCandidates`) or sizes. The fuzzer's door to Flickr (`Fuzz/Doors`).
package enum FlickrAnswerReading {
    /// The candidates a `flickr.photos.search` answer lists for `query`, or the `ProviderError` it
    /// stands for.
    package static func search(_ body: Data, for query: GeoQuery, logger: Logger) throws -> [PhotoCandidate] {
        let response = try decoder.decode(body, method: "flickr.photos.search", as: FlickrSearchResponse.self)
        return candidates(logger).page(response.photos.photo, for: query)
    }

    /// The sizes (with their URLs) a `flickr.photos.getSizes` answer lists for photo `id`, and its
    /// owner when named, or the `ProviderError` it stands for.
    package static func sizes(_ body: Data, photo id: String, logger: Logger) throws -> (urls: [PhotoSize: URL], owner: String?) {
        try decoder.decode(body, method: "flickr.photos.getSizes", as: FlickrSizesResponse.self).listed(
            photo: id, candidates: candidates(logger))
    }

    private static func candidates(_ logger: Logger) -> FlickrCandidates {
        FlickrCandidates(providerName: "flickr", albumSize: .medium640, logger: logger)
    }

    private static let decoder = FlickrResponseDecoder(apiKey: "fuzz-key", providerName: "flickr")
}
