/// Why the server cannot start.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    public let message: String

    static func assets(_ message: String) -> ServerError { ServerError(message: message) }

    public var description: String { message }
}
