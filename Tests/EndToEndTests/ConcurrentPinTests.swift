import Foundation
import Testing
import TestSupport

/// Two processes on one pin at once: no update is lost, nothing crashes, both end with documented
/// exit codes, and the store verifies.
@Suite struct ConcurrentPinTests {
    func setUp() async throws -> (Harness, String, String) {
        let harness = try Harness()
        let config = try harness.folder.write(
            "slow.json", #"{"downloads": {"concurrency": 2}, "providers": [{"name": "demo", "type": "fixture", "latencyMs": 30}]}"#)
        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        return (harness, config, pin)
    }

    func albumFile(_ harness: Harness, _ pin: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: harness.store + "/index/albums/\(pin).json") else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    func storedPhotos(_ harness: Harness, _ pin: String) -> [String] {
        ((albumFile(harness, pin)?["photos"] as? [[String: Any]]) ?? []).filter { $0["state"] as? String == "stored" }
            .compactMap { ($0["candidate"] as? [String: Any])?["key"] as? String }
    }

    /// When the second process starts, as the album file shows it (or once the first has ended):
    /// at once, once the first has replaced or started filling the album, once it is well on.
    enum Moment: String, CaseIterable, Sendable {
        case atOnce, onceStarted, onceWellOn
    }

    @Test(arguments: Moment.allCases)
    func photoRemovedWhileANewCollectionIsMadeStaysRemoved(moment: Moment) async throws {
        let (harness, config, pin) = try await setUp()
        try await harness.run("fetch", pin, "--config", config, "--quiet")
        let before = storedPhotos(harness, pin)
        let photo = try #require(try await harness.json("album", pin, "--config", config).photos[3]["id"] as? String)
        let collecting = try harness.tourist.start(["new-collection", pin, "--config", config, "--quiet"], in: harness.folder.path)
        switch moment {
        case .atOnce: break
        case .onceStarted:
            try await Waiting.until("the new collection to replace the album") {
                storedPhotos(harness, pin) != before || !collecting.isRunning
            }
        case .onceWellOn:
            try await Waiting.until("the new collection to store 5 photos") {
                Set(storedPhotos(harness, pin)).subtracting(before).count >= 5 || !collecting.isRunning
            }
        }
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

    @Test(arguments: Moment.allCases)
    func aPinRemovedWhileItIsFetchedStaysRemoved(moment: Moment) async throws {
        let (harness, config, pin) = try await setUp()
        let fetching = try harness.tourist.start(["fetch", pin, "--config", config, "--quiet"], in: harness.folder.path)
        switch moment {
        case .atOnce: break
        case .onceStarted:
            try await Waiting.until("the fetch to store a photo") { !storedPhotos(harness, pin).isEmpty || !fetching.isRunning }
        case .onceWellOn:
            try await Waiting.until("the fetch to store 5 photos") { storedPhotos(harness, pin).count >= 5 || !fetching.isRunning }
        }
        try await harness.run("pin", "rm", pin, "--config", config)
        _ = try await TouristBinary.waitForExit(fetching)
        // Done before the removal (0), or told the pin is gone (65); never a crash or a resurrected album.
        #expect([0, 65].contains(fetching.terminationStatus), "\(fetching.terminationStatus)")
        #expect(albumFile(harness, pin) == nil)
        #expect((try await harness.json("pin", "list", "--config", config)["pins"] as? [Any])?.isEmpty == true)
        #expect(try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true)
    }
}
