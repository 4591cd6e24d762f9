/// Input data that cannot be used as it is (a fixture manifest pointing outside its folder, say):
/// the message names the file, the entry and the fix. The CLI exits 65 for it.
public struct InputDataError: ClassifiedError, Sendable, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
    public var failureClass: FailureClass { .badData }
}
