/// How a provider words what its requests over HTTP throw: the `HTTPError` of the HTTP layer
/// becomes the `ProviderError` of the same class, with the same message, at the provider's edge,
/// so the router and the album read one error of providers.
extension ProviderError {
    /// The provider's failure for a request that failed over HTTP.
    public init(_ error: HTTPError) {
        switch error.code {
        case .transient(let failure): self.init(.transient(failure), error.message)
        case .unauthorized: self = .unauthorized(error.message)
        case .invalidResponse: self = .invalidResponse(error.message)
        case .notFound: self = .notFound(error.message)
        case .invalidRequest: self = .invalidConfiguration(error.message)
        case .tooLarge: self = .tooLarge(error.message)
        }
    }

    /// Runs `request` (a provider's call of `HTTPClient`), throwing an `HTTPError` as the
    /// `ProviderError` of its class; any other error (a sink's, a cancellation) passes as it is.
    public static func overHTTP<T>(_ request: () async throws -> T) async throws -> T {
        do {
            return try await request()
        } catch let error as HTTPError {
            throw ProviderError(error)
        }
    }
}
