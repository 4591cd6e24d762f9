import Foundation
import Testing
import TestSupport

/// pin add → fetch → album → new-collection → photo rm → pin rm through the built binary,
/// on the bundled demo set with no config at all, checking the files on disk.
@Suite struct AlbumLifecycleTests {
    @Test func theWholeLifecycleOnTheBundledDemoSet() async throws {
        let harness = try Harness()
        let added = try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")
        let pinID = try #require(added["id"] as? String)
        #expect(added["state"] as? String == "new")
        #expect(added["radiusKm"] as? Double == 5)

        let fetched = try await harness.json("fetch", "Eiffel Tower")
        let first = fetched.photos
        #expect(first.count == 21)
        for photo in first {
            #expect(photo["state"] as? String == "stored")
            #expect(photo["provider"] as? String == "demo")
            #expect(photo["mime"] as? String == "image/jpeg")
            let path = try #require(photo["path"] as? String)
            #expect(path.hasPrefix(harness.store + "/blobs/sha256/"))
            #expect(try sha256sum(path) == photo["sha256"] as? String)
            #expect(photo["license"] is String && photo["title"] is String && photo["takenAt"] is String)
        }
        #expect(harness.photoFiles().count == 21)
        #expect(try await harness.json("pin", "show", pinID)["state"] as? String == "ready")
        let listed = try await harness.json("pin", "list")["pins"] as? [[String: Any]]
        #expect(listed?.first?["photos"] as? Int == 21)

        let album = try await harness.json("album", pinID)
        #expect(album.photos.map { $0["id"] as? String } == first.map { $0["id"] as? String })
        let human = try await harness.run("album", "Eiffel Tower").stdout
        #expect(human.contains("Eiffel Tower (\(pinID))"))
        #expect(!human.contains(harness.store), "paths only with --paths")
        #expect(try await harness.run("album", "Eiffel Tower", "--paths").stdout.contains(first[0]["path"] as! String))

        // Fetching a complete album changes nothing, and says so in one line (on stderr).
        let again = try await harness.run("fetch", pinID)
        #expect(again.stderr.contains("is complete; nothing to fetch"))
        #expect(again.stdout.isEmpty, "\(again.stdout)")
        #expect(harness.photoFiles().count == 21)

        // A new collection: 21 photos never shown, the old files gone.
        let second = try await harness.json("new-collection", pinID).photos
        #expect(second.count == 21)
        let firstIDs = Set(first.compactMap { $0["id"] as? String })
        #expect(firstIDs.isDisjoint(with: second.compactMap { $0["id"] as? String }))
        for photo in first { #expect(!FileManager.default.fileExists(atPath: photo["path"] as! String)) }

        // Removing photos deletes their files; they never come back.
        let removedIDs = second.prefix(2).compactMap { $0["id"] as? String }
        let removedPaths = second.prefix(2).compactMap { $0["path"] as? String }
        try await harness.run("photo", "rm", pinID, removedIDs[0], removedIDs[1])
        for path in removedPaths { #expect(!FileManager.default.fileExists(atPath: path)) }
        #expect(try await harness.json("album", pinID).photos.count == 19)
        let third = try await harness.json("new-collection", pinID).photos
        let thirdIDs = Set(third.compactMap { $0["id"] as? String })
        #expect(thirdIDs.isDisjoint(with: removedIDs))
        #expect(thirdIDs.isDisjoint(with: firstIDs))
        #expect(third.count == 21)

        let verified = try await harness.json("store", "verify")
        #expect(verified["ok"] as? Bool == true)
        #expect(verified["blobs"] as? Int == 63, "21 photos, each with its thumbnail and preview")

        try await harness.run("pin", "rm", pinID)
        #expect(harness.blobFiles().isEmpty)
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.isEmpty == true)
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    @Test func blobsSharedByTwoPinsStayUntilTheLastOneGoes() async throws {
        let harness = try Harness()
        let a = try #require(try await harness.json("pin", "add", "48.8584,2.2945", "--name", "a")["id"] as? String)
        let b = try #require(try await harness.json("pin", "add", "geo:48.8584,2.2945", "--name", "b")["id"] as? String)
        let photosA = try await harness.json("fetch", a, "--count", "5").photos
        let photosB = try await harness.json("fetch", b, "--count", "5").photos
        #expect(photosA.map { $0["sha256"] as? String } == photosB.map { $0["sha256"] as? String })
        #expect(harness.photoFiles().count == 5)
        // `pin rm --json` answers in the shape the API's removals share (`Removal`).
        let first = try await harness.json("pin", "rm", a)
        #expect(first["removed"] as? [String] == [a] && first["deletedFiles"] as? Int == 0, "\(first)")
        #expect(harness.photoFiles().count == 5)
        let last = try await harness.json("pin", "rm", b)
        #expect(last["removed"] as? [String] == [b] && last["deletedFiles"] as? Int == 5, "\(last)")
        #expect(harness.blobFiles().isEmpty)
    }

    @Test func southernAndWesternCoordinatesArePlainArguments() async throws {
        let harness = try Harness()
        let sydney = try await harness.json("pin", "add", "-33.8568", "151.2153", "--name", "Opera House")
        #expect(sydney["latitude"] as? Double == -33.8568)
        let liberty = try await harness.json("search", "40.6892", "-74.0445", "--count", "3", "--radius", "2")
        #expect(liberty.photos.count == 3)
        let distances = liberty.photos.compactMap { $0["distanceKm"] as? Double }
        #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 2 })
        #expect(liberty.photos.allSatisfy { $0["path"] == nil })
        let machu = try await harness.run("pin", "add", "--radius", "3", "-13.1631", "-72.5450")
        #expect(machu.stdout.contains("at -13.1631,-72.545, radius 3 km"))
        // search writes nothing.
        let before = try FileManager.default.contentsOfDirectory(atPath: harness.store + "/index/albums").count
        try await harness.run("search", "-33.9628", "18.4098")
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.store + "/index/albums").count == before)
    }

