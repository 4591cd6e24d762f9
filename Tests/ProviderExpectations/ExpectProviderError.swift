// Swift Testing exists in test builds only; `swift build -c release` builds this target too.
#if canImport(Testing)
import Testing
import TouristCore

/// Runs `body`, records an issue unless it throws a `ProviderError` of `kind` with the given
/// retry classification, and returns the error (for further checks on its message).
@discardableResult
public func expectProviderError(
    _ kind: String, retryable: Bool, _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) async -> ProviderError? {
    do {
        try await body()
        Issue.record("expected a \(kind) error", sourceLocation: sourceLocation)
    } catch let error as ProviderError {
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.isRetryable == retryable, "\(error)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected a ProviderError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
#endif
