import Foundation
import Testing
import TestSupport

/// `tourist pin edit`: a pin's radius and name change, its album stays, and bad input changes nothing.
@Suite struct PinEditTests {
    @Test func aWiderRadiusKeepsTheAlbumAndLaterCollectionsReachFarther() async throws {
        let harness = try Harness.withFixtureSet(photos: 12)
        let id = try #require(try await harness.json("pin", "add", "10", "10", "--radius", "0.55", "--name", "Louvre")["id"] as? String)
        try await harness.run("fetch", "Louvre", "--count", "3")
        try await harness.run("photo", "rm", "Louvre", "own:p-002")
        let before = try await harness.json("album", "Louvre").photos

        let edited = try await harness.run("pin", "edit", "Louvre", "--radius", "1.25")
        #expect(
            edited.stdout
                == "Pin \(id) \"Louvre\": radius 0.55 km → 1.25 km.\nNext: tourist new-collection \(id) (photos within 1.25 km it has not shown)\n",
            "\(edited.stdout)")
        #expect(edited.stderr.isEmpty, "\(edited.stderr)")
        // The album is as it was: the same photos, the same files.
        let after = try await harness.json("album", "Louvre").photos
        #expect(after.map { $0["id"] as? String } == ["own:p-001", "own:p-003"])
        #expect(after.map { $0["sha256"] as? String } == before.map { $0["sha256"] as? String })
        for photo in after { #expect(try sha256sum(try #require(photo["path"] as? String)) == photo["sha256"] as? String) }
        let shown = try await harness.json("pin", "show", id)
        #expect(shown["radiusKm"] as? Double == 1.25 && shown["photos"] as? Int == 2 && shown["state"] as? String == "ready")
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)

        // New collections search within 1.25 km: photos beyond the old 0.55 km come, shown and
        // removed ones never do, until none is left.
        var seen: [String] = []
        for expected in [
            ["own:p-004", "own:p-005", "own:p-006"], ["own:p-007", "own:p-008", "own:p-009"], ["own:p-010", "own:p-011", "own:p-012"],
        ] {
            let collection = try await harness.json("new-collection", id).photos
            #expect(collection.map { $0["id"] as? String } == expected)
            #expect(collection.allSatisfy { $0["state"] as? String == "stored" })
            seen += expected
        }
        #expect(!seen.contains("own:p-002"))
        let exhausted = try await harness.run("new-collection", id)
        #expect(exhausted.stderr.hasPrefix("tourist: no unseen photos left within 1.25 km of \"Louvre\""), "\(exhausted.stderr)")
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    @Test func aPinWithNoPhotosNearIsFilledByTheNextFetchAfterItsRadiusGrows() async throws {
        let harness = try Harness.withFixtureSet(photos: 5)
        let id = try #require(try await harness.json("pin", "add", "10", "10", "--radius", "0.05")["id"] as? String)
        let empty = try await harness.run("fetch", id)
        #expect(empty.stderr.contains("widen the radius with `tourist pin edit \(id) --radius 0.1`"), "\(empty.stderr)")
        let edited = try await harness.run("pin", "edit", id, "--radius", "0.35")
        #expect(edited.stdout.hasSuffix("radius 0.05 km → 0.35 km.\nNext: tourist fetch \(id)\n"), "\(edited.stdout)")
        let fetched = try await harness.json("fetch", id)
        #expect(fetched.photos.map { $0["id"] as? String } == ["own:p-001", "own:p-002", "own:p-003"])
    }

