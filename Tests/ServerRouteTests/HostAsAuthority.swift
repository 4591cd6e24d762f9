import HTTPTypes
import Hummingbird

/// Does for the in-process requests of `HummingbirdTesting`'s router framework what an HTTP/1.1
/// connection does for real ones (`NIOHTTPTypesHTTP1`): the `Host` header becomes the request's
/// authority, and a request without one has none. The framework itself always sets the authority
/// to `localhost`, without a port, which no `tourist serve` answers to; with this the tests choose
/// the `Host` a browser (or an attacker's page) would send.
struct HostAsAuthority<Base: HTTPResponder>: HTTPResponder {
    let base: Base

    func respond(to request: Request, context: Base.Context) async throws -> Response {
        var head = request.head
        head.authority = head.headerFields[.hostHeader]
        head.headerFields[.hostHeader] = nil
        return try await base.respond(to: Request(head: head, body: request.body), context: context)
    }
}

extension HTTPField.Name {
    /// `Host`, which `HTTPTypes` keeps as the request's authority rather than as a field.
    static let hostHeader = Self("Host")!
}
