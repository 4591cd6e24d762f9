/// A request a front end passed on that cannot be carried out as asked (a provider that is not
/// configured, a name that matches several pins), with the message to show and its class.
public struct LibraryError: ClassifiedError, Sendable, Equatable {
    public let failureClass: FailureClass
    public let message: String

    public init(_ failureClass: FailureClass, _ message: String) {
        self.failureClass = failureClass
        self.message = message
    }

    public var description: String { message }
}
