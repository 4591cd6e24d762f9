import Foundation
import Testing
import TestSupport
@testable import TouristCore

/// A machine's store on S3, with the folder of its cache.
struct S3Machine: Sendable {
    let folder: TemporaryDirectory
    let store: Store
}

/// A bucket of its own on the shared gateway and a backend on `s3://BUCKET/PREFIX`.
struct S3TestBucket: Sendable {
    let gateway: CephGateway
    let bucket: String
    let prefix: String
    let backend: S3Backend

    init(prefix: String = "store") async throws {
        self = try await Blocking.run { try S3TestBucket(prefix: prefix, blocking: ()) }
    }

    /// The same, made on this thread (for tests that block on the backend anyway).
    init(prefix: String = "store", blocking: Void) throws {
        gateway = try CephGateway.shared()
        bucket = try gateway.makeBucket("store")
        self.prefix = prefix
        let signing = AWSSigning(accessKeyID: gateway.accessKeyID, secretAccessKey: gateway.secretAccessKey, region: gateway.region)
        backend = try Self.backend(gateway, bucket: bucket, prefix: prefix, signing: signing)
    }

    /// One machine's store on this bucket: a backend with a cache and staging folder of its own.
    func machine() throws -> S3Machine {
        let folder = TemporaryDirectory("tourist-s3-machine")
        let signing = AWSSigning(accessKeyID: gateway.accessKeyID, secretAccessKey: gateway.secretAccessKey, region: gateway.region)
        let backend = CachingStore(
            wrapping: try Self.backend(gateway, bucket: bucket, prefix: prefix, signing: signing),
            cache: ObjectCache(directory: folder.path, capacity: 64 << 20)
        )
        return S3Machine(
            folder: folder,
            store: try Store(backend: backend, staging: TemporaryArea(root: folder.path), stateDirectory: folder.child("state")))
    }

    /// Another backend on this store (another process's), or on `bucket`, or signing with `signing`.
    func newBackend(bucket: String? = nil, signing: AWSSigning? = nil) throws -> S3Backend {
        let signing =
            signing ?? AWSSigning(accessKeyID: gateway.accessKeyID, secretAccessKey: gateway.secretAccessKey, region: gateway.region)
        return try Self.backend(gateway, bucket: bucket ?? self.bucket, prefix: prefix, signing: signing)
    }

    private static func backend(_ gateway: CephGateway, bucket: String, prefix: String, signing: AWSSigning) throws -> S3Backend {
        S3Backend(
            location: try S3Location(parsing: "s3://\(bucket)/\(prefix)"),
            settings: S3Settings(signing: signing, endpoint: gateway.endpoint), http: .patient
        )
    }
}
