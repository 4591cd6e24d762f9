import FlickrStub
import Foundation
import Testing
import TestSupport

/// `fetch --verbose` says on stderr which provider it chose and why it passed the others by, each
/// page it read and each photo it downloaded, never with the API key; without --verbose none of it.
@Suite struct VerboseFetchTests {
    static let key = "verbose-key-7f3e0c"

    @Test func verboseFetchShowsTheRouteThePagesAndTheDownloads() async throws {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 30, radiusKm: 2, bytes: 3000)
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos)
        defer { fake.stop() }
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": Self.key])
        // "far" covers only South-East Asia; "tight" may send one request an hour, spent below.
        let config = try harness.folder.write(
            "route.json",
            """
            {"providers": [
              {"name": "far", "type": "fixture", "coverage": [100, -10, 110, 0]},
              {"name": "tight", "type": "fixture", "requestsPerHour": 1},
              {"name": "flickr", "type": "flickr", "endpoint": "\(fake.endpoint)"}
            ]}
            """)
        try await harness.run("search", "48.8584", "2.2945", "--count", "1", "--provider", "tight", "--config", config)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)

        let fetched = try await harness.run("fetch", pin, "--count", "5", "--config", config, "--verbose")
        let lines = fetched.stderr.split(separator: "\n").map(String.init)
        func has(_ prefix: String) -> Bool { lines.contains { $0.hasPrefix(prefix) } }
        #expect(
            has("tourist: debug: far: skipped (outside coverage): the search circle does not meet its coverage [100, -10, 110, 0]"),
            "\(fetched.stderr)")
        #expect(has("tourist: debug: tight: skipped (rate-limited): tight has used its budget of 1 request per hour"), "\(fetched.stderr)")
        #expect(has("tourist: debug: flickr: page 1 of 6 (up to 5 a page): 5 candidates, 5 taken"), "\(fetched.stderr)")
        #expect(has("tourist: debug: flickr: chosen: it found 5 photos"), "\(fetched.stderr)")
        let album = try await harness.json("album", pin, "--config", config).photos
        for photo in album {
            let id = try #require(photo["id"] as? String)
            #expect(has("tourist: debug: downloaded \(id) size m: 3000 bytes in "), "\(id): \(fetched.stderr)")
        }
        #expect(lines.filter { $0.hasPrefix("tourist: debug: downloaded ") }.allSatisfy { $0.hasSuffix(" ms") })
        #expect(!fetched.stderr.contains(Self.key) && !fetched.stderr.contains("api_key"), "the key never shows: \(fetched.stderr)")

        // Without --verbose: only the line about the provider over its budget, as before.
        let second = try #require(try await harness.json("pin", "add", "48.86", "2.29", "--config", config)["id"] as? String)
        let quiet = try await harness.run("fetch", second, "--count", "5", "--config", config)
        #expect(
            quiet.stderr.split(separator: "\n").count == 1 && quiet.stderr.hasPrefix("tourist: tight asked to slow down: "),
            "\(quiet.stderr)")
    }

    /// `fetch --all --verbose` fetches pins at once, so each line said while fetching one names it:
    /// the route chosen for each pin, and each download with the pin whose album holds the photo.
    @Test func fetchAllVerboseLinesNameTheirPin() async throws {
        let harness = try Harness()
        let paris = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)
        let kyoto = try #require(try await harness.json("pin", "add", "34.9668", "135.7741", "--name", "Kyoto")["id"] as? String)
        let run = try await harness.run("fetch", "--all", "--count", "3", "--verbose")
        let lines = run.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("tourist: debug: ") }
        for pin in [paris, kyoto] {
            let prefix = "tourist: debug: pin \(pin): "
            #expect(lines.contains("\(prefix)demo: chosen: it found 3 photos"), "\(run.stderr)")
            let downloaded = lines.filter { $0.hasPrefix("\(prefix)downloaded ") }.compactMap {
                $0.dropFirst("\(prefix)downloaded ".count).split(separator: " ").first.map(String.init)
            }
            let album = try await harness.json("album", pin).photos.compactMap { $0["id"] as? String }
            #expect(downloaded.sorted() == album.sorted() && album.count == 3, "\(pin): \(run.stderr)")
        }
        #expect(lines.filter { $0.contains(" downloaded ") || $0.contains(": chosen: ") }.count == 8, "\(run.stderr)")
        // One pin alone needs no name: `fetch PIN --verbose` lines are as before.
        let single = try await harness.run("fetch", paris, "--count", "4", "--verbose")
        #expect(single.stderr.contains("tourist: debug: downloaded ") && !single.stderr.contains("debug: pin "), "\(single.stderr)")
    }

    /// Commons on a port that refuses connections (never a real DNS query), then the demo set: one
    /// request to Commons, no retry, and one line saying why it is left alone.
    @Test func anUnreachableProviderIsAskedOnceAndSaysWhyInOneLine() async throws {
        let closed = try BoundSocket()
        let harness = try Harness()
        let config = try OfflineStarterTests.commonsOfflineConfig(harness, closed)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--config", config, "--verbose")
        let lines = fetched.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.hasPrefix("tourist: debug: commons: http://127.0.0.1:\(closed.port)/w/api.php?") }.count == 1,
            "\(fetched.stderr)")
        #expect(
            lines.filter { $0.hasPrefix("tourist: debug: commons: ") && !$0.contains("/w/api.php?") } == [
                "tourist: debug: commons: could not connect to 127.0.0.1:\(closed.port) (refused, or no route); not asked again for 60 s"
            ], "\(fetched.stderr)")
        #expect(!lines.contains { $0.contains(": retry ") }, "\(fetched.stderr)")
        #expect(lines.contains("tourist: debug: demo: chosen: it found 21 photos"), "\(fetched.stderr)")
    }
}
