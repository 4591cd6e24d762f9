/// A request a front end passed on that cannot be carried out as asked (a provider that is not
/// configured, a name that matches several pins), with the message to show and its class.
public struct LibraryError: ClassifiedError, Sendable, Equatable {
    public let failureClass: FailureClass
    public let message: String
    public let remedy: Remedy?

    public init(_ failureClass: FailureClass, _ message: String, remedy: Remedy? = nil) {
        self.failureClass = failureClass
        self.message = message
        self.remedy = remedy
    }

    public var facts: String { message }
    public var description: String { factsAndRemedy }
}
