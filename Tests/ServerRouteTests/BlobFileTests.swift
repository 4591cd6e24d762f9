import Foundation
import Glibc
import HTTPTypes
import Testing
import TouristCore

/// What `GET /blobs/SHA256` opens and how: only a regular file of the store, never waited on,
/// checked against its hash when read whole, and a large one streamed by the range asked.
@Suite struct BlobFileTests {
    /// How an answer names blob `sha256`'s file: by its path in the store, never where the store
    /// lies on disk.
    static func inStore(_ sha256: String) -> String {
        "blobs/sha256/\(sha256.prefix(2))/\(sha256)"
    }

    /// The file of blob `sha256` in the harness's store, its bytes, and the file removed (for the
    /// test to put something else in its place).
    static func takenAway(_ harness: RouteHarness) async throws -> (sha256: String, path: String, bytes: Data) {
        let (sha256, bytes) = try await BlobRouteTests.firstPhoto(harness)
        let path = try #require(try harness.library.blobs.checkedFile(of: sha256, expectedSize: nil)?.path)
        #expect(unlink(path) == 0)
        return (sha256, path, bytes)
    }

    @Test func aFIFOInPlaceOfAPhotoIsRefusedNotWaitedOn() async throws {
        let harness = try RouteHarness()
        let (sha256, path, _) = try await Self.takenAway(harness)
        #expect(mkfifo(path, 0o644) == 0)
        try await harness.test { client in
            // Before: opening the FIFO waited for a writer that never came, and the answer never did.
            let answer = try await client.get("/blobs/\(sha256)")
            #expect(answer.status == .internalServerError)
            #expect(
                answer.error
                    == "\(Self.inStore(sha256)) is not a regular file, not a photo tourist stored. Remove it, then verify the store",
                "\(answer.text)")
        }
    }

    @Test func aSymbolicLinkInPlaceOfAPhotoIsNotFollowed() async throws {
        let harness = try RouteHarness()
        let (sha256, path, bytes) = try await Self.takenAway(harness)
        // Even to the very bytes the photo had: the link could point anywhere.
        let elsewhere = try harness.folder.write("elsewhere.jpg", bytes)
        #expect(symlink(elsewhere, path) == 0)
        try await harness.test { client in
            let answer = try await client.get("/blobs/\(sha256)")
            #expect(answer.status == .internalServerError)
            #expect(
                answer.error == "\(Self.inStore(sha256)) is a symbolic link, not a photo tourist stored. Remove it, then verify the store",
                "\(answer.text)")
        }
    }

    @Test func aPhotoWhoseBytesChangedIsNotServed() async throws {
        let harness = try RouteHarness()
        let (sha256, path, bytes) = try await Self.takenAway(harness)
        var damaged = bytes
        damaged[damaged.count / 2] ^= 0xFF
        #expect(FileManager.default.createFile(atPath: path, contents: damaged))
        try await harness.test { client in
            let answer = try await client.get("/blobs/\(sha256)")
            #expect(answer.status == .internalServerError)
            #expect(
                answer.error == "the photo \(sha256) no longer matches its hash. Verify the store, then repair the store", "\(answer.text)")
            #expect(try await client.get("/blobs/\(sha256)", headers: [.range: "bytes=0-9"]).status == .internalServerError)
        }
    }

    @Test func aLargePhotoIsStreamedByTheRangeAsked() async throws {
        let harness = try RouteHarness()
        // Larger than the memory cache keeps, and than one chunk of the stream.
        let bytes = (0..<(5 << 20) + 123).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let writer = try harness.library.store.blobs.makeWriter(maxBytes: 8 << 20)
        try bytes.withUnsafeBytes { try writer.write($0) }
        let sha256 = try harness.library.store.blobs.commit(writer).sha256
        try await harness.test { client in
            let whole = try await client.get("/blobs/\(sha256)")
            #expect(whole.status == .ok && whole.headers[.contentLength] == String(bytes.count))
            #expect(Array(whole.body.readableBytesView) == bytes)
            let middle = try await client.get("/blobs/\(sha256)", headers: [.range: "bytes=1000000-3999999"])
            #expect(middle.status == .partialContent && middle.headers[.contentRange] == "bytes 1000000-3999999/\(bytes.count)")
            #expect(
                middle.headers[.contentLength] == "3000000" && Array(middle.body.readableBytesView) == Array(bytes[1_000_000..<4_000_000]))
            let head = try await client.get("/blobs/\(sha256)", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0 && head.headers[.contentLength] == String(bytes.count))
            let last = try await client.get("/blobs/\(sha256)", headers: [.range: "bytes=-1"])
            #expect(Array(last.body.readableBytesView) == [bytes[bytes.count - 1]])
        }
    }
}
