import Foundation
import Testing
import TestSupport

/// What `tourist serve` answers must be true and tell no more than the page needs: a conditional
/// request for any version of a photo (`If-None-Match: *`) is "not modified" only for a photo the
/// store has, and an error says what went wrong without the store's place on disk.
@Suite struct ServeDisclosureTests {
    @Test func ifNoneMatchStarIsNotModifiedOnlyForAPhotoTheStoreHas() async throws {
        let harness = try Harness()
        let id = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)
        let sha256 = try #require(try await harness.json("fetch", id).photos.first?["sha256"] as? String)
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let any = [("If-None-Match", "*")]

        let missing = String(repeating: "0", count: 64)
        let unknown = try await server.get("/blobs/\(missing)", headers: any)
        #expect(unknown.status == 404, "a photo the store lacks was said to be current: \(unknown.status)")
        #expect(unknown.header("ETag") == nil && unknown.header("Cache-Control") == "no-store")
        // Known, before and after it is read (and kept in memory): current.
        #expect(try await server.get("/blobs/\(sha256)", headers: any).status == 304)
        #expect(try await server.get("/blobs/\(sha256)").status == 200)
        let cached = try await server.get("/blobs/\(sha256)", headers: any)
        #expect(cached.status == 304 && cached.header("ETag") == "\"\(sha256)\"")
    }

    /// The core names the store's folder for the terminal; the API's errors (and a fetch's end, as
    /// the page hears of it) say "the store" and paths inside it, never where it lies on disk.
    @Test func apiErrorsDoNotCarryTheStoresPath() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()

        let answers = [
            try await server.get("/api/pins/nope/album"),
            try await server.get("/api/pins/nope/photos/demo%3A1"),
            try await server.send("DELETE", "/api/pins/nope", csrf: csrf),
            try await server.send("PATCH", "/api/pins/nope", json: ["name": "Other"], csrf: csrf),
            try await server.send("POST", "/api/pins/nope/fetch", csrf: csrf),
        ]
        for answer in answers {
            let message = try #require(try answer.json() as? [String: Any])["error"] as? String ?? ""
            #expect(answer.status == 404 && message.hasPrefix("no pin \"nope\" in the store"), "\(answer.status) \(answer.text)")
            #expect(!answer.text.contains(harness.store), "\(answer.text)")
        }
    }
}
