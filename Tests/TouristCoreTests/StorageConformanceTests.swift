import Foundation
import Testing
import TestSupport
@testable import TouristCore

/// The storage conformance checks (`StorageCheck`) on a local folder.
@Suite struct LocalStorageConformanceTests {
    @Test(arguments: StorageCheck.all) func localFolder(_ check: StorageCheck) throws {
        let folder = TemporaryDirectory()
        try check.run(try LocalBackend(root: folder.path + "/store"))
    }
}

/// The storage conformance checks in memory.
@Suite struct MemoryStorageConformanceTests {
    @Test(arguments: StorageCheck.all) func memory(_ check: StorageCheck) throws {
        try check.run(MemoryBackend())
    }
}

/// The storage conformance checks on a bucket of a real Ceph RADOS Gateway (one bucket a check).
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct S3StorageConformanceTests {
    @Test(arguments: StorageCheck.all) func s3Bucket(_ check: StorageCheck) throws {
        try check.run(try S3TestBucket(prefix: "nested/store", blocking: ()).backend)
    }
}
