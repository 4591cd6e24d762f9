// Swift Testing exists in test builds only; `swift build -c release` builds this target too.
#if canImport(Testing)
    import Testing
    import TouristCore

    /// An error with a one-word kind and a retry classification: a provider's, or HTTP's.
    public protocol KindedError: RetryClassified {
        var kind: String { get }
    }

    extension ProviderError: KindedError {}
    extension HTTPError: KindedError {}

    /// Runs `body`, records an issue unless it throws a `ProviderError` of `kind` with the given
    /// retry classification, and returns the error (for further checks on its message).
    @discardableResult
    public func expectProviderError(
        _ kind: String, retryable: Bool, _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ProviderError? {
        await expectError(ProviderError.self, kind, retryable: retryable, body, sourceLocation: sourceLocation)
    }

    /// Runs `body`, records an issue unless it throws an `HTTPError` of `kind` with the given retry
    /// classification, and returns the error.
    @discardableResult
    public func expectHTTPError(
        _ kind: String, retryable: Bool, _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> HTTPError? {
        await expectError(HTTPError.self, kind, retryable: retryable, body, sourceLocation: sourceLocation)
    }

    /// Runs `body`, records an issue unless it throws an `E` of `kind` with the given retry
    /// classification, and returns the error.
    func expectError<E: KindedError>(
        _ type: E.Type, _ kind: String, retryable: Bool, _ body: () async throws -> Void, sourceLocation: SourceLocation
    ) async -> E? {
        do {
            try await body()
            Issue.record("expected a \(kind) error", sourceLocation: sourceLocation)
        } catch let error as E {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(error.isRetryable == retryable, "\(error)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("expected a \(E.self), got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }
#endif
