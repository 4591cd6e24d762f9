import Foundation

/// A store in an S3 bucket (AWS S3, or a store that speaks its protocol such as Ceph RGW or MinIO)
/// at `s3://BUCKET/PREFIX`: each key is an object, addressed path-style and signed with SigV4.
///
/// Create-only is `If-None-Match: *` and compare-and-swap `If-Match: ETAG` (unquoted, as RGW wants),
/// both atomic on the server, so no lock is needed. New blobs are staged in a local folder and sent
/// in one streamed PUT, never multipart (RGW's CompleteMultipartUpload ignores `If-None-Match`).
/// What fails for a moment is retried with backoff (`RetryPolicy.store`); the rest becomes a
/// `StoreError` (see `S3Failure`) that names the store and the key, never the secret key.
/// Every call blocks its thread until S3 answers: it waits on the HTTP client's engine thread,
/// never on Swift's cooperative pool. This machine's copies of what the bucket holds are kept by a
/// `CachingStore` around it.
public final class S3Backend: ObjectStore {
    let addressing: S3Addressing
    let transport: S3Transport
    let failure: S3Failure

    /// Requests in flight at once for a batch (a `write` of many objects).
    static let concurrency = 8
    /// Shared by many machines; 16 reads at once for the whole-store passes, which mostly wait on
    /// the network; an hour's grace: longer than any upload and album save in flight on another
    /// machine can take, so `store gc` never deletes a blob whose album is about to be saved.
    public let features = StorageFeatures(isShared: true, parallelism: 16, gracePeriod: 3600)

    /// Connect within 10 s; give up on a transfer silent for 30 s; allow an hour for a whole request
    /// that moves a blob (a large original sent over a slow uplink). Other requests keep to
    /// `timeLimits`.
    public static let httpConfiguration = HTTPClient.Configuration(connectTimeout: 10, totalTimeout: 3600, stallTimeout: 30)

    /// The limits of every request that moves no blob (an index object, a listing, a HEAD): a
    /// minute in all, and no slower than 1 KiB/s over 30 s, so a trickling endpoint cannot hold a
    /// command for the hour a blob may take.
    public static let timeLimits = HTTPRequest.TimeLimits(total: 60, minimumBytesPerSecond: 1024, speedWindow: 30)

    /// `timeLimits`, with `TOURIST_S3_TIMEOUT_SECONDS` (a positive number) as the total, and the
    /// speed window no longer than it.
    public static func timeLimits(environment: [String: String]) -> HTTPRequest.TimeLimits {
        guard let total = environment["TOURIST_S3_TIMEOUT_SECONDS"].flatMap(Double.init), total > 0, total.isFinite else {
            return timeLimits
        }
        return HTTPRequest.TimeLimits(
            total: total, minimumBytesPerSecond: timeLimits.minimumBytesPerSecond, speedWindow: min(timeLimits.speedWindow, total))
    }

    /// The store at `location`, reached with `settings` (credentials, region, endpoint).
    public init(
        location: S3Location, settings: S3Settings, retry: RetryPolicy = .store,
        http: HTTPClient.Configuration = S3Backend.httpConfiguration, timeLimits: HTTPRequest.TimeLimits = S3Backend.timeLimits
    ) {
        addressing = S3Addressing(endpoint: settings.endpoint, location: location, signing: settings.signing)
        transport = S3Transport(
            client: HTTPClient(configuration: http), policy: retry, concurrency: Self.concurrency, timeLimits: timeLimits)
        failure = S3Failure(addressing: addressing)
    }

    /// `s3://BUCKET/PREFIX`.
    public var location: String { addressing.location.description }

    /// Sends `exchange` (retrying) and returns S3's answer; a failure to get one is thrown.
    func answer(_ exchange: S3Exchange, _ doing: String) throws(StoreError) -> HTTPResponse {
        try failure.answer(transport.send(exchange), doing, limit: exchange.limit)
    }

    /// A GET of `key` whose body is kept in memory, within the limit of what `key` holds (an index
    /// object's, far below a blob's), which libcurl holds the answer's Content-Length against
    /// before any body comes, and the body as it arrives.
    func wholeObject(_ request: HTTPRequest, _ key: ObjectKey) -> S3Exchange {
        S3Exchange(request: request, limit: key.kind == .blob ? .blob : .indexObject, movesBlob: key.kind == .blob)
    }

    /// A GET, with `If-None-Match` for `version` (a 304 is `.unchanged`) or a `Range`.
    public func load(_ key: ObjectKey, range: Range<Int>?, unless version: String?) throws(StoreError) -> LoadAnswer {
        if let range { return try load(key, range: range).map { .loaded(StoredObject(bytes: $0, etag: nil)) } ?? .missing }
        let headers = version.map { [("If-None-Match", "\"\($0)\"")] } ?? []
        let response = try answer(wholeObject(try addressing.request("GET", key.path, headers: headers), key), "read \(key)")
        if response.status == 304, version != nil { return .unchanged }
        if response.status == 200 { return .loaded(StoredObject(bytes: Array(response.body), etag: Self.etag(response))) }
        if S3Failure.isMissingKey(response) { return .missing }
        throw failure.error(response, "read \(key)")
    }

