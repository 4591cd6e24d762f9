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

/// The storage conformance checks through this machine's cache (`CachingStore`) of a store in
/// memory and of one in a folder: a cache keeps every rule of the store it wraps.
@Suite struct CachingStorageConformanceTests {
    @Test(arguments: StorageCheck.all) func overMemory(_ check: StorageCheck) throws {
        let folder = TemporaryDirectory("tourist-cache")
        try check.run(CachingStore(wrapping: MemoryBackend(), cache: ObjectCache(directory: folder.path, capacity: 64 << 20)))
    }

    @Test(arguments: StorageCheck.all) func overAFolder(_ check: StorageCheck) throws {
        let folder = TemporaryDirectory("tourist-cache")
        let store = try LocalBackend(root: folder.path + "/store")
        try check.run(CachingStore(wrapping: store, cache: ObjectCache(directory: folder.path + "/cache", capacity: 64 << 20)))
    }
}

/// The storage conformance checks on a bucket of a real Ceph RADOS Gateway (one bucket a check).
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct S3StorageConformanceTests {
    @Test(arguments: StorageCheck.all) func s3Bucket(_ check: StorageCheck) throws {
        try check.run(try S3TestBucket(prefix: "nested/store", blocking: ()).backend)
    }
}
