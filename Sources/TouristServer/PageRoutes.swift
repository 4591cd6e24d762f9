import Hummingbird

/// The pages: the app's one HTML shell at `/`, `/pins/ID` and `/pins/ID/photos/PHOTO` (its
/// script draws the page the address names), with this server's CSRF token in it, and the
/// scripts, styles and map files it loads. Files are found only in `WebAssets`' table.
struct PageRoutes: Sendable {
    let assets: WebAssets
    let csrfToken: String

    func add(to router: Hummingbird.Router<BasicRequestContext>) {
        for path in ["/", "/pins/:pin", "/pins/:pin/photos/:photo"] {
            router.get(RouterPath(path)) { _, _ in page() }
        }
        router.get("/**") { request, _ in file(request) }
    }

    private func page() -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: assets.page(csrfToken: csrfToken)))
        )
    }

    private func file(_ request: Request) -> Response {
        guard let asset = assets.asset(at: request.uri.path) else {
            return APIError.response(.notFound, "nothing here: \(request.uri.path)")
        }
        if request.headers[.ifNoneMatch] == asset.etag {
            return Response(status: .notModified, headers: [.eTag: asset.etag])
        }
        // Revalidated on each visit (a new tourist may bring new pages), answered 304 when unchanged.
        return Response(
            status: .ok, headers: [.contentType: asset.contentType, .eTag: asset.etag, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes))
        )
    }
}
