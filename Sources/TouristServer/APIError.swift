import Foundation
import HTTPTypes
import Hummingbird
import TouristCore

/// Errors as the API answers them: a status and `{"error": "message"}`, the message saying what
/// to do, as the CLI's do.
enum APIError {
    static func response(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = (try? ServerJSON.line(["error": message])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }

    /// The HTTP status for a failure of `failureClass`. A provider or store server that refuses
    /// tourist's credentials is a bad gateway, not the browser's fault; the server's own config or
    /// data being wrong is a server error.
    static func status(for failureClass: FailureClass) -> HTTPResponse.Status {
        switch failureClass {
        case .usage, .missingInput: .badRequest
        case .notFound: .notFound
        case .conflict: .conflict
        case .busy, .temporary, .unavailable, .cannotCreate: .serviceUnavailable
        case .unauthorized: .badGateway
        case .badData, .config, .io: .internalServerError
        }
    }
}

/// A request the API cannot read: the message names the part and the fix.
struct BadRequest: ClassifiedError {
    let message: String
    var failureClass: FailureClass { .usage }
    var description: String { message }
}
