import Foundation
import Testing
import TestSupport

/// Two tourist processes on one store at once: both finish, and the store stays whole.
@Suite struct ConcurrencyTests {
    @Test func twoFetchesOnOneStoreAtOnceKeepTheStoreWhole() async throws {
        let harness = try Harness()
        let config = try harness.folder.write(
            "slow.json", #"{"downloads": {"concurrency": 3}, "providers": [{"name": "demo", "type": "fixture", "latencyMs": 30}]}"#)
        let paris = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "paris")["id"] as? String)
        let kyoto = try #require(try await harness.json("pin", "add", "34.9671", "135.7727", "--name", "kyoto")["id"] as? String)
        // The same place twice as well, so both processes store and reference the same blobs.
        let twin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "paris again")["id"] as? String)
        async let first = harness.tourist.run(["fetch", paris, "--config", config, "--json"], in: harness.folder.path)
        async let second = harness.tourist.run(["fetch", kyoto, "--config", config, "--json"], in: harness.folder.path)
        async let third = harness.tourist.run(["fetch", twin, "--config", config, "--json"], in: harness.folder.path)
        for result in try await [first, second, third] {
            #expect(result.status == 0, "\(result.stderr)")
            let album = try #require(try result.json() as? [String: Any])
            #expect(album.photos.count == 21)
        }
        let verified = try await harness.json("store", "verify")
        #expect(verified["ok"] as? Bool == true)
        #expect((verified["orphans"] as? [Any])?.isEmpty == true)
        // 42 photos, each with its thumbnail and preview.
        #expect(verified["blobs"] as? Int == 126)
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(pins.map { $0["photos"] as? Int } == [21, 21, 21])
        #expect(pins.allSatisfy { $0["state"] as? String == "ready" })
        // Removing one of the twins keeps the files the other still uses.
        try await harness.run("pin", "rm", paris)
        #expect(harness.photoFiles().count == 42)
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    @Test func aTerminalSeesAProgressBarAndJSONStdoutStaysClean() async throws {
        let harness = try Harness()
        let pin = try #require(try await harness.json("pin", "add", "40.6892", "-74.0445")["id"] as? String)
        // `script` gives tourist a terminal on stderr, as a person's shell would.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(harness.tourist.path)' fetch \(pin) --count 5", "/dev/null"]
        process.environment = harness.tourist.environment
        process.currentDirectoryURL = URL(fileURLWithPath: harness.folder.path)
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let finished = try await TouristBinary.finish(process)
        let output = finished.stdout
        #expect(finished.status == 0)
        #expect(output.contains("5/5 photos"), "\(output)")
        #expect(output.contains("[########################]"))
        // Without a terminal (a pipe), there is no bar, and --json keeps stdout one document.
        let piped = try await harness.tourist.run(["new-collection", pin, "--count", "5", "--json"], in: harness.folder.path)
        #expect(!piped.stderr.contains("photos  "))
        #expect(try piped.json() is [String: Any])
    }
}
