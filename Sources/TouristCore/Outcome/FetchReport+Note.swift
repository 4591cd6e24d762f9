extension FetchReport.Note {
    /// A provider's failure in plain words, with its own message as the detail.
    public init(_ failure: ProviderFailure) {
        let name = failure.provider
        let text: String
        if failure.isUnreachable {
            text = "\(name) could not be reached (offline?)"
        } else if failure.isMissingCredentials {
            text = "\(name) is not set up: it has no credentials"
        } else if failure.isOutOfService {
            text = "\(name) stopped working for this run"
        } else {
            text =
                switch failure.reason {
                case .unauthorized: "\(name) refused its credentials"
                case .rateLimited: "\(name) asked to slow down"
                case .unavailable: "\(name) could not answer (a server error)"
                case .timedOut: "\(name) did not answer in time"
                case .invalidResponse: "\(name) answered with something it should not"
                case .notFound: "\(name) could not find what was asked"
                case .invalidConfiguration: "\(name) is not configured correctly"
                case .tooLarge: "\(name) offered photos too large to keep"
                case .failed: "\(name) failed"
                case .empty: "\(name) has \(failure.message)"
                case .outsideCoverage: "\(name) has no photos near here (not asked)"
                }
        }
        self.init(provider: name, reason: failure.reason, text: text, detail: failure.isNoPhotos ? nil : failure.message)
    }
}
