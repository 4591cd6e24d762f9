import Foundation
import HTTPTypes
import Testing
import TouristCore

/// `GET /blobs/SHA256`: a photo's bytes by hash, cached for good, revalidated by ETag, in ranges.
@Suite struct BlobRouteTests {
    /// A filled album's first photo: its hash and its bytes as the store holds them.
    static func firstPhoto(_ harness: RouteHarness) async throws -> (sha256: String, bytes: Data) {
        let album = try await harness.filledPin()
        let sha256 = try #require(album.photos.first?.sha256)
        return (sha256, Data(try harness.library.blobs.bytes(of: sha256, range: nil)))
    }

    @Test func aPhotoIsServedByItsHashAndCachedForGood() async throws {
        let harness = try RouteHarness()
        let (sha256, bytes) = try await Self.firstPhoto(harness)
        try await harness.test { client in
            // Twice: read from the store, then from the server's cache, alike.
            for _ in 0..<2 {
                let blob = try await client.get("/blobs/\(sha256)")
                #expect(blob.status == .ok)
                #expect(Data(buffer: blob.body) == bytes)
                #expect(blob.headers[.contentType] == "image/jpeg")
                #expect(blob.headers[.eTag] == "\"\(sha256)\"")
                #expect(blob.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(blob.headers[.acceptRanges] == "bytes" && blob.headers[.contentLength] == String(bytes.count))
                #expect(blob.headers[.xContentTypeOptions] == "nosniff" && blob.headers[.contentSecurityPolicy] == nil)
            }
            let revalidated = try await client.get("/blobs/\(sha256)", headers: [.ifNoneMatch: "\"\(sha256)\""])
            #expect(revalidated.status == .notModified && revalidated.body.readableBytes == 0)
            #expect(revalidated.headers[.eTag] == "\"\(sha256)\"")
            #expect(try await client.get("/blobs/\(sha256)", headers: [.ifNoneMatch: "\"other\""]).status == .ok)

            let head = try await client.get("/blobs/\(sha256)", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0 && head.headers[.contentLength] == String(bytes.count))
        }
    }

    @Test func rangesOfAPhotoAreServed() async throws {
        let harness = try RouteHarness()
        let (sha256, bytes) = try await Self.firstPhoto(harness)
        try await harness.test { client in
            let start = try await client.get("/blobs/\(sha256)", headers: [.range: "bytes=0-99"])
            #expect(start.status == .partialContent)
            #expect(Data(buffer: start.body) == bytes.prefix(100))
            #expect(start.headers[.contentRange] == "bytes 0-99/\(bytes.count)" && start.headers[.contentLength] == "100")
            let tail = try await client.get("/blobs/\(sha256)", headers: [.range: "bytes=-10"])
            #expect(tail.status == .partialContent && Data(buffer: tail.body) == bytes.suffix(10))
            let rest = try await client.get("/blobs/\(sha256)", headers: [.range: "bytes=2000-"])
            #expect(Data(buffer: rest.body) == bytes.dropFirst(2000))
            let beyond = try await client.get("/blobs/\(sha256)", headers: [.range: "bytes=\(bytes.count)-"])
            #expect(beyond.status == .rangeNotSatisfiable && beyond.headers[.contentRange] == "bytes */\(bytes.count)")
            // Several ranges, or a range of another version (If-Range), get the whole photo.
            #expect(try await client.get("/blobs/\(sha256)", headers: [.range: "bytes=0-1,5-6"]).body.readableBytes == bytes.count)
            let changed = try await client.get("/blobs/\(sha256)", headers: [.range: "bytes=0-99", .ifRange: "\"other\""])
            #expect(changed.status == .ok && changed.body.readableBytes == bytes.count)
        }
    }

    @Test func onlyAPhotoOfTheStoreIsServed() async throws {
        let harness = try RouteHarness()
        let (sha256, _) = try await Self.firstPhoto(harness)
        try await harness.test { client in
            let unknown = try await client.get("/blobs/\(String(repeating: "0", count: 64))")
            #expect(unknown.status == .notFound && unknown.error?.contains("the store has no photo") == true, "\(unknown.text)")
            for bad in [sha256.uppercased(), String(sha256.dropLast()), "..%2F..%2Fetc%2Fpasswd", "../../VERSION"] {
                let answer = try await client.get("/blobs/\(bad)")
                #expect(answer.status == .notFound, "\(bad)")
                #expect(answer.error == "not a photo: blobs are named by 64 lowercase hex digits", "\(bad): \(answer.text)")
            }
            // Photos are read-only: any other method goes to the router, which has no such route.
            #expect(try await client.send(.delete, "/blobs/\(sha256)").status == .notFound)
        }
    }
}
