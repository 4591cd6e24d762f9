import Foundation
import Testing
import TestSupport

/// Two processes on one pin at once: no update is lost, nothing crashes, both end with documented
/// exit codes, and the store verifies.
@Suite struct ConcurrentPinTests {
    func setUp() async throws -> (Harness, String, String) {
        let harness = try Harness()
        let config = try harness.folder.write("slow.json", #"{"downloads": {"concurrency": 2}, "providers": [{"name": "demo", "type": "fixture", "latencyMs": 30}]}"#)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        return (harness, config, pin)
    }

    func albumFile(_ harness: Harness, _ pin: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: harness.store + "/index/albums/\(pin).json") else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    @Test(arguments: [0, 60, 150])
    func photoRemovedWhileANewCollectionIsMadeStaysRemoved(delayMs: Int) async throws {
        let (harness, config, pin) = try await setUp()
        try await harness.run("fetch", pin, "--config", config, "--quiet")
        let photo = try #require(try await harness.json("album", pin, "--config", config).photos[3]["id"] as? String)
        let collecting = try harness.tourist.start(["new-collection", pin, "--config", config, "--quiet"], in: harness.folder.path)
        try await Task.sleep(for: .milliseconds(delayMs))
        let removed = try await harness.tourist.run(["photo", "rm", pin, photo, "--config", config], in: harness.folder.path)
        _ = try await TouristBinary.waitForExit(collecting)
        #expect(collecting.terminationStatus == 0)
        // Removed before the new collection replaced the album (0), or no longer in it (65).
        #expect([0, 65].contains(removed.status), "\(removed.status): \(removed.stderr)")
        let album = try #require(albumFile(harness, pin))
        let keys = (album["photos"] as? [[String: Any]] ?? []).compactMap { ($0["candidate"] as? [String: Any])?["key"] as? String }
        #expect(!keys.contains(photo), "a removed or replaced photo is not in the new collection")
        if removed.status == 0 { #expect((album["removed"] as? [String])?.contains(photo) == true, "the removal is kept") }
        #expect(try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true)
    }

    @Test(arguments: [50, 200, 400])
    func aPinRemovedWhileItIsFetchedStaysRemoved(delayMs: Int) async throws {
        let (harness, config, pin) = try await setUp()
        let fetching = try harness.tourist.start(["fetch", pin, "--config", config, "--quiet"], in: harness.folder.path)
        try await Task.sleep(for: .milliseconds(delayMs))
        try await harness.run("pin", "rm", pin, "--config", config)
        _ = try await TouristBinary.waitForExit(fetching)
        // Done before the removal (0), or told the pin is gone (65); never a crash or a resurrected album.
        #expect([0, 65].contains(fetching.terminationStatus), "\(fetching.terminationStatus)")
        #expect(albumFile(harness, pin) == nil)
        #expect((try await harness.json("pin", "list", "--config", config)["pins"] as? [Any])?.isEmpty == true)
        #expect(try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true)
    }
}
