import Foundation
import ProviderExpectations
import Synchronization
import Testing
import TestSupport
@testable import TouristCore

/// A bucket of its own on the shared gateway and a backend on `s3://BUCKET/PREFIX`.
struct S3TestBucket: Sendable {
    let gateway: CephGateway
    let bucket: String
    let prefix: String
    let staging: TemporaryDirectory
    let backend: S3Backend

    init(prefix: String = "store") async throws {
        self = try await Blocking.run { try S3TestBucket(prefix: prefix, blocking: ()) }
    }

    /// The same, made on this thread (for tests that block on the backend anyway).
    init(prefix: String = "store", blocking: Void) throws {
        gateway = try CephGateway.shared()
        bucket = CephGateway.makeBucketName("store")
        staging = TemporaryDirectory("tourist-s3-staging")
        self.prefix = prefix
        let signing = AWSSigning(accessKeyID: gateway.accessKeyID, secretAccessKey: gateway.secretAccessKey, region: gateway.region)
        backend = try Self.backend(gateway, bucket: bucket, prefix: prefix, signing: signing, staging: staging.path)
        try Self.makeBucket(bucket, on: gateway, signing: signing)
    }

    /// Makes a bucket with a signed `PUT /BUCKET`, waiting on this thread (the HTTP client answers
    /// on its own thread, so no thread of Swift's pool is needed).
    static func makeBucket(_ bucket: String, on gateway: CephGateway, signing: AWSSigning) throws {
        let url = try #require(URL(string: gateway.endpoint.absoluteString + "/" + bucket))
        let client = HTTPClient(configuration: .patient)
        let answered = DispatchSemaphore(value: 0)
        let result = Mutex<Result<HTTPResponse, any Error>?>(nil)
        client.exchange(HTTPRequest(url: url, method: "PUT", signing: signing)) { outcome in
            result.withLock { $0 = outcome }
            answered.signal()
        }
        answered.wait()
        let status = try #require(result.withLock { $0 }).get().status
        try #require(status == 200, "the bucket \(bucket) is made (status \(status))")
    }

    /// Another backend on this store (another process's), or on `bucket`, or signing with `signing`.
    func newBackend(bucket: String? = nil, signing: AWSSigning? = nil) throws -> S3Backend {
        let signing = signing ?? AWSSigning(accessKeyID: gateway.accessKeyID, secretAccessKey: gateway.secretAccessKey, region: gateway.region)
        return try Self.backend(gateway, bucket: bucket ?? self.bucket, prefix: prefix, signing: signing, staging: staging.path)
    }

    private static func backend(_ gateway: CephGateway, bucket: String, prefix: String, signing: AWSSigning, staging: String) throws -> S3Backend {
        S3Backend(
            location: try S3Location(parsing: "s3://\(bucket)/\(prefix)"), settings: S3Settings(signing: signing, endpoint: gateway.endpoint),
            stagingRoot: staging, http: .patient
        )
    }
}