    private func load(_ key: ObjectKey, range: Range<Int>) throws(StoreError) -> [UInt8]? {
        let wanted = range.clamped(to: 0..<Int.max)
        guard !wanted.isEmpty else { return try stat(key).map { _ in [] } }
        let request = try addressing.request("GET", key.path, headers: [("Range", "bytes=\(wanted.lowerBound)-\(wanted.upperBound - 1)")])
        let response = try answer(wholeObject(request, key), "read \(key)")
        switch response.status {
        case 206: return Array(response.body)
        case 200:  // a server that ignores Range sends the whole object
            let bytes = Array(response.body)
            return Array(bytes[wanted.clamped(to: 0..<bytes.count)])
        case 416: return []  // the range starts past the end
        default:
            if S3Failure.isMissingKey(response) { return nil }
            throw failure.error(response, "read \(key)")
        }
    }

    /// With `expectedSize`, an object of another size is refused: libcurl holds a larger one's
    /// Content-Length against it before any body comes; a smaller one is refused once read.
    public func read(_ key: ObjectKey, into sink: any BlobSink, expectedSize: Int?) throws -> Bool {
        let guarded = S3GuardedSink(sink)
        let limit = expectedSize.map(S3SizeLimit.recorded) ?? .none
        let outcome = transport.send(
            S3Exchange(request: try addressing.request("GET", key.path), sink: guarded, limit: limit, movesBlob: true))
        if let error = guarded.failure { throw error }
        if case .failure(let failure) = outcome, let expectedSize, (failure as? HTTPError)?.isTooLarge == true {
            throw otherSize(key, expected: expectedSize, found: nil)
        }
        let response = try failure.answer(outcome, "read \(key)", limit: limit)
        if response.status == 200 {
            if let expectedSize, guarded.byteCount != expectedSize {
                throw otherSize(key, expected: expectedSize, found: guarded.byteCount)
            }
            return true
        }
        if S3Failure.isMissingKey(response) { return false }
        throw failure.error(response, "read \(key)")
    }

    /// The error for blob `key` whose object in the bucket is not the size its album records
    /// (`found`, or nil when it was refused for being larger before its body came).
    private func otherSize(_ key: ObjectKey, expected: Int, found: Int?) -> StoreError {
        let sha256 = BlobStore.sha256(ofKey: key)
        let size = found.map { "is \($0) bytes" } ?? "is larger"
        return StoreError(
            .corrupt,
            "blob \(sha256) in the store \(location) (not this machine's cache) \(size), but its album records \(expected) bytes: the object in the bucket is not the photo stored, so nothing of it was kept",
            remedy: Remedy(.repairStore(), .fetch(pin: nil)))
    }

    /// A HEAD answer has no body, so a missing bucket reads as a missing key here.
    public func stat(_ key: ObjectKey) throws(StoreError) -> ObjectInfo? {
        // No size cap: libcurl would hold the object's Content-Length against it.
        let response = try answer(S3Exchange(request: try addressing.request("HEAD", key.path), limit: .none), "read \(key)")
        if response.status == 200 {
            let modified = response.headers["last-modified"].flatMap(S3Dates.httpDate)
            // The age by the store's clock (its `Date`), so a skewed clock here plays no part.
            let now = response.headers["date"].flatMap(S3Dates.httpDate) ?? Date()
            return ObjectInfo(
                key: key, size: response.headers["content-length"].flatMap { Int($0) }, modified: modified,
                age: modified.map { now.timeIntervalSince($0) })
        }
        if S3Failure.isMissingKey(response) { return nil }
        throw failure.error(response, "read \(key)")
    }

    /// S3 lists sizes and times with the keys, so `details` costs nothing and they always come.
    public func list(_ prefix: ObjectKey, continuation: String?, details: Bool) throws(StoreError) -> ObjectPage {
        var query = [("list-type", "2"), ("prefix", addressing.location.key(prefix.path))]
        if let continuation { query.append(("continuation-token", continuation)) }
        let doing = "list \(prefix.path.isEmpty ? "the store" : prefix.path)"
        let response = try answer(S3Exchange(request: try addressing.bucketRequest(query: query)), doing)
        guard response.status == 200 else { throw failure.error(response, doing) }
        guard let page = S3ListPage(parsing: response.body) else {
            throw StoreError(
                .unavailable,
                "cannot \(doing) in \(location): the answer from \(addressing.base) is not a ListObjectsV2 result (is AWS_ENDPOINT_URL an S3 service?)"
            )
        }
        let objects = page.entries.map {
            ObjectInfo(key: ObjectKey(prefix.kind, addressing.storeKey($0.key)), size: $0.size, modified: $0.modified, etag: $0.etag)
        }
        return ObjectPage(objects: objects, continuation: page.continuation)
    }

