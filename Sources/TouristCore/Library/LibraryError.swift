/// A request a front end passed on that cannot be carried out as asked, with the message to show.
/// The CLI exits 64 (`usage`) or 69 (`unavailable`); `tourist serve` answers 400 or 503.
public struct LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The request names something that cannot be used (a provider that is not configured).
        case usage
        /// The request is valid, but no configured provider can carry it out.
        case unavailable
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
