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

    /// The answer for an error an operation threw.
    static func response(for error: any Error) -> Response {
        switch error {
        case let error as StoreError:
            switch error.kind {
            case .notFound: return response(.notFound, error.message)
            case .conflict: return response(.conflict, error.message)
            case .busy: return response(.serviceUnavailable, error.message)
            case .unusable, .unavailable: return response(.serviceUnavailable, error.message)
            case .unauthorized: return response(.badGateway, error.message)
            case .io, .corrupt, .newerVersion: return response(.internalServerError, error.message)
            }
        case let error as LibraryError:
            return response(error.kind == .usage ? .badRequest : .serviceUnavailable, error.message)
        case let error as GeoPointError:
            return response(.badRequest, error.message)
        case let error as BadRequest:
            return response(.badRequest, error.message)
        case let error as ProviderError:
            return response(error.isNotFound ? .notFound : .badGateway, error.description)
        default:
            return response(.internalServerError, String(describing: error))
        }
    }
}

/// A request the API cannot read: the message names the part and the fix.
struct BadRequest: Error {
    let message: String
}
