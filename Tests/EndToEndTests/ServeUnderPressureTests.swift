import BrowserSupport
import Foundation
import Glibc
import Testing
import TestSupport

/// `tourist serve` while something presses on it: another process holding the store's lock. It
/// goes on answering, and it stays alive.
@Suite struct ServeUnderPressureTests {
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
                try await server.send("POST", "/api/pins", json: ["name": "Place \(index)", "latitude": 10, "longitude": Double(index)], csrf: csrf).status
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
}
