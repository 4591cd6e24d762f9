/// Which result pages a pin has read from each provider, and how many each can serve, so
/// `new-collection` starts at a page the pin has not seen (a random one, as Virtual Tourist did)
/// instead of asking page 1 again.
public struct PageHistory: Sendable, Codable, Equatable {
    /// Provider name → the pages read.
    public var seen: [String: Set<Int>] = [:]
    /// Provider name → how many pages it said can be read, when it said.
    public var pageCounts: [String: Int] = [:]
    /// Provider name → the page size those pages were read with: page numbers mean something only
    /// at one size, so a fresh collection asks at this size again.
    public var pageSizes: [String: Int] = [:]

    public init() {}

    /// Records that `page` of `provider` was read at `pageSize`, and its page count when known.
    /// Pages read at another size are forgotten: their numbers no longer match.
    public mutating func record(provider: String, page: Int, pageSize: Int, pageCount: Int?) {
        if pageSizes[provider] != pageSize {
            seen[provider] = nil
            pageCounts[provider] = nil
            pageSizes[provider] = pageSize
        }
        seen[provider, default: []].insert(page)
        if let pageCount { pageCounts[provider] = pageCount }
    }

    /// Adds what `other` recorded (for a provider read at another page size, `other` replaces it).
    public mutating func merge(_ other: PageHistory) {
        for (provider, pages) in other.seen {
            guard let size = other.pageSizes[provider] else { continue }
            if pageSizes[provider] != size {
                seen[provider] = nil
                pageCounts[provider] = nil
                pageSizes[provider] = size
            }
            seen[provider, default: []].formUnion(pages)
            if let count = other.pageCounts[provider] { pageCounts[provider] = count }
        }
    }

    /// The pages to read from `provider` for a fresh collection: a random page not seen yet first,
    /// then the other unseen ones in order (wrapping around), then the seen ones. Nil when the page
    /// count is unknown (read from page 1 and follow the provider's next pages).
    public func freshOrder<R: RandomNumberGenerator>(for provider: String, using random: inout R) -> [Int]? {
        guard let count = pageCounts[provider], count > 0 else { return nil }
        let seenPages = seen[provider] ?? []
        let unseen = (1...count).filter { !seenPages.contains($0) }
        guard let start = unseen.randomElement(using: &random) else { return Array(1...count) }
        let rotated = unseen.filter { $0 >= start } + unseen.filter { $0 < start }
        return rotated + (1...count).filter { seenPages.contains($0) }
    }
}
