import Foundation
import Testing
import TestSupport

/// A write killed midway that replaces a file (an album saved again) leaves its temporary file
/// (`.tmp-…`) beside its target, which no listing shows (one that creates a file writes it unnamed
/// first, and leaves nothing). Once no live writer can own it, `store verify` counts it (a note, not damage) and
/// `store repair` and `store gc` remove it (issue 26).
@Suite struct KilledWriteTests {
    @Test(arguments: ["repair", "gc"])
    func aKilledWritesTemporaryFileIsCountedThenRemoved(command: String) async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")
        try await StopPoints.kill(harness, ["pin", "edit", "Eiffel Tower", "--radius", "2"], at: "write staged index/albums/")
        let albums = harness.store + "/index/albums"
        let left = try FileManager.default.contentsOfDirectory(atPath: albums).filter { $0.hasPrefix(".tmp-") }
        try #require(left.count == 1, "the killed write left its temporary file: \(left)")
        let path = albums + "/" + left[0]

        // Just killed, it is as young as a live writer's file: not counted, not removed. (Its time is
        // set an hour ahead, so that it stays younger than a live writer's minute however long the
        // commands below take on a busy machine.)
        var young = [timespec(tv_sec: time(nil) + 3600, tv_nsec: 0), timespec(tv_sec: time(nil) + 3600, tv_nsec: 0)]
        try #require(utimensat(AT_FDCWD, path, &young, 0) == 0)
        let fresh = try await harness.json("store", "verify", "--quick")
        #expect(fresh["killedWrites"] as? Int == 0 && fresh["ok"] as? Bool == true, "\(fresh)")
        try await harness.run("store", command)
        #expect(FileManager.default.fileExists(atPath: path), "a file a live writer may own is kept")

        // As it is some minutes later (its time set back): no live writer can own it.
        var times = [timespec(tv_sec: time(nil) - 300, tv_nsec: 0), timespec(tv_sec: time(nil) - 300, tv_nsec: 0)]
        try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let old = try await harness.json("store", "verify", "--quick")
        #expect(old["killedWrites"] as? Int == 1, "\(old)")
        #expect(old["ok"] as? Bool == true, "a note, not damage: \(old["problems"] ?? "")")
        let said = try await harness.run("store", "verify", "--quick")
        #expect(said.stdout.contains("1 temporary file left by writes killed midway"), "\(said.stdout)")

        let done = try await harness.run("store", command)
        #expect(!FileManager.default.fileExists(atPath: path), "removed by store \(command)")
        #expect(done.stdout.contains("removed 1 temporary file"), "\(done.stdout)")
        let after = try await harness.json("store", "verify", "--quick")
        #expect(after["killedWrites"] as? Int == 0 && after["ok"] as? Bool == true, "\(after)")
    }
}
