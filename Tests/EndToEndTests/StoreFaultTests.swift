import Foundation
import Testing
import TestSupport

/// The store under faults a user meets: a disk that fills up, a store that can only be read.
@Suite(.enabled(if: try Mounts.requirement.runs(), Comment(rawValue: Mounts.requirement.missing)))
struct StoreFaultTests {
    @Test func aFullDiskStopsFetchWithExit74AndTheAlbumResumesOnceThereIsSpace() async throws {
        let mount = TemporaryDirectory("tourist-full").child("disk")
        try Mounts.tmpfs(at: mount, size: "96k")
        defer { Mounts.unmount(mount) }
        let harness = try Harness(extraEnvironment: ["TOURIST_STORE": mount + "/store"])
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)

        let full = try await harness.run("fetch", pin, "--quiet", expecting: 74)
        #expect(full.stderr.contains("the disk is full. Free some space, then run the command again"), "\(full.stderr)")
        #expect(full.stderr.split(separator: "\n").count == 1, "one line: \(full.stderr)")
        let album = try await harness.json("album", pin)
        #expect((album["pin"] as? [String: Any])?["state"] as? String == "interrupted", "resumable, and no fetch runs: \(album)")
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true, "nothing half-written")

        try Mounts.resize(mount, to: "8m")
        let resumed = try await harness.json("fetch", pin)
        #expect(resumed.photos.filter { $0["state"] as? String == "stored" }.count == 21)
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    @Test func aReadOnlyStoreServesReadingCommandsAndRefusesWritingOnesInOneLine() async throws {
        let folder = TemporaryDirectory("tourist-ro")
        let writable = try Harness(extraEnvironment: ["TOURIST_STORE": folder.child("source/store")])
        let pin = try #require(try await writable.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)
        try await writable.run("fetch", pin, "--quiet")
        let photo = try #require(try await writable.json("album", pin).photos.first?["id"] as? String)

        let mount = folder.child("readonly")
        try Mounts.readOnlyBind(folder.child("source"), at: mount)
        defer { Mounts.unmount(mount) }
        let reader = try Harness(extraEnvironment: ["TOURIST_STORE": mount + "/store"])
        for reading in [
            ["pin", "list"], ["album", pin], ["store", "verify"], ["store", "stats"], ["export", pin, reader.folder.child("export")],
            ["search", "48.8584", "2.2945", "--count", "3"],
        ] {
            let result = try await reader.tourist.run(reading, in: reader.folder.path)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(reading): \(result.status) \(result.stderr)")
        }
        // A fetch with nothing to do only reads; one that must fetch more writes.
        let complete = try await reader.tourist.run(["fetch", pin], in: reader.folder.path)
        #expect(complete.status == 0 && complete.stderr.contains("is complete; nothing to fetch"), "\(complete.stderr)")
        for writing in [
            ["fetch", pin, "--count", "30"], ["pin", "add", "1", "2", "--name", "Elsewhere"], ["photo", "rm", pin, photo],
            ["pin", "rm", pin],
            ["store", "gc"], ["store", "repair"], ["new-collection", pin],
        ] {
            let result = try await reader.tourist.run(writing, in: reader.folder.path)
            #expect(result.status == 73, "\(writing): \(result.status)")
            #expect(
                result.stderr
                    == "tourist: the store \(mount)/store can only be read (Read-only file system): reading commands work, this one must write. Make it writable (remount it read-write, fix its permissions), or point --store or TOURIST_STORE at a writable copy\n",
                "\(writing): \(result.stderr)")
        }
    }
}
