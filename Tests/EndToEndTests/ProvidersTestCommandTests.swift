import FlickrStub
import Foundation
import GeotaggedPhotos
import Testing
import TestSupport

/// `tourist providers test` on every built-in provider (the example plugins are tested in
/// `PluginEndToEndTests`), and on a plugin that breaks a rule.
@Suite struct ProvidersTestCommandTests {
    let harness: Harness

    init() throws {
        harness = try Harness()
    }

    /// Every rule passed: 15, and 16 for a provider that takes boxes ("within the box").
    func expectAllPass(_ result: TouristBinary.Result, rules: Int = 15, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            result.stdout.hasSuffix("\(rules) passed, 0 failed, 0 skipped\n"), "\(result.stdout)\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(!result.stdout.contains("FAIL"), sourceLocation: sourceLocation)
    }

    @Test func theBundledDemoSetPasses() async throws {
        let result = try await harness.run("providers", "test", "demo")
        #expect(
            result.stdout.hasPrefix("Testing demo (fixture) within 5 km of 48.875906,2.29962:\n  pass  search answers: "),
            "\(result.stdout)")
        expectAllPass(result)
    }

    @Test func theDirectoryProviderPasses() async throws {
        try FileManager.default.createDirectory(atPath: harness.folder.child("photos"), withIntermediateDirectories: true)
        for index in 0..<9 {
            let photo = GeotaggedPhoto(
                latitude: 48.8584 + Double(index) * 0.001, longitude: 2.2945, takenAt: "2024:06:0\(index + 1) 10:00:00")
            try photo.write(.jpeg, to: harness.folder.child("photos/p\(index).jpg"))
        }
        let config = try harness.folder.write(
            "directory.json", #"{"providers": [{"name": "pictures", "type": "directory", "path": "photos"}]}"#)
        expectAllPass(try await harness.run("providers", "test", "pictures", "--config", config))
    }

    @Test func flickrPasses() async throws {
        let fake = try FakeFlickr(
            apiKey: "test-key-77",
            photos: FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 30, radiusKm: 2, sizes: ["m", "z"], bytes: 2000))
        defer { fake.stop() }
        let config = try harness.folder.write(
            "flickr.json",
            #"{"providers": [{"name": "flickr", "type": "flickr", "apiKey": "test-key-77", "endpoint": "\#(fake.endpoint)"}]}"#)
        let result = try await harness.run("providers", "test", "flickr", "--config", config)
        expectAllPass(result, rules: 16)
        #expect(result.stdout.contains("pass  within the box:"), "Flickr takes boxes: its answers stay inside them")
        #expect(!result.stdout.contains("test-key-77"))
    }

    @Test func aRuleBrokenIsNamedWithWhyAndExitsOne() async throws {
        // Photos nearest last, at a URL where nothing answers: "nearest first" and "fetch writes an
        // image" fail, searching and paging pass, lookup is skipped.
        let script = try harness.folder.write(
            "backwards.py",
            """
            import json, sys
            for line in sys.stdin:
                r = json.loads(line)
                if r["method"] == "hello": result = {"protocol": 1, "capabilities": ["search"]}
                elif r["method"] == "search":
                    p = r["params"]
                    far = [{"id": f"b{i}", "latitude": p["latitude"] + (3 - i) * 0.001, "longitude": p["longitude"], "sizes": {"m": {"url": "http://127.0.0.1:9/x.jpg"}}} for i in range(3)]
                    result = {"photos": far if p["latitude"] > 0 else [], "cursor": None}
                else: result = {}
                print(json.dumps({"id": r["id"], "result": result}), flush=True)
                if r["method"] == "shutdown": break
            """)
        let config = try harness.folder.write(
            "backwards.json", #"{"providers": [{"name": "backwards", "type": "exec", "command": ["python3", "\#(script)"]}]}"#)
        let result = try await harness.run("providers", "test", "backwards", "--at", "10,20", "--config", config, expecting: 1)
        #expect(
            result.stdout.contains(
                "  FAIL  nearest first on each page: backwards:b1 at 0.222 km comes after a photo at 0.334 km on page 1"),
            "\(result.stdout)")
        #expect(result.stdout.contains("  pass  nothing where there is nothing: "))
        #expect(result.stdout.contains("  skip  lookup finds a photo by id: the provider cannot look photos up by id"))
        let failing = try await harness.run(
            ["providers", "test", "backwards", "--at", "10,20", "--config", config, "--json"], expecting: 1)
        #expect((try failing.json() as? [String: Any])?["provider"] as? String == "backwards")
        // With --json, stderr names the broken rules in one JSON object.
        let error = try failing.stderrJSON()["error"] as? [String: Any]
        let message = try #require(error?["message"] as? String, "\(failing.stderr)")
        #expect(
            error?["code"] as? Int == 1 && message.hasPrefix("backwards broke ") && message.contains(" rules: nearest first on each page"),
            "\(message)")
        let noPlace = try await harness.run("providers", "test", "backwards", "--config", config, expecting: 64)
        #expect(noPlace.stderr == "tourist: provider backwards does not say where it has photos; give a place with --at LAT,LON\n")
    }
}
