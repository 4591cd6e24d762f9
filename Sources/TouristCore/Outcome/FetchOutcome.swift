/// How a fetch ended: the album as it is now, the report every front end shows, and the providers
/// that failed or answered empty while searching (for `--verbose` and scripts).
public struct FetchOutcome: Sendable {
    public var report: FetchReport
    public var album: Album
    /// The providers that failed or answered empty while searching.
    public var providerFailures: [ProviderFailure]
    /// The search requests made (result pages asked for), per provider; empty when nothing was searched.
    public var searchRequests: [String: Int] = [:]

    public init(report: FetchReport, album: Album, providerFailures: [ProviderFailure]) {
        self.report = report
        self.album = album
        self.providerFailures = providerFailures
    }

    /// "searched with 46 requests (commons 35, flickr 11)": the search requests this fetch made, by
    /// provider in name order; nil when it searched nothing.
    public var searchSummary: String? {
        let total = searchRequests.values.reduce(0, +)
        guard total > 0 else { return nil }
        let each = searchRequests.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "searched with \(Plural.count(total, "request")) (\(each))"
    }

    /// What became of the photos set aside (not images, copies of others), in one sentence naming
    /// the first, and whether others took their place: only when the album holds as many photos as
    /// it should (stored, or still to download) did they. Nil when none was, or the report says it.
    public var setAside: String? {
        let rejected = album.photos.filter { $0.state == .rejected }
        guard let first = rejected.first, report.kind != .unusable, report.kind != .alreadyComplete else { return nil }
        let replaced = album.keptCount >= album.target ? "and replaced by others" : "with no others left to take their place"
        return
            "\(Plural.count(rejected.count, "photo was", "photos were")) set aside \(replaced) (\(first.key): \(first.error ?? "rejected")); `tourist album \(album.pin.id)` lists them"
    }
}
