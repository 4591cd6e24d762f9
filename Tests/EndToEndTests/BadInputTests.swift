import Foundation
import Testing
import TestSupport

/// Bad input gets a clear message naming it and the fix, a documented exit code, and loses nothing stored.
@Suite struct BadInputTests {
    /// A store holding one fetched pin, to check nothing is lost afterwards.
    func seeded() async throws -> (Harness, String, String) {
        let harness = try Harness()
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "paris")["id"] as? String)
        try await harness.run("fetch", pin, "--count", "3", "--quiet")
        return (harness, pin, try await harness.run("album", pin, "--json").stdout)
    }

    func expectUnchanged(_ harness: Harness, _ pin: String, _ album: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
    {
        #expect(try await harness.run("album", pin, "--json").stdout == album, sourceLocation: sourceLocation)
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (["91", "0"], "latitude 91 is out of range; use a number from -90 to 90"),
        (["0", "181"], "longitude 181 is out of range; use a number from -180 to 180"),
        (["NaN", "2"], "latitude \"NaN\" is not a number; use decimal degrees such as -33.8568"),
        (["north", "2"], "latitude \"north\" is not a number; use decimal degrees such as -33.8568"),
        (["48.8"], "\"48.8\" is not a coordinate; write LAT LON, LAT,LON or geo:LAT,LON (for example 48.8584 2.2945)"),
        (["1", "2", "--bogus"], "unknown option --bogus"),
    ])
    func badCoordinatesAreUsageErrors(_ words: [String], _ message: String) async throws {
        let (harness, pin, album) = try await seeded()
        let result = try await harness.tourist.run(["pin", "add"] + words, in: harness.folder.path)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        try await expectUnchanged(harness, pin, album)
    }

    @Test func unknownPinsAndPhotosAreDataErrors() async throws {
        let (harness, pin, album) = try await seeded()
        let noPin = try await harness.run("album", "atlantis", expecting: 65)
        #expect(noPin.stderr == "tourist: no pin \"atlantis\" in \(harness.store). Run `tourist pin list` to see the pins and their ids\n")
        try await harness.run("fetch", "atlantis", expecting: 65)
        try await harness.run("pin", "rm", pin, "atlantis", expecting: 65)
        let present = try #require(
            (try JSONSerialization.jsonObject(with: Data(album.utf8)) as? [String: Any])?.photos.first?["id"] as? String)
        let noPhoto = try await harness.run("photo", "rm", pin, present, "demo:nowhere", expecting: 65)
        #expect(noPhoto.stderr.contains("photo demo:nowhere is not in the album of \"paris\"; nothing was removed"))
        let notAnID = try await harness.run("photo", "rm", pin, "paris-01", expecting: 64)
        #expect(
            notAnID.stderr.contains("\"paris-01\" is neither a photo's number nor its id; write the number or the provider:id"),
            "\(notAnID.stderr)")
        try await harness.run("photo", "get", "demo:nowhere", expecting: 65)
        try await expectUnchanged(harness, pin, album)
    }

    @Test func configErrorsNameTheFileTheKeyAndTheFix() async throws {
        let (harness, pin, album) = try await seeded()
        let cases: [(String, String, [String: String])] = [
            (
                "{\n  \"providers\": [\n    {\"type\": \"fixture\",}\n  ]\n}",
                "line 3, column 24: invalid JSON: trailing comma before '}'. Fix the JSON syntax at that place.", [:]
            ),
            (
                #"{"providers": [{"name": "x", "type": "flikr"}]}"#,
                "providers[0].type: unknown provider type \"flikr\". Use one of: flickr, commons, fixture, directory, exec, or install a plugin as tourist-provider-flikr on PATH. Did you mean \"flickr\"?",
                [:]
            ),
            (
                #"{"providers": [{"type": "fixture"}, {"type": "fixture"}]}"#,
                "providers[1].name: the provider name \"fixture\" is used twice (without \"name\", a provider is named after its type). Give each provider a different name.",
                [:]
            ),
            (
                #"{"providers": [{"type": "fixture", "path": "${MY_PHOTOS}"}]}"#,
                "providers[0].path: environment variable MY_PHOTOS is not set. Set it (export MY_PHOTOS=…) or write the value into the config.",
                [:]
            ),
        ]
        for (index, (text, message, _)) in cases.enumerated() {
            let path = try harness.folder.write("config\(index).json", text)
            let result = try await harness.run("fetch", pin, "--config", path, expecting: 78)
            #expect(result.stderr == "tourist: config error: \(path): \(message)\n")
            try await harness.run("config", "check", "--config", path, expecting: 78)
        }
        try await harness.run("config", "check", "--config", harness.folder.child("missing.json"), expecting: 78)
        try await expectUnchanged(harness, pin, album)
    }

    @Test func aFixtureManifestPointingOutsideItsFolderIsRefused() async throws {
        let (harness, pin, album) = try await seeded()
        let set = harness.folder.child("set")
        var photos = try FixtureSetWriter.write(in: set, latitude: 48.8584, longitude: 2.2945, count: 3)
        photos[2].files["m"] = "../../etc/passwd"
        try FixtureSetWriter.writeManifest(photos, in: set)
        let config = try harness.folder.write("escape.json", #"{"providers": [{"name": "evil", "type": "fixture", "path": "set"}]}"#)
        let result = try await harness.run("new-collection", pin, "--config", config, expecting: 65)
        #expect(result.stderr.contains("photo \"p-003\": file \"../../etc/passwd\" is outside the fixture folder"))
        #expect(!result.stderr.contains("root:"))
        try await expectUnchanged(harness, pin, album)
    }

    @Test func aStorePathThatIsAFileOrANewerStoreIsRefused() async throws {
        let (harness, pin, album) = try await seeded()
        let file = try harness.folder.write("not-a-folder", "x")
        let asFile = try await harness.run("pin", "list", "--store", file, expecting: 73)
        #expect(asFile.stderr.contains("the store path \(file) is a file, not a folder"))
        try "9\n".write(toFile: harness.store + "/VERSION", atomically: true, encoding: .utf8)
        let newer = try await harness.run("pin", "list", expecting: 65)
        #expect(newer.stderr.contains("has format version 9, newer than this tourist reads (1). Upgrade tourist; nothing was changed"))
        try "1\n".write(toFile: harness.store + "/VERSION", atomically: true, encoding: .utf8)
        try await expectUnchanged(harness, pin, album)
    }

    @Test func aBusyStoreMakesTheSecondProcessWaitThenFail() async throws {
        let (harness, pin, album) = try await seeded()
        let lock = try StoreLockHolder(harness.store + "/lock")
        var impatient = harness.tourist
        impatient.environment["TOURIST_LOCK_TIMEOUT"] = "1"
        let blocked = try await impatient.run(["pin", "add", "1", "2", "--name", "late"], in: harness.folder.path)
        lock.release()
        #expect(blocked.status == 75)
        #expect(blocked.stderr.contains("is busy: another tourist process"), "\(blocked.stderr)")
        try await expectUnchanged(harness, pin, album)
        try await harness.run("pin", "add", "1", "2", "--name", "late")
    }
}
