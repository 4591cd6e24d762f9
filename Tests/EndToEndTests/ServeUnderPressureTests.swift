import BrowserSupport
import Foundation
import Glibc
import Testing
import TestSupport

/// `tourist serve` while something presses on it: more idle connections than it may open files,
/// another process holding the store's lock. It goes on answering, and it stays alive.
@Suite struct ServeUnderPressureTests {
    @Test func idleConnectionsBeyondTheFileLimitNeverStopTheServer() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness, fileLimit: 256)
        defer { Task { _ = await server.stop() } }
        // Before: accepting stopped at the file limit, and so did every answer.
        let idle = try IdleConnections(port: server.port, count: 400)
        defer { idle.close() }
        let settings = try await server.get("/api/settings")
        #expect(settings.status == 200, "\(settings.text)")
        #expect(try await server.get("/api/pins").status == 200)
        #expect(server.process.isRunning)
    }

    @Test func aLockHeldByAnotherProcessHoldsBackOnlyWhatNeedsIt() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()
        let lock = try StoreLockHolder(harness.store + "/lock")
        // More changes than the machine has cores wait for the lock; before, each held a thread
        // that every other request needed too.
        let changes = (0..<6).map { index in
            Task {
                try await server.send(
                    "POST", "/api/pins", json: ["name": "Place \(index)", "latitude": 10, "longitude": Double(index)], csrf: csrf
                ).status
            }
        }
        let settings = try await server.get("/api/settings")
        let pins = try await server.get("/api/pins")
        let photo = try await server.get("/app.js")
        // Answered while the lock is held, so while every change still waits for it (before, these
        // waited behind the changes, which waited for the lock this test releases only after).
        #expect(settings.status == 200 && pins.status == 200 && photo.status == 200)
        lock.release()
        for change in changes { #expect(try await change.value == 201) }
    }

    @Test func fetchesAndLargerPhotosWaitingForTheLockHoldNoOtherRequestBack() async throws {
        let harness = try Harness()
        var pins: [String] = []
        for index in 0..<6 {
            pins.append(
                try #require(try await harness.json("pin", "add", "48.85", "2.3\(index)", "--name", "Paris \(index)")["id"] as? String))
        }
        let filled = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")["id"] as? String)
        let photos = try await harness.json("fetch", filled).photos.prefix(5).compactMap { $0["id"] as? String }
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()
        func largerPath(_ photo: String) -> String {
            "/api/pins/\(filled)/photos/\(photo.replacingOccurrences(of: ":", with: "%3A"))/large"
        }
        // One larger size first, which makes the server's staging folder (that takes the lock too).
        #expect(try await server.send("POST", largerPath(photos[0]), csrf: csrf).status == 200)
        let blobs = harness.photoFiles().count
        let lock = try StoreLockHolder(harness.store + "/lock")
        // More fetches and larger sizes than the machine has cores come to wait for the lock: each
        // fetch once it holds its pin's lease, each larger size once its file is in the store.
        for pin in pins { #expect(try await server.send("POST", "/api/pins/\(pin)/fetch", csrf: csrf).status == 202) }
        let larger = photos.dropFirst().map { photo in
            Task {
                // The lock is held as long as this test takes: the answer may come late.
                try await RawHTTP.request(
                    method: "POST", url: server.base + largerPath(photo),
                    headers: [("Content-Type", "application/json"), ("Origin", server.base), ("X-Tourist-CSRF", csrf)],
                    body: Array("{}".utf8), timeout: 600
                ).status
            }
        }
        let leases = pins.map { harness.store + "/leases/\($0).json" }
        try await Waiting.until("every fetch holding its lease and every larger size stored") {
            leases.allSatisfy { FileManager.default.fileExists(atPath: $0) } && harness.photoFiles().count == blobs + larger.count
        }
        // Before, each of them held one of the few threads every request needs while it waited:
        // these were answered only once the waits timed out, after the fetches had given up.
        let settings = try await server.get("/api/settings")
        let listed = try await server.get("/api/pins")
        let page = try await server.get("/app.js")
        #expect(settings.status == 200 && listed.status == 200 && page.status == 200)
        #expect(leases.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "answered while every fetch still waits for the lock")
        lock.release()
        for request in larger { #expect(try await request.value == 200) }
        for pin in pins { _ = try await server.waitForAlbum(pin) { $0.pinState == "ready" } }
    }
}

extension ServeUnderPressureTests {
    @Test func aFIFOInPlaceOfAPhotoNeitherHangsTheServerNorItsStop() async throws {
        let harness = try Harness()
        _ = try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")
        let sha256 = String(repeating: "5e", count: 32)
        let shard = harness.store + "/blobs/sha256/5e"
        try FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: true)
        #expect(mkfifo(shard + "/" + sha256, 0o644) == 0)
        let server = try await ServedStore(harness)
        // Before: opening the FIFO waited for a writer forever, on an event loop, and SIGTERM
        // then waited on it too.
        let photo = try await server.get("/blobs/\(sha256)")
        #expect(photo.status == 500 && photo.text.contains("is not a regular file, not a photo tourist stored"), "\(photo.text)")
        #expect(try await server.get("/api/settings").status == 200)
        #expect(await server.stop().status == 0)
    }
}

/// TCP connections to 127.0.0.1:`port` that send nothing, opened without waiting for the server
/// to accept them, held until `close`.
final class IdleConnections: Sendable {
    private let sockets: [Int32]

    init(port: Int, count: Int) throws {
        var address = sockaddr_in.loopback(port: port)
        sockets = try (0..<count).map { _ in
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw ServedStore.ServeFailure("socket(): \(String(cString: strerror(errno)))") }
            let started = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard started == 0 || errno == EINPROGRESS else {
                throw ServedStore.ServeFailure("connect(): \(String(cString: strerror(errno)))")
            }
            return fd
        }
    }

    func close() {
        for fd in sockets { Glibc.close(fd) }
    }
}