    @Test func renamingMovesTheNameSoOnlyTheNewOneFindsThePin() async throws {
        let harness = try Harness()
        let id = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")["id"] as? String)
        try await harness.run("pin", "add", "48.8606", "2.3376", "--name", "Louvre")
        try await harness.run("fetch", "Eiffel Tower", "--count", "2")

        let renamed = try await harness.run("pin", "edit", "Eiffel Tower", "--name", "  Tour Eiffel ")
        #expect(renamed.stdout == "Pin \(id): name \"Eiffel Tower\" → \"Tour Eiffel\".\n", "\(renamed.stdout)")
        let gone = try await harness.run("album", "Eiffel Tower", expecting: 65)
        #expect(gone.stderr.contains("no pin \"Eiffel Tower\""), "\(gone.stderr)")
        let fetched = try await harness.run("fetch", "Tour Eiffel")
        #expect(fetched.stderr.contains("the album of \"Tour Eiffel\" is complete"), "\(fetched.stderr)")
        #expect(try await harness.json("album", "Tour Eiffel").photos.count == 2)
        let names = try await harness.json("pin", "list")["pins"] as? [[String: Any]]
        #expect(names?.map { $0["name"] as? String } == ["Tour Eiffel", "Louvre"])
        // The name index holds the two names the pins have, nothing else.
        let entries = try FileManager.default.contentsOfDirectory(atPath: harness.store + "/index/names").map { file in
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: harness.store + "/index/names/" + file)))
                as? [String: String]
        }
        #expect(Set(entries.compactMap { $0?["name"] }) == ["Tour Eiffel", "Louvre"] && entries.count == 2)
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)

        // --json prints the pin as `pin show --json` does; the old name is free again.
        let json = try await harness.json("pin", "edit", id, "--name", "Eiffel Tower", "--radius", "2")
        let shown = try await harness.json("pin", "show", "Eiffel Tower")
        #expect(NSDictionary(dictionary: json) == NSDictionary(dictionary: shown))
        #expect(json["name"] as? String == "Eiffel Tower" && json["radiusKm"] as? Double == 2 && json["photos"] as? Int == 2)
        try await harness.run("album", "Tour Eiffel", expecting: 65)
        let unchanged = try await harness.run("pin", "edit", id, "--radius", "2")
        #expect(unchanged.stdout == "Pin \(id) \"Eiffel Tower\" (radius 2 km): nothing changed.\n", "\(unchanged.stdout)")
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    @Test func refusedNamesAndRadiiExit64Or65AndChangeNothing() async throws {
        let harness = try Harness()
        let alpha = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Alpha")["id"] as? String)
        let beta = try #require(try await harness.json("pin", "add", "2", "2", "--name", "Beta")["id"] as? String)
        try await harness.run("fetch", "Alpha", "--count", "1")
        let index = try Self.files(under: harness.store + "/index")

        // Another pin's name or id is a conflict (65), as `pin add` has it; a bad value is usage (64).
        let refusals: [(arguments: [String], status: Int32, says: String)] = [
            (["--name", "Beta"], 65, "a pin named \"Beta\" already exists (id \(beta)), so it cannot name this one; choose another name"),
            (["--name", " Beta "], 65, "a pin named \"Beta\" already exists"),
            (["--name", beta], 65, "\"\(beta)\" is the id of another pin, so it cannot name this one; choose another name"),
            (["--name", "bad\u{1B}[31mred"], 64, "--name: the pin name \"bad\\u{1B}[31mred\" holds a control character (U+001B)"),
            (["--name", "   "], 64, "--name: a pin's name must not be empty"),
            (["--radius", "0"], 64, "--radius 0.0 is out of range; use kilometres from 0 (exclusive) to 20000"),
            (["--radius", "20001"], 64, "--radius 20001.0 is out of range"),
            (["--radius", "nan"], 64, "--radius nan is out of range"),
            (["--radius", "3", "--name", "Beta"], 65, "a pin named \"Beta\" already exists"),
            ([], 64, "say what to change: --name NAME, --radius KM, --taken RANGE, --months MONTHS, or several"),
        ]
        for refusal in refusals {
            let result = try await harness.tourist.run(["pin", "edit", "Alpha"] + refusal.arguments, in: harness.folder.path)
            #expect(result.status == refusal.status, "pin edit Alpha \(refusal.arguments) exited \(result.status): \(result.stderr)")
            #expect(result.stderr.contains(refusal.says), "pin edit Alpha \(refusal.arguments): \(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}"), "an escape reached the terminal")
            #expect(result.stdout.isEmpty)
        }
        try await harness.run("pin", "edit", "Gamma", "--radius", "3", expecting: 65)
        #expect(try Self.files(under: harness.store + "/index") == index, "a refused edit changed the index")
        let pins = try await harness.json("pin", "list")["pins"] as? [[String: Any]]
        #expect(pins?.map { $0["name"] as? String } == ["Alpha", "Beta"] && pins?.map { $0["radiusKm"] as? Double } == [5, 5])
        #expect(try await harness.json("album", alpha).photos.count == 1)

        // Adding the same place again with another radius says how to change the radius instead.
        let again = try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Alpha", "--radius", "8", expecting: 65)
        #expect(
            again.stderr
                == "tourist: a pin named \"Alpha\" already exists here with a radius of 5 km (id \(alpha)). Change its radius with `tourist pin edit \(alpha) --radius 8`, or choose another --name\n",
            "\(again.stderr)")
    }

    /// Every file under `folder` with its bytes.
    static func files(under folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return files
    }
}
