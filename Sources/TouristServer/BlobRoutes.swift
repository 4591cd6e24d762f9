import Foundation
import HTTPTypes
import Hummingbird
import TouristCore

/// `GET /blobs/SHA256`: photo bytes by hash, through the store's `BlobReading` seam. The hash is
/// checked to be 64 lowercase hex digits before anything is read; nothing else in the path is used.
/// Blobs never change, so the answer is `immutable` with the hash as its `ETag` (a repeat visit
/// gets 304), and single byte ranges are served (206, or 416 outside the blob).
struct BlobRoutes: Sendable {
    let blobs: any BlobReading
    let cache: BlobCache

    func add(to router: Hummingbird.Router<BasicRequestContext>) {
        router.get("/blobs/:sha256") { request, context in try serve(request, context: context) }
        router.head("/blobs/:sha256") { request, context in try serve(request, context: context) }
    }

    static let cacheControl = "public, max-age=31536000, immutable"

    private func serve(_ request: Request, context: BasicRequestContext) throws -> Response {
        guard let sha256 = context.parameters.get("sha256"), Self.isBlobName(sha256) else {
            return APIError.response(.notFound, "not a photo: blobs are named by 64 lowercase hex digits")
        }
        let etag = "\"\(sha256)\""
        if let match = request.headers[.ifNoneMatch], match == etag || match == "*" {
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: Self.cacheControl])
        }
        let entry: BlobCache.Entry
        if let cached = cache.entry(sha256) {
            entry = cached
        } else {
            guard let info = blobs.info(of: sha256) else { return APIError.response(.notFound, "the store has no photo \(sha256)") }
            let bytes = try blobs.bytes(of: sha256, range: nil)
            entry = BlobCache.Entry(bytes: ByteBuffer(bytes: bytes), contentType: info.mimeType ?? "application/octet-stream")
            cache.insert(sha256, entry)
        }
        let size = entry.bytes.readableBytes
        var headers: HTTPFields = [.contentType: entry.contentType, .eTag: etag, .cacheControl: Self.cacheControl, .acceptRanges: "bytes"]
        var status = HTTPResponse.Status.ok
        var body = entry.bytes
        if let rangeHeader = request.headers[.range], request.headers[.ifRange].map({ $0 == etag }) ?? true {
            switch ByteRange.parse(rangeHeader, size: size) {
            case .whole:
                break
            case .unsatisfiable:
                return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)", .eTag: etag])
            case .part(let range):
                status = .partialContent
                body = entry.bytes.getSlice(at: entry.bytes.readerIndex + range.lowerBound, length: range.count) ?? entry.bytes
                headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"
            }
        }
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: status, headers: headers, body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }

    static func isBlobName(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// A `Range` header, as far as one blob needs it: one `bytes=` range, or the whole blob.
enum ByteRange: Equatable {
    case whole
    case part(Range<Int>)
    case unsatisfiable

    /// `bytes=A-B`, `bytes=A-` or `bytes=-N` against a blob of `size` bytes. Several ranges, or
    /// anything not understood, get the whole blob (which the standard allows).
    static func parse(_ header: String, size: Int) -> ByteRange {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .whole }
        let first = parts[0].isEmpty ? nil : Int(parts[0]), last = parts[1].isEmpty ? nil : Int(parts[1])
        if parts[0].isEmpty {
            guard let suffix = last, suffix >= 0 else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(max(0, size - suffix)..<size)
        }
        guard let start = first, start >= 0, parts[1].isEmpty || last != nil else { return .whole }
        guard start < size else { return .unsatisfiable }
        let end = min(last ?? (size - 1), size - 1)
        guard end >= start else { return .whole }
        return .part(start..<(end + 1))
    }
}
