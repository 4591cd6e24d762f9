import CommonsStub
import Foundation
import Testing
import TestSupport

/// Wikimedia Commons through the built binary, against a fake Commons on 127.0.0.1, next to the
/// demo set as in the starter config.
@Suite struct CommonsEndToEndTests {
    /// A harness and a config with Commons at the fake, then the demo set.
    func setUp(_ fake: FakeCommons, extra: String = "") throws -> (Harness, String) {
        let harness = try Harness()
        let config = try harness.folder.write(
            "commons.json",
            #"""
            {\#(extra) "providers": [
              {"name": "commons", "type": "commons", "endpoint": "\#(fake.endpoint)", "contact": "e2e@example.org"},
              {"name": "demo", "type": "fixture"}
            ]}
            """#)
        return (harness, config)
    }

    static func files() -> [FakeCommonsFile] {
        var files = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 30, spacingMetres: 30)
        files[0].artistHTML = "<a href=\"//commons.wikimedia.org/wiki/User:Ann\">Ann</a>"
        files[0].licenseShortName = "CC BY-SA 4.0"
        files[0].licenseURL = "https://creativecommons.org/licenses/by-sa/4.0"
        files[0].attributionRequired = true
        return files
    }

    @Test func fetchFillsAnAlbumWithAttributionInAlbumAndExport() async throws {
        let files = Self.files()
        // The first two image requests are held until both are in flight: overlap seen, not hoped for.
        let twoImages = Rendezvous(count: 2)
        let fake = try FakeCommons(files: files, delay: .milliseconds(20)) { request in
            if request.path.hasPrefix("/thumb/") || request.path.hasPrefix("/images/") { twoImages.arrive() }
        }
        defer { fake.stop() }
        let (harness, config) = try setUp(fake)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let album = try await harness.json("fetch", pin, "--config", config)
        #expect(album.photos.count == 21)
        #expect(album.photos.allSatisfy { ($0["id"] as? String)?.hasPrefix("commons:") == true && $0["state"] as? String == "stored" })
        #expect(fake.apiRequests.count == 1, "one API request for a 21-photo album")
        #expect(fake.imageRequests.count == 21)
        let peak = fake.server.peakConcurrentRequests
        #expect(peak <= 3 && peak > 1, "Wikimedia asks for at most 3 requests at once, and tourist uses them: \(peak)")
        let first = try #require(album.photos.first { $0["id"] as? String == "commons:\(files[0].pageID)" })
        #expect(first["owner"] as? String == "Ann")
        #expect(first["license"] as? String == "CC BY-SA 4.0")
        #expect(first["licenseURL"] as? String == "https://creativecommons.org/licenses/by-sa/4.0")
        #expect(
            first["attribution"] as? String == "Ann, CC BY-SA 4.0 <https://creativecommons.org/licenses/by-sa/4.0>, via Wikimedia Commons")
        #expect((first["pageURL"] as? String)?.hasPrefix("https://commons.wikimedia.org/wiki/File:") == true)
        let path = try #require(first["path"] as? String)
        #expect(FileManager.default.contents(atPath: path) == Data(files[0].thumbnailBytes(width: 250)))

        let shown = try await harness.run("album", pin, "--config", config)
        #expect(
            shown.stdout.contains("Credits")
                && shown.stdout.contains("Ann, CC BY-SA 4.0 <https://creativecommons.org/licenses/by-sa/4.0>, via Wikimedia Commons"),
            "\(shown.stdout)")

        let exported = harness.folder.child("export")
        try await harness.run("export", pin, exported, "--config", config)
        let sidecars = try FileManager.default.contentsOfDirectory(atPath: exported).filter { $0.hasSuffix(".json") }
        #expect(sidecars.count == 21)
        let texts = sidecars.compactMap { FileManager.default.contents(atPath: exported + "/" + $0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(texts.contains { $0.contains("via Wikimedia Commons") && $0.contains("\"attribution\"") })
    }

    @Test func aBrokenCommonsLetsTheNextProviderAnswer() async throws {
        let fake = try FakeCommons(files: Self.files())
        defer { fake.stop() }
        let (harness, config) = try setUp(fake)
        for fault in [CommonsAPIFault.html, .cutJSON, .error(code: "weird-new-code", info: "Nobody knows.")] {
            fake.failNextAPICalls(Array(repeating: fault, count: 6))
            let result = try await harness.run("search", "48.8584", "2.2945", "--config", config, "--json")
            let photos = try #require(try result.json() as? [String: Any]).photos
            #expect(!photos.isEmpty && photos.allSatisfy { ($0["id"] as? String)?.hasPrefix("demo:") == true })
            let line = result.stderr.split(separator: "\n").first { $0.contains("commons") } ?? ""
            #expect(line.contains("Commons"), "\(result.stderr)")
            fake.failNextAPICalls([])
        }
        // With Commons alone, the same faults end the command with one line and the documented code.
        // No retries: a maxlag answer asks to wait 5 s.
        let alone = try harness.folder.write(
            "alone.json",
            #"{"downloads": {"retries": 0}, "providers": [{"name": "commons", "type": "commons", "endpoint": "\#(fake.endpoint)"}]}"#)
        fake.failNextAPICalls([.error(code: "weird-new-code", info: "Nobody knows.")])
        let refused = try await harness.run("search", "48.8584", "2.2945", "--config", alone, expecting: 69)
        #expect(
            refused.stderr.hasPrefix(
                "tourist: commons answered with something it should not: Commons refused the request with error \"weird-new-code\": Nobody knows.\n"
            ), "\(refused.stderr)")
        fake.failNextAPICalls([.maxlag(seconds: 7)])
        let lagging = try await harness.run("search", "48.8584", "2.2945", "--config", alone, expecting: 75)
        #expect(lagging.stderr.contains("Commons is busy (maxlag"), "\(lagging.stderr)")
    }

    @Test func aCorruptOriginalIsRefusedAndNothingStoredIsLost() async throws {
        let files = Self.files()
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let (harness, config) = try setUp(fake)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        try await harness.run("fetch", pin, "--config", config)
        let before = try await harness.run("album", pin, "--config", config, "--json").stdout
        let blobs = harness.blobFiles()

        fake.setModes { $0.sha1Mismatch = [files[0].pageID] }
        let output = harness.folder.child("original.jpg")
        let refused = try await harness.run(
            "photo", "get", "commons:\(files[0].pageID)", "--size", "o", "--output", output, "--config", config, expecting: 69)
        #expect(refused.stderr.contains("Commons: the original of \(files[0].title) does not match the SHA-1"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try await harness.run("album", pin, "--config", config, "--json").stdout == before)
        #expect(harness.blobFiles() == blobs)

        fake.setModes { $0.sha1Mismatch = [] }
        try await harness.run("photo", "get", "commons:\(files[0].pageID)", "--size", "o", "--output", output, "--config", config)
        #expect(FileManager.default.contents(atPath: output) == Data(files[0].original))
        try await harness.run(
            "photo", "get", "commons:\(files[0].title.dropFirst(5))", "--size", "z", "--output", output, "--force", "--config", config)
        #expect(FileManager.default.contents(atPath: output) == Data(files[0].thumbnailBytes(width: 960)))
    }

    @Test func aMissingThumbnailIsReplacedByAnotherPhoto() async throws {
        let files = Self.files()
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let (harness, config) = try setUp(fake)
        fake.failNextImageRequests(pageID: files[0].pageID, [.status(404)])
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let result = try await harness.run("fetch", pin, "--config", config, "--json")
        let album = try #require(try result.json() as? [String: Any])
        let stored = album.photos.filter { $0["state"] as? String == "stored" }
        #expect(stored.count == 21, "\(result.stderr)")
        #expect(album.photos.first { $0["id"] as? String == "commons:\(files[0].pageID)" }?["state"] as? String == "rejected")
    }
}