    /// The photo of the sidecar beside exported file `file`.
    func sidecarPhoto(_ file: String) -> [String: Any]? {
        let data = try? Data(contentsOf: URL(fileURLWithPath: String(file.dropLast(4)) + ".json"))
        return (data.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any])?["photo"] as? [String: Any]
    }

    @Test func exportWritesReadableNamesAndSidecars() async throws {
        let harness = try Harness()
        let pin = try #require(try await harness.json("pin", "add", "34.9671", "135.7727", "--name", "Fushimi Inari")["id"] as? String)
        let photos = try await harness.json("fetch", pin, "--count", "4").photos
        let out = harness.folder.child("export")
        let exported = try await harness.json("export", pin, out)
        let files = try #require(exported["files"] as? [String])
        #expect(files.count == 4)
        for (index, (file, photo)) in zip(files, photos).enumerated() {
            #expect(
                URL(fileURLWithPath: file).lastPathComponent == "0\(index + 1) \(photo["title"] as? String ?? "").jpg",
                "number and title: the sidecar names the photo")
            #expect(sidecarPhoto(file)?["id"] as? String == photo["id"] as? String)
            #expect(try sha256sum(file) == photo["sha256"] as? String)
            let sidecar = sidecarPhoto(file)
            #expect(sidecar?["title"] as? String == photo["title"] as? String)
            #expect(sidecar?["license"] as? String == photo["license"] as? String)
            #expect(sidecar?["latitude"] as? Double == photo["latitude"] as? Double)
            // Before: the store's blob path.
            #expect(sidecar?["path"] as? String == file, "\(sidecar?["path"] ?? "none")")
        }
    }

    /// A fetch says what the album holds in one line; `album` fits its table to the terminal's
    /// width (here `COLUMNS`), cutting long cells in the middle, and shows paths on demand only.
    @Test func fetchSaysOneLineAndTheAlbumFitsTheTerminal() async throws {
        let harness = try Harness(extraEnvironment: ["COLUMNS": "50"])
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--count", "3")
        #expect(
            fetched.stdout == "Eiffel Tower (\(pin)): ready, 3 photos. `tourist album \(pin)` lists them (`--paths` with their files).\n")
        // With no photos there is nothing to list, and the line does not offer to.
        let nowhere = try #require(try await harness.json("pin", "add", "-60", "-140", "--name", "Nowhere")["id"] as? String)
        #expect(try await harness.run("fetch", nowhere).stdout == "Nowhere (\(nowhere)): empty, no photos.\n")
        let album = try await harness.run("album", pin).stdout
        let table = album.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("Credits") }
        #expect(table.count == 4 && table.allSatisfy { $0.count <= 50 }, "\(album)")
        #expect(table.dropFirst().allSatisfy { $0.contains("…") }, "cells cut in the middle: \(album)")
        #expect(album.contains("Credits"), "the credits are never cut")
        let wide = try await harness.run("album", pin, "--paths").stdout
        #expect(wide.split(separator: "\n").contains { $0.count > 50 && $0.contains(harness.store) }, "paths are never cut")
    }

    /// A complete album needs no provider: `fetch` says so without setting one up (the demo set
    /// alone reads thousands of file names to start), so a provider that could not start now
    /// does not stand in the way. A photo whose file went missing is fetched again, through it.
    @Test func aFetchWithNothingToDoSetsUpNoProvider() async throws {
        let harness = try Harness.withFixtureSet(photos: 3)
        let pin = try #require(
            try await harness.json("pin", "add", Harness.fixtureCenter.latitude, Harness.fixtureCenter.longitude, "--name", "Line")["id"]
                as? String)
        try await harness.run("fetch", pin, "--count", "3")
        let manifest = harness.folder.child("set/manifest.json")
        let kept = try Data(contentsOf: URL(fileURLWithPath: manifest))
        try Data("{ damaged".utf8).write(to: URL(fileURLWithPath: manifest))
        let again = try await harness.run("fetch", pin)
        #expect(again.stderr.contains("is complete; nothing to fetch"), "\(again.stderr)")
        // A photo whose file is gone makes the album incomplete: the provider is needed again.
        let blob = try #require(harness.photoFiles().first)
        try FileManager.default.removeItem(atPath: blob)
        let refetch = try await harness.run("fetch", pin, expecting: 65)
        #expect(refetch.stderr.contains("manifest"), "\(refetch.stderr)")
        try kept.write(to: URL(fileURLWithPath: manifest))
        try await harness.run("fetch", pin)
        #expect(harness.photoFiles().count == 3)
    }

    @Test func photoGetWritesALargerSize() async throws {
        let harness = try Harness()
        let found = try await harness.json("search", "48.8584", "2.2945", "--count", "1").photos
        let id = try #require(found.first?["id"] as? String)
        let result = try await harness.json("photo", "get", id, "--size", "z", "--output", harness.folder.child("big.jpg"))
        #expect(result["size"] as? String == "z")
        let data = try Data(contentsOf: URL(fileURLWithPath: harness.folder.child("big.jpg")))
        #expect(data.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(result["bytes"] as? Int == data.count)
        // The default name lands in the working directory.
        let plain = try await harness.run("photo", "get", id)
        #expect(plain.stdout.contains("size z"))
        // The default size is b; the demo set has none, and the size saved instead is named.
        #expect(plain.stderr == "tourist: \(id) has no size b; saved the nearest it has, z\n", "\(plain.stderr)")
        let saved = harness.folder.child("\(id.replacingOccurrences(of: ":", with: "-"))-z.jpg")
        #expect(FileManager.default.fileExists(atPath: saved))

        // A file already there is never replaced without --force.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: saved))
        let again = try await harness.run("photo", "get", id, expecting: 73)
        #expect(
            again.stderr.hasSuffix("\(saved) already exists; nothing was written. Use --force to replace it, or --output another path\n"),
            "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)) == Data("mine".utf8))
        try await harness.run("photo", "get", id, "--output", saved, expecting: 73)
        try await harness.run("photo", "get", id, "--force")
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)) == data)
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder.path).allSatisfy { !$0.hasPrefix(".tourist-") })
    }

    @Test func providersAreListedAndChecked() async throws {
        let harness = try Harness()
        let listed = try await harness.json("providers")["providers"] as? [[String: Any]]
        #expect(listed?.map { $0["name"] as? String } == ["demo"])
        let checked = try await harness.json("providers", "--check")["providers"] as? [[String: Any]]
        let health = checked?.first?["health"] as? [String: Any]
        #expect(health?["ok"] as? Bool == true)
        let text = try await harness.run("providers", "--check").stdout
        #expect(text.contains("ok in"))
    }
}
