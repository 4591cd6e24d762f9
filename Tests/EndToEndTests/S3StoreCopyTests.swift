import Foundation
import Testing
import TestSupport

/// `store copy` from a folder into a bucket of a real Ceph RADOS Gateway on 127.0.0.1, through the
/// built binary (issue 34, findings 7 to 9): a copy killed between its steps leaves a bucket that
/// verifies and a second copy completes; a copy of an unchanged library sends no write; a pin
/// renamed in the bucket stops the copy.
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct S3StoreCopyTests {
    /// A machine whose own store (`source`) is a folder holding 3 pins of 10 photos each, and a
    /// fresh bucket with a store to copy it to (`destination`).
    struct Library {
        let folder = TemporaryDirectory("tourist-copy-source")
        let gateway: CephGateway
        let harness: Harness
        let bucket: String
        var source: String { folder.child("store") }
        var destination: String { "s3://\(bucket)/library" }

        init(_ label: String) async throws {
            gateway = try await Blocking.run { try CephGateway.shared() }
            harness = try S3StoreEndToEndTests.machine(gateway, store: folder.child("store"))
            _ = try await S3StoreEndToEndTests.addPins(harness, count: 3)
            try await harness.run("fetch", "--all", "--quiet")
            bucket = try gateway.makeBucket(label)
        }
    }

    @Test func aSecondCopyOfAnUnchangedLibraryWritesNothing() async throws {
        let library = try await Library("recopy")
        let (harness, gateway, bucket, store) = (library.harness, library.gateway, library.bucket, library.destination)
        let first = try await harness.json("store", "copy", library.source, store)
        // 30 photos, each with its thumbnail and preview.
        #expect(first["pins"] as? Int == 3 && first["blobsCopied"] as? Int == 90, "\(first)")
        let before = try await gateway.requests(on: bucket).count

        let second = try await harness.json("store", "copy", library.source, store)
        #expect(
            second["pins"] as? Int == 0 && second["pinsPresent"] as? Int == 3 && second["blobsCopied"] as? Int == 0
                && second["blobsPresent"] as? Int == 90, "\(second)")
        let sent = try await gateway.requests(on: bucket).dropFirst(before)
        let writes = sent.filter { !$0.hasPrefix("GET ") && !$0.hasPrefix("HEAD ") }
        #expect(!sent.isEmpty && writes.isEmpty, "no write: \(writes)")
        #expect(try await harness.json("store", "verify", "--store", store)["ok"] as? Bool == true)
    }

    @Test(arguments: ["copy intent-written", "copy albums-written", "copy listed", "copy named"])
    func aCopyKilledBetweenItsStepsLeavesABucketThatVerifiesAndResumes(point: String) async throws {
        let library = try await Library("killed")
        let (harness, store) = (library.harness, library.destination)
        try await StopPoints.kill(harness, ["store", "copy", library.source, store, "--quiet"], at: point)
        let verified = try await harness.json("store", "verify", "--store", store)
        #expect(verified["ok"] as? Bool == true, "after a kill at \(point): \(verified["problems"] ?? verified)")

        let resumed = try await harness.json("store", "copy", library.source, store)
        #expect((resumed["pins"] as? Int ?? 0) + (resumed["pinsPresent"] as? Int ?? 0) == 3, "\(resumed)")
        let (source, copy) = (try await harness.json("pin", "list"), try await harness.json("pin", "list", "--store", store))
        #expect(NSDictionary(dictionary: source).isEqual(to: copy), "the same pins, photos and states: \(source) against \(copy)")
        #expect(try await harness.json("store", "verify", "--store", store)["ok"] as? Bool == true, "after the second copy")
    }

    @Test func aPinRenamedInTheBucketStopsTheCopy() async throws {
        let library = try await Library("renamed")
        let (harness, store) = (library.harness, library.destination)
        try await harness.run("store", "copy", library.source, store)
        let pin = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]]).first?["id"] as? String ?? ""
        try await harness.run("pin", "edit", pin, "--name", "Renamed in the bucket", "--store", store)
        let refused = try await harness.run("store", "copy", library.source, store, expecting: 65)
        #expect(refused.stderr.contains("Renamed in the bucket") && refused.stderr.contains("--overwrite"), "\(refused.stderr)")
        let names = try #require(try await harness.json("pin", "list", "--store", store)["pins"] as? [[String: Any]]).compactMap {
            $0["name"] as? String
        }
        #expect(names.contains("Renamed in the bucket") && names.count == 3, "\(names)")
    }
}
