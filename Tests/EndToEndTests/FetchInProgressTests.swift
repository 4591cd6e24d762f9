import BrowserSupport
import FlickrStub
import Foundation
import Testing
import TestSupport

/// A fetch in progress is known across processes: while `tourist fetch` runs in a terminal, the
/// server shows the pin as fetching (not "did not finish"), and a second fetch of the same pin,
/// from another terminal or the page, waits for it and then finds its work done instead of
/// downloading every photo again.
@Suite struct FetchInProgressTests {
    @Test func aSecondFetchOfAPinWaitsForTheFirstAndTheServerShowsItFetching() async throws {
        let harness = try Harness()
        let downloads = Gate()
        defer { downloads.open() }
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 6, radiusKm: 1, bytes: 2000)
        let fake = try FakeFlickr(apiKey: "k", photos: photos) { request in
            if request.path.hasSuffix(".jpg") { downloads.pass() }
        }
        defer { fake.stop() }
        let config = try harness.folder.write("config.json", #"{"providers": [{"name": "flickr", "type": "flickr", "apiKey": "k", "endpoint": "\#(fake.endpoint)"}]}"#)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }

        // The first fetch holds its photos' downloads at the gate.
        async let first = harness.tourist.run(["fetch", pin, "--count", "6", "--config", config], in: harness.folder.path)
        // The server sees the terminal's fetch (through the pin's lease) as soon as it starts.
        let seen = try await server.waitForAlbum(pin) { ($0["fetching"] as? Bool) == true }
        #expect((seen["pin"] as? [String: Any])?["state"] as? String != "failed")

        // A second terminal and the page ask for the same pin meanwhile: both wait.
        async let second = harness.tourist.run(["fetch", pin, "--config", config], in: harness.folder.path)
        let csrf = try await server.csrfToken()
        #expect(try await server.send("POST", "/api/pins/\(pin)/fetch", csrf: csrf).status == 202)
        downloads.open()

        let (one, two) = try await (first, second)
        #expect(one.status == 0 && two.status == 0, "\(one.stderr) / \(two.stderr)")
        #expect(two.stderr.contains("is fetching this pin; waiting for it to finish"), "\(two.stderr)")
        let filled = try await server.waitForAlbum(pin) { ($0["fetching"] as? Bool) == false }
        #expect((filled["pin"] as? [String: Any])?["state"] as? String == "ready")
        #expect(fake.imageRequestsByPath.values.allSatisfy { $0 == 1 } && fake.totalImageRequests == 6, "each photo downloaded once: \(fake.imageRequestsByPath)")
    }
}
