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
