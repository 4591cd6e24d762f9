import Foundation

/// Turns the store's keys into signed S3 requests, path-style: `ENDPOINT/BUCKET/PREFIX/KEY`, each
/// segment of the key percent-encoded (its `/` kept), as SigV4 wants the path it signs.
struct S3Addressing: Sendable {
    let endpoint: URL
    let location: S3Location
    let signing: AWSSigning

    /// A signed request for the object of store key `key` (the location's prefix goes before it).
    func request(
        _ method: String, _ key: String, headers: [(name: String, value: String)] = [], body: HTTPRequest.Body? = nil
    ) throws(StoreError) -> HTTPRequest {
        let path = Self.encodedPath(location.key(key))
        guard let url = URL(string: bucketBase + "/" + path) else {
            throw StoreError(.io, "cannot address \(key) in \(location): \(base)/\(location.bucket)/\(path) is not a URL")
        }
        return HTTPRequest(url: url, method: method, headers: headers, body: body, signing: signing)
    }

    /// A signed GET of the bucket with `parameters` as its query, sorted by name and percent-encoded:
    /// libcurl 7.88 signs the query as given, and SigV4 wants it in that canonical form.
    func bucketRequest(query parameters: [(String, String)]) throws(StoreError) -> HTTPRequest {
        let sorted = parameters.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        guard let bucket = URL(string: bucketBase), let url = QueryString.url(bucket, adding: sorted) else {
            throw StoreError(.io, "cannot address the bucket of \(location): \(bucketBase) is not a URL")
        }
        return HTTPRequest(url: url, signing: signing)
    }

    /// What `x-amz-copy-source` names for store key `key`: `/BUCKET/ENCODED-KEY`.
    func copySource(_ key: String) -> String {
        "/\(location.bucket)/\(Self.encodedPath(location.key(key)))"
    }

    /// The store key of S3 key `objectKey` (one listed under the location's prefix).
    func storeKey(_ objectKey: String) -> String {
        let base = location.key("")
        return objectKey.hasPrefix(base) ? String(objectKey.dropFirst(base.count)) : objectKey
    }

    /// The endpoint as messages show it (no user, password or query).
    var base: String {
        var text = HTTPClient.redacted(endpoint)
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    private var bucketBase: String {
        var text = endpoint.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text + "/" + location.bucket
    }

    /// Each `/`-separated segment of `key` percent-encoded but for RFC 3986's unreserved characters.
    static func encodedPath(_ key: String) -> String {
        key.split(separator: "/", omittingEmptySubsequences: false).map { QueryString.encode(String($0)) }.joined(separator: "/")
    }
}
