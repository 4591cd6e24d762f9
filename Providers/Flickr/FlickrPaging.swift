/// Flickr's paging rules for geo searches, as a value with no network: a page holds at most 250
/// photos, only the first 4,000 results can be reached (pages past them repeat earlier results),
/// so a page beyond those is never asked for, and none is named as next past Flickr's last.
struct FlickrPaging: Sendable, Equatable {
    /// What one page read says about the pages around it.
    struct Outcome: Sendable, Equatable {
        /// The pages that can be read for this query, when Flickr said how many there are.
        var pageCount: Int?
        /// The page to ask for next, or nil when there is nothing more to read.
        var nextPage: Int?
    }

    /// Flickr serves at most 250 photos per page of a geo query.
    static let maxPerPage = 250
    /// Only the first 4,000 results of a search can be read.
    static let reachableResults = 4000

    /// Photos per page: the query's limit, within the configured `perPage` and Flickr's maximum.
    let perPage: Int

    init(limit: Int, configuredPerPage: Int) {
        perPage = max(1, min(limit, configuredPerPage, Self.maxPerPage))
    }

    /// The last page holding any of the first 4,000 results: ceil(4000 / perPage).
    var lastReachablePage: Int { (Self.reachableResults + perPage - 1) / perPage }

    /// Whether `page` may be asked for at all (before knowing how many pages Flickr has).
    func canRequest(page: Int) -> Bool { page >= 1 && page <= lastReachablePage }

    /// What to make of `page` once read: Flickr reported `reportedPages` pages (nil when it did not
    /// say) and listed `listed` photos on it.
    func outcome(page: Int, reportedPages: Int?, listed: Int) -> Outcome {
        guard let reportedPages else {
            // Without a page count, a full page suggests more; never past the reachable results.
            let more = listed >= perPage && page < lastReachablePage
            return Outcome(pageCount: nil, nextPage: more ? page + 1 : nil)
        }
        let reachable = min(max(0, reportedPages), lastReachablePage)
        let more = page < reachable && listed > 0
        return Outcome(pageCount: reachable, nextPage: more ? page + 1 : nil)
    }
}
