import Foundation
import Testing
import TestSupport

/// 100 SIGKILLs at random moments across the commands that write the store, all on one store:
/// after each, `store verify` passes, or `store repair` makes it pass without losing a photo that
/// was recorded as stored; at the end every album can be completed.
@Suite struct KillStormTests {
    /// A random generator with a printed seed, so a failing storm can be replayed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
    }

    static let places = [("48.8584", "2.2945"), ("-33.9628", "18.4098"), ("40.6892", "-74.0445")]

    @Test func aHundredKillsLoseNoStoredPhoto() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(state: seed)
        let harness = try Harness()
        let config = try harness.folder.write(
            "slow.json", #"{"downloads": {"concurrency": 2}, "providers": [{"name": "demo", "type": "fixture", "latencyMs": 15}]}"#)
        func pins() async throws -> [String] {
            (try await harness.json("pin", "list", "--config", config)["pins"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        for (index, place) in Self.places.enumerated() {
            try await harness.run("pin", "add", place.0, place.1, "--name", "place \(index)", "--config", config)
        }
        var killed = 0, repairs = 0, commands: [String: Int] = [:]
        for round in 1...100 {
            var current = try await pins()
            if current.count < Self.places.count {
                // A pin removed by an earlier round is replaced, so every command has something to work on.
                let place = Self.places[round % Self.places.count]
                try await harness.run("pin", "add", place.0, place.1, "--name", "place r\(round)", "--config", config)
                current = try await pins()
            }
            let pin = current[Int.random(in: 0..<current.count, using: &random)]
            let stored = (try await harness.json("album", pin, "--config", config)).photos.filter { $0["state"] as? String == "stored" }
            var command: [String]
            switch Int.random(in: 0..<6, using: &random) {
            case 0: command = ["fetch", pin]
            case 1: command = ["new-collection", pin]
            case 2:
                command =
                    stored.isEmpty
                    ? ["fetch", pin]
                    : ["photo", "rm", pin, stored[Int.random(in: 0..<stored.count, using: &random)]["id"] as? String ?? ""]
            case 3: command = ["pin", "rm", pin]
            case 4: command = ["store", "gc"]
            default: command = ["store", "repair"]
            }
            commands[command.prefix(2).joined(separator: " "), default: 0] += 1
            let process = try harness.tourist.start(command + ["--config", config, "--quiet"], in: harness.folder.path)
            // Fetches run for seconds; the other commands end within tens of milliseconds.
            let slow = command[0] == "fetch" || command[0] == "new-collection"
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...(slow ? 400 : 25), using: &random)))
            kill(process.processIdentifier, SIGKILL)
            if try await TouristBinary.waitForExit(process) { killed += 1 }

            let verify = try await harness.tourist.run(["store", "verify", "--config", config, "--json"], in: harness.folder.path)
            let verified = try #require(try verify.json() as? [String: Any], "\(verify.stderr)")
            if verified["ok"] as? Bool != true {
                Issue.record("round \(round) (seed \(seed)), after killing \(command): \(verified["problems"] ?? "")")
                repairs += 1
                let repaired = try await harness.json("store", "repair", "--config", config)
                #expect(
                    (repaired["lost"] as? [String])?.isEmpty == true,
                    "round \(round) (seed \(seed)), after \(command): repair lost \(repaired)")
                #expect(
                    try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true, "round \(round) (seed \(seed))")
            }
        }
        #expect(killed >= 50, "most commands were killed mid-way, not after they ended: \(killed) of 100 (\(commands))")
        #expect(repairs == 0, "writes are atomic: no kill left anything to repair (seed \(seed))")
        for pin in try await pins() {
            let completed = try await harness.run("fetch", pin, "--config", config, "--json")
            #expect(completed.status == 0, "\(pin): \(completed.stderr)")
            let album = try #require(try completed.json() as? [String: Any])
            #expect(
                album.photos.allSatisfy { $0["state"] as? String == "stored" || $0["state"] as? String == "rejected" },
                "\(pin) (seed \(seed))")
        }
        #expect(try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true)
    }
}
