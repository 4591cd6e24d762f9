/// Why the gazetteer could not be loaded: its file is not a gazetteer this build reads (or, for a
/// build made without it, is missing).
public struct GazetteerError: ClassifiedError, Sendable, Equatable {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
    public var failureClass: FailureClass { .badData }
}
