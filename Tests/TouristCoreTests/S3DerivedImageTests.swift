import Foundation
import Testing
import TestSupport
@testable import TouristCore

/// Derived images on a bucket of a real Ceph RADOS Gateway, each machine with a cache of its own:
/// made by one machine from its cached copy of the original, seen by another, no damage when lost
/// from the bucket, made again by repair, kept by gc.
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct S3DerivedImageTests {
    @Test func oneMachineMakesThemAnotherSeesThemAndALostOneIsMadeAgain() async throws {
        let bucket = try await S3TestBucket()
        try await Blocking.run {
            let (one, two) = (try bucket.machine(), try bucket.machine())
            let pin = try DerivedImageTests.storedPhoto(in: one.store)
            let made = try #require(try two.store.makeDerivedImages(of: DerivedImageTests.key, pin: pin, decoder: try ImageDecoder()))
            #expect(made.derived?.count == 2 && made.width == 1200)
            #expect(try bucket.machine().store.album(pin).photos.first?.derived == made.derived)
            let report = try one.store.verify()
            #expect(report.ok && report.derivedToRemake == 0 && report.orphans.isEmpty)

            let thumbnail = try #require(made.derivedImage(.thumbnail))
            try bucket.backend.remove(BlobStore.prefix.appending("\(thumbnail.sha256.prefix(2))/\(thumbnail.sha256)"))
            let lost = try bucket.machine().store.verify()
            #expect(lost.ok && lost.derivedToRemake == 1 && lost.missing.isEmpty)
            let repaired = try bucket.machine().store.repair()
            #expect(repaired.actions.contains("made the thumbnail and preview of 1 photo that had none, or had lost them"))
            #expect(try bucket.machine().store.verify().derivedToRemake == 0)
            #expect(try one.store.collectGarbage(gracePeriod: 0).blobsRemoved == 0)
        }
    }
}
