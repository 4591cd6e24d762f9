/// How a fetch ended: the album as it is now, the report every front end shows, and the providers
/// that failed or answered empty while searching (for `--verbose` and scripts).
public struct FetchOutcome: Sendable {
    public var report: FetchReport
    public var album: Album
    /// The providers that failed or answered empty while searching.
    public var providerFailures: [ProviderFailure]

    public init(report: FetchReport, album: Album, providerFailures: [ProviderFailure]) {
        self.report = report
        self.album = album
        self.providerFailures = providerFailures
    }
}
