import Foundation
import LoopbackHTTP
import Synchronization

/// A small S3 on 127.0.0.1 that holds one empty tourist store (`s3://tourist-hostile/library`,
/// its VERSION written) in memory and answers GET, HEAD, PUT, DELETE and ListObjectsV2 path-style,
/// without checking signatures, except where `misbehave` answers a request its own way: a
/// repeated continuation token, a trickle, a huge object, a redirect, garbage.
final class HostileS3: Sendable {
    static let bucket = "tourist-hostile"
    /// The store tourist is pointed at.
    static let store = "s3://\(bucket)/library"

    private let server: LoopbackServer

    /// `misbehave` answers a request instead of the fake when it returns a reply.
    init(misbehave: @escaping @Sendable (LoopbackRequest) -> LoopbackReply?) throws {
        let objects = Mutex(["library/VERSION": Array("1\n".utf8)])
        server = try LoopbackServer { request in
            misbehave(request) ?? Self.answer(request, objects)
        }
    }

    /// What points tourist at this fake (with made-up keys).
    var environment: [String: String] {
        [
            "AWS_ENDPOINT_URL": "http://127.0.0.1:\(server.port)", "AWS_ACCESS_KEY_ID": "AKIDHOSTILE",
            "AWS_SECRET_ACCESS_KEY": "hostile-secret",
            "AWS_REGION": "us-east-1", "TOURIST_STORE": Self.store,
        ]
    }

    /// Every request received, in order.
    var requests: [LoopbackRequest] { server.requests }

    /// Whether `request` is a ListObjectsV2 of the bucket.
    static func isListing(_ request: LoopbackRequest) -> Bool {
        request.query["list-type"] == "2"
    }

    /// Whether `request` reads the object of store key `key`.
    static func reads(_ request: LoopbackRequest, _ key: String) -> Bool {
        request.method == "GET" && request.path == "/\(bucket)/library/\(key)"
    }

    /// A ListObjectsV2 page holding `keys` (store keys), going on at `token` when there is one.
    static func listPage(_ keys: [String], continuingAt token: String?) -> LoopbackReply {
        let contents = keys.map {
            "<Contents><Key>library/\($0)</Key><Size>1</Size><LastModified>2026-01-01T00:00:00.000Z</LastModified></Contents>"
        }
        let tail =
            token.map { "<IsTruncated>true</IsTruncated><NextContinuationToken>\($0)</NextContinuationToken>" }
            ?? "<IsTruncated>false</IsTruncated>"
        return .response(
            status: 200, headers: [("Content-Type", "application/xml")],
            body: Array(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><ListBucketResult><Name>\(bucket)</Name>\(contents.joined())\(tail)</ListBucketResult>"
                    .utf8))
    }

    private static func answer(_ request: LoopbackRequest, _ objects: borrowing Mutex<[String: [UInt8]]>) -> LoopbackReply {
        let prefix = "/\(bucket)/"
        if isListing(request) {
            let wanted = request.query["prefix"] ?? ""
            let keys = objects.withLock { $0.keys.filter { $0.hasPrefix(wanted) }.sorted() }
            return listPage(keys.map { String($0.dropFirst("library/".count)) }, continuingAt: nil)
        }
        guard request.path.hasPrefix(prefix) else {
            return .response(status: 404, body: Array("<Error><Code>NoSuchBucket</Code></Error>".utf8))
        }
        let key = String(request.path.dropFirst(prefix.count)).removingPercentEncoding ?? ""
        let missing = LoopbackReply.response(status: 404, body: Array("<Error><Code>NoSuchKey</Code></Error>".utf8))
        switch request.method {
        case "GET", "HEAD":
            guard let bytes = objects.withLock({ $0[key] }) else { return missing }
            let etag = "\"\(bytes.count)-\(bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFFFF })\""
            return .response(status: 200, headers: [("ETag", etag), ("Last-Modified", "Thu, 01 Jan 2026 00:00:00 GMT")], body: bytes)
        case "PUT":
            let created = objects.withLock { stored in
                guard request.headers["if-none-match"] != "*" || stored[key] == nil else { return false }
                stored[key] = request.body
                return true
            }
            return created
                ? .response(status: 200, headers: [("ETag", "\"\(request.body.count)\"")], body: []) : .response(status: 412, body: [])
        case "DELETE":
            _ = objects.withLock { $0.removeValue(forKey: key) }
            return .response(status: 204, body: [])
        default:
            return .response(status: 405, body: [])
        }
    }
}
