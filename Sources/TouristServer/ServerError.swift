import TouristCore

/// Why the server cannot start (its port is taken, its web pages are missing).
public struct ServerError: ClassifiedError, Sendable {
    public let message: String

    static func assets(_ message: String) -> ServerError { ServerError(message: message) }

    public var failureClass: FailureClass { .unavailable }
    public var description: String { message }
}
