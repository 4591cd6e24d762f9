import Hummingbird

/// Turns an error a handler threw into the API's answer (`APIError`): a status that says what
/// kind of problem it was and `{"error": "..."}` saying what to do, never a bare 500.
struct ErrorAnswers<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            return APIError.response(error.status, error.status == .notFound ? "nothing here: \(request.uri.path)" : "\(error.status)")
        } catch {
            return APIError.response(for: error)
        }
    }
}
