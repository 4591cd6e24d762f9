import Foundation
import Logging
import TouristCore

/// A Commons answer read from its bytes as the provider reads one after a request: decoded or
/// classified (`CommonsResponseDecoder`), its pages merged (`CommonsPageMerger`) and turned into
/// candidates (`CommonsCandidates`). The fuzzer's door to Commons (`Fuzz/Doors`).
package enum CommonsAnswerReading {
    /// The candidates among the pages of `body`, an answer with `headers` (names lowercased), or
    /// the `ProviderError` it stands for.
    package static func candidates(body: Data, headers: [String: String], logger: Logger) throws -> [PhotoCandidate] {
        let response = try CommonsResponseDecoder.decode(body: body, headers: headers)
        var merged = CommonsPageMerger()
        merged.add(response.query?.pages ?? [])
        let candidates = CommonsCandidates(providerName: "commons", albumSize: .medium640, logger: logger)
        return merged.pages.compactMap(candidates.candidate)
    }
}
