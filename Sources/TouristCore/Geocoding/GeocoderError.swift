/// Why an online lookup of a place name gave no answer, in words that name the geocoder's host and
/// what to do instead, classified for the front end's exit code or HTTP status. A place the
/// geocoder does not know is no error of this kind: that is an answer with no places.
public struct GeocoderError: ClassifiedError, Sendable, Equatable {
    private enum Code: Sendable, Equatable {
        /// The host could not be reached: offline, or it is down.
        case unreachable
        /// It did not answer in time, asked to slow down, or failed for now.
        case temporary
        /// It refused tourist (Nominatim blocks clients that break its policy).
        case refused
        /// The configured address does not lead to a Nominatim search.
        case misconfigured
        /// It answered something that is not a search result.
        case invalidResponse
        /// Another tourist process held the geocoder's turn for too long.
        case busy
    }

    private let code: Code
    public let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    static func unreachable(_ message: String) -> Self { .init(.unreachable, message) }
    static func temporary(_ message: String) -> Self { .init(.temporary, message) }
    static func refused(_ message: String) -> Self { .init(.refused, message) }
    static func misconfigured(_ message: String) -> Self { .init(.misconfigured, message) }
    static func invalidResponse(_ message: String) -> Self { .init(.invalidResponse, message) }
    static func busy(_ message: String) -> Self { .init(.busy, message) }

    /// Whether the host could not be reached at all (offline, or the server is down).
    public var isUnreachable: Bool { code == .unreachable }

    /// Unreachable, slow or failing for now: `temporary` (the same lookup later may work); refused
    /// or answering nonsense: `unavailable`; a wrong `geocoder.url`: `config`; another process's
    /// turn: `busy`.
    public var failureClass: FailureClass {
        switch code {
        case .unreachable, .temporary: .temporary
        case .refused, .invalidResponse: .unavailable
        case .misconfigured: .config
        case .busy: .busy
        }
    }

    public var description: String { message }
}
