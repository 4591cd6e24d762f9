/// Runs `operation`, cancelling it and throwing `ProviderError.timedOut` after `seconds` (nil: no limit);
/// `what` names the work in the message ("provider walks took longer than 30 s").
public func withTimeout<T: Sendable>(
    _ seconds: Double?, what: @autoclosure () -> String, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    guard let seconds else { return try await operation() }
    let message = "\(what()) took longer than \(JSONValue.number(seconds).rendered()) s"
    return try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw ProviderError.timedOut(message)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}
