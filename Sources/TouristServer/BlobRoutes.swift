import Foundation
import HTTPTypes
import Hummingbird
import TouristCore

/// `GET /blobs/SHA256`: photo bytes by hash, through the store's `BlobReading` seam (answered by
/// `TouristResponder` before the router, as most requests a page makes are for photos). The hash is
/// checked to be 64 lowercase hex digits before anything is read; nothing else in the path is used.
/// Blobs never change, so the answer is `immutable` with the hash as its `ETag` (a repeat visit
/// gets 304), and single byte ranges are served (206, or 416 outside the blob).
struct BlobRoutes: Sendable {
    let blobs: any BlobReading
    let cache: BlobCache

    static let cacheControl = "public, max-age=31536000, immutable"

    /// The answer to `GET` or `HEAD /blobs/NAME`.
    func serve(_ request: Request, name sha256: Substring) throws -> Response {
        guard let key = BlobName(sha256) else {
            return APIError.response(.notFound, "not a photo: blobs are named by 64 lowercase hex digits")
        }
        if let match = request.headers[.ifNoneMatch], match == "*" || Self.isETag(match, of: sha256) {
            return Response(status: .notModified, headers: [.eTag: "\"\(sha256)\"", .cacheControl: Self.cacheControl])
        }
        let entry: BlobCache.Entry
        if let cached = cache.entry(key) {
            entry = cached
        } else {
            let etag = "\"\(sha256)\""
            let name = String(sha256)
            let read = Result { () throws(StoreError) in try blobs.bytes(of: name, range: nil) }
            if case .failure(let error) = read, error.kind == .notFound {
                return APIError.response(.notFound, "the store has no photo \(name)")
            }
            let bytes = try read.get()
            entry = BlobCache.Entry(bytes: ByteBuffer(bytes: bytes), headers: [
                .contentType: ImageFormat.mimeType(of: Array(bytes.prefix(32))) ?? "application/octet-stream", .eTag: etag, .cacheControl: Self.cacheControl,
                .acceptRanges: "bytes", .contentLength: String(bytes.count),
                // What `RequestGuard` adds to every answer, in place already.
                .xContentTypeOptions: "nosniff", .crossOriginResourcePolicy: "same-origin",
            ])
            cache.insert(key, entry)
        }
        let wantsRange = request.headers[.range] != nil && (request.headers[.ifRange].map { Self.isETag($0, of: sha256) } ?? true)
        guard wantsRange else {
            // The common case: the whole photo, with the headers made when it was first read.
            return Response(status: .ok, headers: entry.headers, body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: entry.bytes))
        }
        let size = entry.bytes.readableBytes
        var headers = entry.headers
        var status = HTTPResponse.Status.ok
        var body = entry.bytes
        if let rangeHeader = request.headers[.range] {
            switch ByteRange.parse(rangeHeader, size: size) {
            case .whole:
                break
            case .unsatisfiable:
                return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)", .eTag: "\"\(sha256)\""])
            case .part(let range):
                status = .partialContent
                body = entry.bytes.getSlice(at: entry.bytes.readerIndex + range.lowerBound, length: range.count) ?? entry.bytes
                headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"
            }
        }
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: status, headers: headers, body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }

    /// Whether `header` is the ETag of blob `name`: the name in double quotes.
    static func isETag(_ header: String, of name: Substring) -> Bool {
        let bytes = header.utf8
        return bytes.count == name.utf8.count + 2 && bytes.first == UInt8(ascii: "\"") && bytes.last == UInt8(ascii: "\"")
            && bytes.dropFirst().dropLast().elementsEqual(name.utf8)
    }
}
