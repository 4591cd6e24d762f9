import Foundation
import Testing
import TestSupport

/// `pin add` killed at any point between its writes leaves a store `store verify` accepts, and the
/// next command finishes or undoes the add: the pin is there once, found by its name, or not at all
/// (issue 26).
@Suite struct PinAddInterruptionTests {
    func pins(_ harness: Harness) async throws -> [[String: Any]] {
        try await harness.json("pin", "list")["pins"] as? [[String: Any]] ?? []
    }

    @Test(arguments: [("add-pins albums-written", false), ("add-pins listed", true)])
    func aPinAddKilledMidwayIsUndoneOrFinished(point: String, committed: Bool) async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")
        try await StopPoints.kill(harness, ["pin", "add", "40.6892", "-74.0445", "--name", "Liberty"], at: point)

        let verify = try await harness.json("store", "verify", "--quick")
        #expect(verify["ok"] as? Bool == true, "\(verify["problems"] ?? "")")
        let names = try await pins(harness).compactMap { $0["name"] as? String }
        #expect(names == (committed ? ["Eiffel Tower", "Liberty"] : ["Eiffel Tower"]))
        let albums = try FileManager.default.contentsOfDirectory(atPath: harness.store + "/index/albums").filter { $0.hasSuffix(".json") }
        #expect(albums.count == names.count, "no album is left that no pin list names: \(albums)")

        // Adding it again gives one pin of that name, found by its name.
        let again = try await harness.json("pin", "add", "40.6892", "-74.0445", "--name", "Liberty")
        let all = try await pins(harness)
        #expect(all.count { $0["name"] as? String == "Liberty" } == 1, "one pin a name: \(all)")
        let shown = try await harness.json("pin", "show", "Liberty")
        #expect(shown["id"] as? String == again["id"] as? String)
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }
}
