import BrowserSupport
import Foundation
import Testing
import TestSupport

/// A fetch in progress is known across processes: while `tourist fetch` runs in a terminal, the
/// server shows the pin as fetching (not "did not finish"), and a second fetch of the same pin,
/// from another terminal or the page, waits for it and then finds its work done instead of
/// fetching the album again.
@Suite struct FetchInProgressTests {
    @Test func aSecondFetchOfAPinWaitsForTheFirstAndTheServerShowsItFetching() async throws {
        let harness = try Harness()
        // The first fetch's search is answered only once the test makes the go file: a plugin held
        // by a file, not an HTTP transfer, so no time-out of a busy machine can end it early.
        let plugin = harness.folder.child("bin/faulty-provider")
        try FileManager.default.createDirectory(atPath: harness.folder.child("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: plugin, withDestinationPath: PluginEndToEndTests.faulty)
        try FileManager.default.copyItem(
            atPath: Harness.repository + "/Providers/Fixture/DemoSet/paris/paris-01-z.jpg", toPath: harness.folder.child("photo.jpg"))
        let go = harness.folder.child("go")
        let config = try harness.folder.write(
            "config.json",
            #"""
            {"providers": [{"name": "held", "type": "exec", "command": ["\#(plugin)"], "latitude": 48.8584, "longitude": 2.2945,
                            "image": "photo.jpg", "count": 3, "fault": "slow-search", "goFile": "\#(go)", "timeoutSeconds": 600}]}
            """#)
        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()

        async let first = harness.tourist.run(["fetch", pin, "--count", "3", "--config", config], in: harness.folder.path)
        // The server sees the terminal's fetch (through the pin's lease) as soon as it starts.
        let seen = try await server.waitForAlbum(pin) { ($0["fetching"] as? Bool) == true }
        #expect((seen["pin"] as? [String: Any])?["state"] as? String != "failed")

        // A second terminal and the page ask for the same pin meanwhile: both wait for the first.
        // The go file is made only once the second terminal says it waits.
        let waiter = try harness.tourist.start(["fetch", pin, "--config", config], in: harness.folder.path)
        let waiting = try await Self.stderrLine(of: waiter, containing: "is fetching this pin; waiting for it to finish")
        #expect(waiting.hasPrefix("tourist: another tourist (pid "), "\(waiting)")
        #expect(try await server.send("POST", "/api/pins/\(pin)/fetch", csrf: csrf).status == 202)
        #expect(FileManager.default.createFile(atPath: go, contents: Data()))

        let one = try await first
        let two = try await TouristBinary.finish(waiter)
        #expect(one.status == 0 && two.status == 0, "\(one.stderr) / \(two.stderr)")
        // The second found the album complete: it fetched nothing again.
        #expect(two.stderr.contains("the album of \"Paris\" is complete; nothing to fetch"), "\(two.stderr)")
        let filled = try await server.waitForAlbum(pin) { ($0["fetching"] as? Bool) == false }
        #expect((filled["pin"] as? [String: Any])?["state"] as? String == "ready")
        #expect((filled["photos"] as? [[String: Any]])?.count == 3)
    }

    /// Reads `process`'s stderr up to the first line containing `text` (the rest stays for
    /// `TouristBinary.finish`); fails when the process ends first.
    static func stderrLine(of process: Process, containing text: String) async throws -> String {
        guard let pipe = process.standardError as? Pipe else { throw ServedStore.ServeFailure("no stderr pipe") }
        return try await Blocking.run {
            var line: [UInt8] = []
            while true {
                guard let byte = pipe.fileHandleForReading.readData(ofLength: 1).first else {
                    throw ServedStore.ServeFailure("the process ended without saying \"\(text)\"")
                }
                guard byte == UInt8(ascii: "\n") else { line.append(byte); continue }
                let said = String(decoding: line, as: UTF8.self)
                if said.contains(text) { return said }
                line = []
            }
        }
    }
}
