import Hummingbird

/// The server's front door. Photos (`GET`/`HEAD /blobs/SHA256`, most of what a page asks for) are
/// answered here, through the same checks (`RequestGuard.refusal`) and headers as everything else
/// but without the router and its middleware, which cost more than the answer itself once the
/// photo is in memory; every other request goes to the router (`HEAD` as the `GET` it mirrors).
struct TouristResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let router: RouterResponder<BasicRequestContext>
    let blobs: BlobRoutes
    let checks: RequestGuard<BasicRequestContext>

    static let blobPrefix = "/blobs/"

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let path = request.uri.path
        guard path.hasPrefix(Self.blobPrefix), request.method == .get || request.method == .head else {
            guard request.method == .head else { return try await router.respond(to: request, context: context) }
            // HEAD: the router knows GET only; answer as GET does, headers and all, without the body.
            var head = request.head
            head.method = .get
            let response = try await router.respond(to: Request(head: head, body: request.body), context: context)
            return Response(status: response.status, headers: response.headers, body: ResponseBody())
        }
        var response: Response
        if let refusal = checks.refusal(of: request) {
            response = refusal
        } else {
            do {
                response = try await blobs.serve(request, name: path.dropFirst(Self.blobPrefix.count))
                // A photo's answer carries its security headers from the cache already.
                if response.status == .ok { return response }
            } catch {
                response = checks.errorResponse(for: error)
            }
        }
        checks.secure(&response)
        return response
    }
}