    /// Sends the writes `concurrency` at a time; each written object comes back with the ETag S3
    /// gave it. `durable` changes nothing: what S3 acknowledged is stored durably.
    public func write(_ writes: [ObjectWrite], durable: Bool) throws(StoreError) -> [StoredObject?] {
        var exchanges: [S3Exchange] = []
        for write in writes {
            var headers: [(name: String, value: String)] = []
            var replacing = false
            switch write.condition {
            case .absent:
                headers.append(("If-None-Match", "*"))
            case .unchanged(let read):
                guard let etag = read.etag else {
                    throw StoreError(.conflict, "cannot replace \(write.key) in \(location): the version read has no ETag to compare with")
                }
                headers.append(("If-Match", etag))
                replacing = true
            case .always:
                break
            }
            let request = try addressing.request("PUT", write.key.path, headers: headers, body: .bytes(write.bytes))
            exchanges.append(S3Exchange(request: request, conditional: replacing, movesBlob: write.key.kind == .blob))
        }
        var written: [StoredObject?] = []
        for (write, outcome) in zip(writes, transport.send(exchanges)) {
            let doing = "write \(write.key)"
            let response = try failure.answer(outcome, doing)
            guard let done = Self.conditionalOutcome(response, write.condition) else { throw failure.error(response, doing) }
            written.append(done ? StoredObject(bytes: write.bytes, etag: Self.etag(response)) : nil)
        }
        return written
    }

    /// Whether a PUT under `condition` wrote (true) or found the condition false (false); nil for
    /// an answer that is neither. Beside 412: 409 is AWS's word for a conditional write that lost
    /// to a concurrent one, 500 RGW's for a compare-and-swap that did (ECANCELED), and a 404 AWS's
    /// for `If-Match` on a missing key (RGW answers 412).
    static func conditionalOutcome(_ response: HTTPResponse, _ condition: ObjectWrite.Condition) -> Bool? {
        if (200..<300).contains(response.status) { return true }
        switch condition {
        case .always: return nil
        case .absent: return [409, 412].contains(response.status) ? false : nil
        case .unchanged: return [409, 412, 500].contains(response.status) || S3Failure.isMissingKey(response) ? false : nil
        }
    }

    public func remove(_ key: ObjectKey) throws(StoreError) {
        let response = try answer(S3Exchange(request: try addressing.request("DELETE", key.path)), "remove \(key)")
        guard (200..<300).contains(response.status) || S3Failure.isMissingKey(response) else {
            throw failure.error(response, "remove \(key)")
        }
    }

    /// Streams the staged file up in one PUT with `If-None-Match: *`. The file is not fsynced first:
    /// its bytes are read back from the page cache, and it is deleted once sent.
    public func create(_ key: ObjectKey, fromFile staged: BlobWriter, durable: Bool) throws(StoreError) -> Bool {
        defer { staged.discard() }
        let path = staged.temporaryPath
        let request = try addressing.request("PUT", key.path, headers: [("If-None-Match", "*")], body: .file(path))
        let response = try answer(S3Exchange(request: request, movesBlob: true), "write \(key)")
        guard let created = Self.conditionalOutcome(response, .absent) else { throw failure.error(response, "write \(key)") }
        if !created { try freshen(key) }
        return created
    }

    /// Makes the object's last change now, by copying it onto itself (git's freshening of an
    /// object found stored): `store gc` then counts its grace period from this use.
    func freshen(_ key: ObjectKey) throws(StoreError) {
        let doing = "freshen \(key)"
        let headers = [("x-amz-copy-source", addressing.copySource(key.path)), ("x-amz-metadata-directive", "REPLACE")]
        let response = try answer(S3Exchange(request: try addressing.request("PUT", key.path, headers: headers), movesBlob: true), doing)
        guard response.status == 200, S3Failure.Detail(response).code == nil else { throw failure.error(response, doing) }
    }

    /// A server-side copy (`x-amz-copy-source`), then the source's removal.
    public func move(_ key: ObjectKey, to destination: ObjectKey) throws(StoreError) {
        let doing = "move \(key) to \(destination)"
        let request = try addressing.request("PUT", destination.path, headers: [("x-amz-copy-source", addressing.copySource(key.path))])
        let response = try answer(S3Exchange(request: request, movesBlob: true), doing)
        if S3Failure.isMissingKey(response) { return }
        // A copy can fail after its 200 was sent: the error is then in the body.
        guard response.status == 200, S3Failure.Detail(response).code == nil else { throw failure.error(response, doing) }
        try remove(key)
    }

    /// The response's ETag without its quotes, as `If-Match` on RGW wants it.
    static func etag(_ response: HTTPResponse) -> String? {
        response.headers["etag"].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }
}
