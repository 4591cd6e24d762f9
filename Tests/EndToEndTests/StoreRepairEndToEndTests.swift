import Foundation
import Testing
import TestSupport

/// Damage to the store, as a user would meet it: each kind is found by `store verify` with the
/// command that repairs it, `store repair` repairs it without deleting a good blob, and `fetch`
/// restores what was lost.
@Suite struct StoreRepairEndToEndTests {
    /// A store with two pins whose albums are filled from the demo set.
    func filledStore() async throws -> (Harness, paris: String, capeTown: String) {
        let harness = try Harness()
        let paris = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)
        let capeTown = try #require(try await harness.json("pin", "add", "-33.9628", "18.4098", "--name", "Cape Town")["id"] as? String)
        try await harness.run("fetch", paris, "--quiet")
        try await harness.run("fetch", capeTown, "--quiet")
        return (harness, paris, capeTown)
    }

    func storedPhotos(_ harness: Harness, _ pin: String) async throws -> [[String: Any]] {
        try await harness.json("album", pin).photos.filter { $0["state"] as? String == "stored" }
    }

    /// Verify exits 65 naming `store repair` for each problem of `kind`; repair then makes it pass.
    func expectFoundAndRepaired(_ harness: Harness, kind: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> [String: Any]
    {
        let found = try await harness.json("store", "verify", expecting: 65, sourceLocation: sourceLocation)
        let problems = found["problems"] as? [[String: Any]] ?? []
        #expect(
            problems.contains { $0["kind"] as? String == kind && $0["repair"] as? String == "tourist store repair" }, "\(problems)",
            sourceLocation: sourceLocation)
        let human = try await harness.run("store", "verify", expecting: 65, sourceLocation: sourceLocation)
        #expect(
            human.stdout.contains("repair: tourist store repair") && !human.stdout.contains("DecodingError"), "\(human.stdout)",
            sourceLocation: sourceLocation)
        let repaired = try await harness.json("store", "repair", sourceLocation: sourceLocation)
        let verified = try await harness.json("store", "verify", sourceLocation: sourceLocation)
        #expect(verified["ok"] as? Bool == true, "\(verified)", sourceLocation: sourceLocation)
        return repaired
    }

    @Test func aGarbagePinListIsRebuiltFromTheAlbums() async throws {
        let (harness, paris, capeTown) = try await filledStore()
        for garbage in ["", "not json at all\n"] {
            try garbage.write(toFile: harness.store + "/index/pins.json", atomically: true, encoding: .utf8)
            let listed = try await harness.run("pin", "list", expecting: 65)
            #expect(listed.stderr.contains("tourist store repair"), "\(listed.stderr)")
            let repaired = try await expectFoundAndRepaired(harness, kind: "pin-list")
            #expect((repaired["actions"] as? [String])?.contains { $0.contains("index/pins.json was damaged") } == true, "\(repaired)")
            let pins = try await harness.json("pin", "list")["pins"] as? [[String: Any]] ?? []
            #expect(Set(pins.compactMap { $0["id"] as? String }) == [paris, capeTown])
        }
        // `store gc` also rebuilds it now, instead of failing with the same message.
        try "garbage".write(toFile: harness.store + "/index/pins.json", atomically: true, encoding: .utf8)
        try await harness.run("store", "gc")
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    /// With the snapshot garbage and an album torn, the pin list is still whole in the journal:
    /// repair keeps the torn album's pin from it instead of calling it lost (issue 26, finding 8).
    @Test func repairKeepsAPinOnlyTheJournalStillDescribes() async throws {
        let harness = try Harness()
        var ids: [String] = []
        for (name, latitude, longitude) in [
            ("Paris", "48.8584", "2.2945"), ("Cape Town", "-33.9628", "18.4098"), ("Liberty", "40.6892", "-74.0445"),
        ] {
            ids.append(
                try #require(try await harness.json("pin", "add", latitude, longitude, "--name", name, "--radius", "3")["id"] as? String))
        }
        let journal = try String(contentsOfFile: harness.store + "/index/pins.journal", encoding: .utf8)
        #expect(ids.allSatisfy(journal.contains), "the three pins are in the journal")
        try "{\"version\":1,\"pins\":[\n{garbage\n".write(toFile: harness.store + "/index/pins.json", atomically: true, encoding: .utf8)
        let albumFile = harness.store + "/index/albums/\(ids[2]).json"
        let text = try String(contentsOfFile: albumFile, encoding: .utf8)
        try String(text.prefix(40)).write(toFile: albumFile, atomically: true, encoding: .utf8)

        let repaired = try await expectFoundAndRepaired(harness, kind: "album")
        #expect(!((repaired["lost"] as? [String]) ?? []).contains { $0.contains("no pin list entry") }, "\(repaired)")
        #expect(repaired["pinsToFetch"] as? [String] == [ids[2]])
        let liberty = try await harness.json("pin", "show", "Liberty")
        #expect(
            liberty["id"] as? String == ids[2] && liberty["latitude"] as? Double == 40.6892 && liberty["longitude"] as? Double == -74.0445
                && liberty["radiusKm"] as? Double == 3, "\(liberty)")
        let pins = try await harness.json("pin", "list")["pins"] as? [[String: Any]] ?? []
        #expect(Set(pins.compactMap { $0["id"] as? String }) == Set(ids))
    }

    @Test func aDamagedAlbumIsSetAsideAndItsPinFilledAgain() async throws {
        let (harness, paris, capeTown) = try await filledStore()
        let blobsBefore = harness.blobFiles()
        let albumFile = harness.store + "/index/albums/\(paris).json"
        let text = try String(contentsOfFile: albumFile, encoding: .utf8)
        try String(text.prefix(300)).write(toFile: albumFile, atomically: true, encoding: .utf8)

        let shown = try await harness.run("album", paris, expecting: 65)
        #expect(
            shown.stderr.contains("is damaged (not valid JSON). Run `tourist store repair` to set it aside and keep the rest")
                && !shown.stderr.contains("DecodingError"), "\(shown.stderr)")
        let stats = try await harness.run("store", "stats")
        #expect(stats.stdout.contains("and 1 whose album file cannot be read: run `tourist store repair`"), "\(stats.stdout)")
        let collected = try await harness.run("store", "gc", expecting: 65)
        #expect(collected.stderr.contains("Nothing was deleted. Run `tourist store repair`"), "\(collected.stderr)")
        #expect(harness.blobFiles() == blobsBefore, "gc deleted nothing")

        let repaired = try await expectFoundAndRepaired(harness, kind: "album")
        #expect(repaired["pinsToFetch"] as? [String] == [paris])
        let quarantined = try #require((repaired["quarantined"] as? [String])?.first)
        #expect(quarantined.hasPrefix("quarantine/albums/\(paris)-"))
        #expect(
            try String(contentsOfFile: harness.store + "/" + quarantined, encoding: .utf8) == String(text.prefix(300)),
            "the damaged file is kept as it was")
        #expect(harness.blobFiles() == blobsBefore, "repair never deletes a good blob")
        let pin = try await harness.json("pin", "show", paris)
        #expect(
            pin["state"] as? String == "failed" && (pin["error"] as? String)?.contains("fetching fills the album again") == true
                && pin["failure"] as? String == "incomplete", "\(pin)")
        #expect(try await storedPhotos(harness, capeTown).count == 21, "the other pin is untouched")

        let refilled = try await harness.json("fetch", paris)
        #expect(refilled.photos.filter { $0["state"] as? String == "stored" }.count == 21)
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    @Test func missingAndCorruptBlobsAreFoundRefusedAndFetchedAgain() async throws {
        let (harness, paris, _) = try await filledStore()
        let photos = try await storedPhotos(harness, paris)
        let gone = try #require(photos[0]["path"] as? String), damaged = try #require(photos[1]["path"] as? String)
        try FileManager.default.removeItem(atPath: gone)
        chmod(damaged, 0o644)
        let handle = try #require(FileHandle(forUpdatingAtPath: damaged))
        try handle.seek(toOffset: 200)
        handle.write(Data("damage".utf8))
        try handle.close()

        let album = try await harness.json("album", paris)
        let missing = album.photos.first { $0["id"] as? String == photos[0]["id"] as? String }
        #expect(missing?["state"] as? String == "missing" && missing?["path"] is NSNull, "\(String(describing: missing))")
        let human = try await harness.run("album", paris)
        #expect(
            human.stdout.contains("missing")
                && human.stdout.contains("its file is missing from the store. Run `tourist fetch \(paris)` to download it again"),
            "\(human.stdout)")

        let folder = harness.folder.child("export")
        let exported = try await harness.run("export", paris, folder, expecting: 65)
        #expect(exported.stdout.contains("Exported 19 photos"), "\(exported.stdout)")
        #expect(
            exported.stderr.contains("is missing from the store") && exported.stderr.contains("is damaged")
                && exported.stderr.contains("tourist store repair"), "\(exported.stderr)")
        let images = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".json") }
        #expect(images.count == 19, "only the good photos, never the damaged bytes")

        let repaired = try await expectFoundAndRepaired(harness, kind: "corrupt-blob")
        #expect((repaired["quarantined"] as? [String])?.contains { $0.hasPrefix("quarantine/blobs/") } == true)
        #expect((repaired["lost"] as? [String])?.contains { $0.contains("2 photos of pin \(paris)") } == true, "\(repaired)")
        let refetched = try await harness.json("fetch", paris)
        let stored = refetched.photos.filter { $0["state"] as? String == "stored" }
        #expect(stored.count == 21)
        for photo in stored { #expect(try sha256sum(photo["path"] as? String ?? "") == photo["sha256"] as? String) }
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    @Test func photoGetCopiesFromTheStoreAndRefusesADamagedBlob() async throws {
        let (harness, paris, _) = try await filledStore()
        let photos = try await storedPhotos(harness, paris)
        let id = try #require(photos[0]["id"] as? String), size = try #require(photos[0]["size"] as? String)
        // A provider that fails every request: what photo get saves comes from the store.
        let offline = try harness.folder.write("offline.json", #"{"providers": [{"name": "demo", "type": "fixture", "failEvery": 1}]}"#)
        let output = harness.folder.child("copy.jpg")
        try await harness.run("photo", "get", id, "--size", size, "--output", output, "--config", offline)
        #expect(try sha256sum(output) == photos[0]["sha256"] as? String)

        let blob = try #require(photos[0]["path"] as? String)
        chmod(blob, 0o644)
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: blob))
        try FileManager.default.removeItem(atPath: output)
        let refused = try await harness.run("photo", "get", id, "--size", size, "--output", output, "--config", offline, expecting: 65)
        #expect(refused.stderr.contains("is damaged") && refused.stderr.contains("tourist store repair"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output), "no damaged bytes written")
    }

    @Test func aLostReferenceIsAProblemAndAnExtraOneIsNot() async throws {
        let (harness, paris, _) = try await filledStore()
        let sha256 = try #require(try await storedPhotos(harness, paris).first?["sha256"] as? String)
        let refs = harness.store + "/index/refs/\(sha256.prefix(2))/\(sha256)"
        let listed = try String(contentsOfFile: refs, encoding: .utf8)
        try (listed + "0badc0de demo:gone-photo\n").write(toFile: refs, atomically: true, encoding: .utf8)
        let extra = try await harness.json("store", "verify")
        #expect(extra["ok"] as? Bool == true && extra["extraReferences"] as? Int == 1, "what a crash leaves is harmless: \(extra)")
        try FileManager.default.removeItem(atPath: refs)
        _ = try await expectFoundAndRepaired(harness, kind: "references")
        #expect(try String(contentsOfFile: refs, encoding: .utf8) == listed)
    }

    @Test func fetchBringsBackAMissingBlobWithoutARepair() async throws {
        let (harness, paris, _) = try await filledStore()
        let photo = try #require(try await storedPhotos(harness, paris).first)
        try FileManager.default.removeItem(atPath: try #require(photo["path"] as? String))
        let fetched = try await harness.json("fetch", paris)
        #expect(fetched.photos.filter { $0["state"] as? String == "stored" }.count == 21)
        #expect(FileManager.default.fileExists(atPath: photo["path"] as? String ?? ""))
    }

    @Test func aDamagedVersionIsNamedAndWrittenAgain() async throws {
        let (harness, paris, _) = try await filledStore()
        try "banana\n".write(toFile: harness.store + "/VERSION", atomically: true, encoding: .utf8)
        let verify = try await harness.run("store", "verify", expecting: 65)
        #expect(verify.stderr.contains("not a store version. Run `tourist store repair`"), "\(verify.stderr)")
        let repaired = try await harness.run("store", "repair")
        #expect(repaired.stdout.contains("VERSION was missing or damaged: written again"), "\(repaired.stdout)")
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
        #expect(try await storedPhotos(harness, paris).count == 21)
    }

    @Test func quickVerifyChecksStructureWithoutRehashing() async throws {
        let (harness, paris, _) = try await filledStore()
        let photo = try #require(try await storedPhotos(harness, paris).first)
        let path = try #require(photo["path"] as? String)
        chmod(path, 0o644)
        try Data("not the photo".utf8).write(to: URL(fileURLWithPath: path))
        let quick = try await harness.json("store", "verify", "--quick")
        #expect(quick["ok"] as? Bool == true && quick["rehashed"] as? Bool == false, "structure is intact")
        try await harness.run("store", "verify", expecting: 65)
        try FileManager.default.removeItem(atPath: path)
        let quickMissing = try await harness.json("store", "verify", "--quick", expecting: 65)
        #expect((quickMissing["problems"] as? [[String: Any]])?.first?["kind"] as? String == "missing-blob")
    }
}
