import Foundation
import HTTPTypes
import Hummingbird
import TouristCore

/// `GET /blobs/SHA256`: photo bytes by hash, through the store's `BlobReading` seam (answered by
/// `TouristResponder` before the router, as most requests a page makes are for photos). The hash is
/// checked to be 64 lowercase hex digits before anything is read; nothing else in the path is used.
/// Blobs never change, so the answer is `immutable` with the hash as its `ETag` (a repeat visit
/// gets 304), and single byte ranges are served (206, or 416 outside the blob).
///
/// No byte is sent before the photo's file on this machine is checked against its hash
/// (`BlobReading.checkedFile`: on S3 the cached copy, read again from the bucket when it fails, and
/// held against the size its album records, `RecordedSizes`), so what is marked `immutable` is what
/// the hash names. Nothing here blocks an event loop: files are
/// opened, checked and read on `ServerThreads.files`. A photo small enough for `BlobCache` is read
/// whole once and kept; a larger one is streamed, only the asked range, in chunks sent as fast as
/// the client takes them, so memory stays bounded however many clients read however slowly.
struct BlobRoutes: Sendable {
    let blobs: any BlobReading
    let cache: BlobCache
    /// What the albums shown record for each photo's size, which a download is held against.
    let sizes: RecordedSizes

    static let cacheControl = "public, max-age=31536000, immutable"
    /// How much of a large photo is read at once while streaming it.
    static let chunkSize = 256 << 10

    /// The answer to `GET` or `HEAD /blobs/NAME`.
    func serve(_ request: Request, name sha256: Substring) async throws -> Response {
        guard let key = BlobName(sha256) else {
            return APIError.response(.notFound, "not a photo: blobs are named by 64 lowercase hex digits")
        }
        let match = request.headers[.ifNoneMatch]
        if let match, Self.isETag(match, of: sha256) { return Self.notModified(sha256) }
        // `*` matches any photo the store has, so it is answered only once the photo is known to exist.
        let anyMatches = match == "*"
        if let cached = cache.entry(key) {
            if anyMatches { return Self.notModified(sha256) }
            return answer(request, name: sha256, headers: cached.headers, size: cached.bytes.readableBytes) { range in
                ResponseBody(
                    byteBuffer: cached.bytes.getSlice(at: cached.bytes.readerIndex + range.lowerBound, length: range.count) ?? cached.bytes)
            }
        }
        let name = String(sha256)
        let (blobs, largest, recorded) = (blobs, cache.largest, sizes.size(of: key))
        let opened = try await ServerThreads.files.runIfActive { () throws -> (file: CheckedBlobFile, head: ByteBuffer)? in
            guard let file = try blobs.checkedFile(of: name, expectedSize: recorded) else { return nil }
            return (file, try file.buffer(at: 0, count: file.size <= largest ? file.size : 32))
        }
        guard let (file, head) = opened else {
            return APIError.response(.notFound, "the store has no photo \(name)")
        }
        if anyMatches { return Self.notModified(sha256) }
        let headers = Self.headers(name: name, size: file.size, head: head)
        guard file.size > largest else {
            // Read whole (and checked, as every file `checkedFile` gives): kept.
            cache.insert(key, BlobCache.Entry(bytes: head, headers: headers))
            return answer(request, name: sha256, headers: headers, size: head.readableBytes) { range in
                ResponseBody(byteBuffer: head.getSlice(at: head.readerIndex + range.lowerBound, length: range.count) ?? head)
            }
        }
        return answer(request, name: sha256, headers: headers, size: file.size) { range in Self.stream(file, range) }
    }

    /// 304: the client's copy of photo `name` is current.
    private static func notModified(_ name: Substring) -> Response {
        Response(status: .notModified, headers: [.eTag: "\"\(name)\"", .cacheControl: cacheControl])
    }

    /// The answer for a photo of `size` bytes whose whole answer has `headers`: all of it, the
    /// range asked, or 416; `body` gives the bytes of a range (not asked for `HEAD`).
    private func answer(_ request: Request, name: Substring, headers: HTTPFields, size: Int, body: (Range<Int>) -> ResponseBody) -> Response
    {
        let wantsRange = request.headers[.range] != nil && (request.headers[.ifRange].map { Self.isETag($0, of: name) } ?? true)
        var range = 0..<size
        var headers = headers
        var status = HTTPResponse.Status.ok
        if wantsRange, let rangeHeader = request.headers[.range] {
            switch ByteRange.parse(rangeHeader, size: size) {
            case .whole:
                break
            case .unsatisfiable:
                return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)", .eTag: "\"\(name)\""])
            case .part(let part):
                status = .partialContent
                range = part
                headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(size)"
                headers[.contentLength] = String(part.count)
            }
        }
        return Response(status: status, headers: headers, body: request.method == .head ? ResponseBody() : body(range))
    }

    /// The headers of a whole photo's answer; `head` is at least its first bytes, for its type.
    private static func headers(name: String, size: Int, head: ByteBuffer) -> HTTPFields {
        [
            .contentType: ImageFormat.mimeType(of: Array(head.readableBytesView.prefix(32))) ?? "application/octet-stream",
            .eTag: "\"\(name)\"", .cacheControl: cacheControl, .acceptRanges: "bytes", .contentLength: String(size),
            // What `RequestGuard` adds to every answer, in place already.
            .xContentTypeOptions: "nosniff", .crossOriginResourcePolicy: "same-origin",
        ]
    }

    /// Bytes `range` of `file`, read a chunk at a time on the file threads, each read once the
    /// client has taken the one before (the writer waits while the connection is not writable).
    private static func stream(_ file: CheckedBlobFile, _ range: Range<Int>) -> ResponseBody {
        ResponseBody(contentLength: range.count) { writer in
            var offset = range.lowerBound
            while offset < range.upperBound {
                let count = min(chunkSize, range.upperBound - offset)
                let start = offset
                let chunk = try await ServerThreads.files.runIfActive { try file.buffer(at: start, count: count) }
                guard chunk.readableBytes > 0 else {
                    throw StoreError(
                        .io, "a photo ended early while being sent (\(offset) of \(range.upperBound) bytes)", remedy: Remedy(.verifyStore))
                }
                try await writer.write(chunk)
                offset += chunk.readableBytes
            }
            try await writer.finish(nil)
        }
    }

    /// Whether `header` is the ETag of blob `name`: the name in double quotes.
    static func isETag(_ header: String, of name: Substring) -> Bool {
        let bytes = header.utf8
        return bytes.count == name.utf8.count + 2 && bytes.first == UInt8(ascii: "\"") && bytes.last == UInt8(ascii: "\"")
            && bytes.dropFirst().dropLast().elementsEqual(name.utf8)
    }
}
