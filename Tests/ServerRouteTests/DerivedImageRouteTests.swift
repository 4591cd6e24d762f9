import Foundation
import HTTPTypes
import Testing
import TestSupport
import TouristCore
@testable import TouristServer

/// `GET /api/pins/ID/photos/PHOTO/images/KIND`: a photo's thumbnail or preview as a redirect to its
/// blob, made on first request for a photo stored before derived images existed, and recorded.
@Suite struct DerivedImageRouteTests {
    @Test func aPhotosImagesRedirectToTheirBlobsAndAreMadeWhenMissing() async throws {
        let harness = try RouteHarness()
        let album = try await harness.filledPin()
        let photo = try #require(album.photos.first)
        let thumbnail = try #require(photo.derivedImage(.thumbnail), "made when it was fetched")
        // The second photo as an older tourist stored it: no derived images.
        let older = album.photos[1].key
        try harness.library.store.transaction { transaction in
            var changed = try transaction.album(album.pin.id)
            changed.photos[1].derived = nil
            try transaction.save(changed)
        }
        let base = "/api/pins/\(album.pin.id)/photos/"
        try await harness.test { client in
            let known = try await client.get(base + "\(photo.key)/images/thumbnail")
            #expect(known.status == .seeOther && known.headers[.location] == "/blobs/\(thumbnail.sha256)", "\(known.text)")
            let served = try await client.get("/blobs/\(thumbnail.sha256)")
            #expect(served.status == .ok && served.headers[.contentType] == "image/webp")

            let made = try await client.get(base + "\(older)/images/preview")
            #expect(made.status == .seeOther, "\(made.text)")
            let recorded = try #require(try harness.library.album(album.pin.id).photos[1].derivedImage(.preview))
            #expect(made.headers[.location] == "/blobs/\(recorded.sha256)")

            let unknown = try await client.get(base + "\(photo.key)/images/poster")
            #expect(unknown.status == .badRequest && unknown.error == "ask for an image that is thumbnail or preview", "\(unknown.text)")
        }
    }
}
