/// Input data that cannot be used as it is (a fixture manifest pointing outside its folder, say):
/// the message names the file, the entry and the fix. The CLI exits 65 for it.
public struct InputDataError: ClassifiedError, Sendable, Equatable {
    public let message: String
    public let remedy: Remedy?

    public init(_ message: String, remedy: Remedy? = nil) {
        self.message = message
        self.remedy = remedy
    }

    public var facts: String { message }
    public var description: String { factsAndRemedy }
    public var failureClass: FailureClass { .badData }
}
