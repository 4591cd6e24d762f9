import FlickrStub
import Foundation
import Testing
import TestSupport

/// `fetch --all` through the built binary against a fake Flickr on 127.0.0.1 that counts every
/// request: pins run at once, the run as a whole keeps the download and provider limits, and the
/// summary and exit code say which pins failed and why.
@Suite struct FetchAllEndToEndTests {
    static let key = "fetch-all-key-5d1e"

    /// Four places far apart, `count` photos around each, each photo with an id and bytes of its own.
    static let places = [(40.6892, -74.0441), (-13.1630, -72.5451), (48.8610, 2.2963), (34.9668, 135.7741)]

    static func photos(count: Int) -> [FakePhoto] {
        places.enumerated().flatMap { place, center in
            FakePhoto.around(latitude: center.0, longitude: center.1, count: count, radiusKm: 1).map { photo in
                var unique = photo
                unique.id = String((Int(photo.id) ?? 0) + place)
                unique.sizes = Dictionary(
                    uniqueKeysWithValues: photo.sizes.keys.map { ($0, FakePhoto.image(id: unique.id, size: $0, bytes: 2048)) })
                return unique
            }
        }
    }

    /// A harness with the four places imported as pins and a config for `fake`.
    static func pinned(_ fake: FakeFlickr, providerLimits: String = "", downloads: Int = 8) async throws -> (Harness, config: String) {
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": key])
        let config = try harness.folder.write(
            "config.json",
            """
            {"album": {"photos": 6}, "downloads": {"concurrency": \(downloads), "retries": 0},
             "providers": [{"name": "flickr", "type": "flickr", "endpoint": "\(fake.endpoint)"\(providerLimits)}]}
            """)
        let csv = try harness.folder.write(
            "places.csv", places.enumerated().map { "Place \($0.offset),\($0.element.0),\($0.element.1),2" }.joined(separator: "\n"))
        try await harness.run("pin", "import", csv, "--config", config)
        return (harness, config)
    }

    @Test func pinsRunAtOnceAndTheirDownloadsTogetherKeepDownloadsConcurrency() async throws {
        // The first three downloads, and the first two searches, are each held until all of them are
        // in flight at once: the limits are seen reached, not hoped for from a delay.
        let threeDownloads = Rendezvous(count: 3), twoSearches = Rendezvous(count: 2)
        let fake = try FakeFlickr(apiKey: Self.key, photos: Self.photos(count: 6), delay: .milliseconds(100)) { request in
            if request.path.hasSuffix(".jpg") { threeDownloads.arrive() }
            if request.path.hasPrefix("/services/rest") { twoSearches.arrive() }
        }
        defer { fake.stop() }
        let (harness, config) = try await Self.pinned(fake, downloads: 3)
        let run = try await harness.json("fetch", "--all", "--config", config)
        let pins = try #require(run["pins"] as? [[String: Any]])
        #expect(pins.map { $0["name"] as? String } == ["Place 0", "Place 1", "Place 2", "Place 3"])
        #expect(
            pins.allSatisfy { $0["status"] as? String == "complete" && $0["photos"] as? Int == 6 && $0["exitCode"] as? Int == 0 }, "\(pins)"
        )
        #expect(run["photos"] as? Int == 24 && run["bytes"] as? Int == 24 * 2048)
        #expect(fake.peakConcurrentImageRequests == 3, "the run's downloads together keep downloads.concurrency 3, and reach it")
        #expect(fake.server.peakConcurrentRequests { $0.path.hasPrefix("/services/rest") } >= 2, "several pins searched at once")
        #expect(fake.apiCalls("flickr.photos.search") == 4 && fake.totalImageRequests == 24)

        // Every album is complete: nothing is asked.
        let again = try await harness.run("fetch", "--all", "--config", config)
        #expect(again.stdout == "Every album is complete; nothing to fetch (new-collection replaces an album with other photos).\n")
        #expect(fake.apiCalls("flickr.photos.search") == 4)
        try await harness.run("store", "verify")
    }

    @Test func aProvidersConcurrencyHoldsForTheRunAsAWhole() async throws {
        // The first two requests are held until both are in flight: the limit is seen reached.
        let twoRequests = Rendezvous(count: 2)
        let fake = try FakeFlickr(apiKey: Self.key, photos: Self.photos(count: 3), delay: .milliseconds(60)) { _ in twoRequests.arrive() }
        defer { fake.stop() }
        let (harness, config) = try await Self.pinned(fake, providerLimits: #", "concurrency": 2"#)
        try await harness.run("fetch", "--all", "--count", "3", "--config", config)
        #expect(fake.peakConcurrentRequests == 2, "searches and downloads of all pins, two at once at most")
        #expect(fake.totalImageRequests == 12)
    }

    @Test func theSummaryNamesEachPinThatFailedAndWhyAndTheExitCodeSaysRunAgain() async throws {
        // Place 3 has no photos; every image of Place 1 fails with HTTP 500 once.
        var photos = Self.photos(count: 6)
        photos.removeAll { abs($0.latitude - Self.places[3].0) < 1 }
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos, delay: .zero)
        defer { fake.stop() }
        for photo in photos where abs(photo.latitude - Self.places[1].0) < 1 {
            fake.failNextImageRequests(photo: photo.id, [.status(500)])
        }
        let (harness, config) = try await Self.pinned(fake)
        let run = try await harness.run("fetch", "--all", "--config", config, expecting: 75)
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first == ["ID", "NAME", "PHOTOS", "RESULT"])
        #expect(
            rows.dropFirst().prefix(4).map { $0.suffix(2) } == [
                ["6/6", "complete"], ["0/6", "incomplete"], ["6/6", "complete"], ["0/6", "empty"],
            ], "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").last?.hasPrefix("4 pins in ") == true)
        #expect(run.stdout.contains(": 3 ended well, 1 failed; 12 photos in their albums, 25 KB downloaded."), "\(run.stdout)")
        let notes = run.stderr.split(separator: "\n").map(String.init)
        #expect(notes.count == 3, "\(run.stderr)")
        #expect(
            notes.first?.hasPrefix("tourist: pin ") == true
                && notes.first?.hasSuffix("\"Place 1\": 6 of 6 photos could not be downloaded") == true, "\(run.stderr)")
        #expect(notes.dropFirst().first?.contains(" could not be downloaded: ") == true, "the first photo's reason, once: \(run.stderr)")
        #expect(notes.last == "tourist: 1 of 4 pins did not end well; run `tourist fetch --all` again to resume them")

        // The rerun takes the pins not complete (Place 1, and Place 3, which had nothing) and ends well.
        let rerun = try await harness.json("fetch", "--all", "--config", config)
        let pins = try #require(rerun["pins"] as? [[String: Any]])
        #expect(pins.map { $0["name"] as? String } == ["Place 1", "Place 3"])
        #expect(pins.map { $0["status"] as? String } == ["complete", "empty"])
        #expect(pins.map { $0["exitCode"] as? Int } == [0, 0])
    }

    @Test func allAndAPinAreOneOrTheOther() async throws {
        let harness = try Harness()
        let both = try await harness.run("fetch", "Paris", "--all", expecting: 64)
        #expect(both.stderr.contains("--all fetches every pin; leave out \"Paris\", or leave out --all"), "\(both.stderr)")
        let neither = try await harness.run("fetch", expecting: 64)
        #expect(
            neither.stderr.contains("name the pin to fetch (its id or name), or fetch every album not complete with --all"),
            "\(neither.stderr)")
        try await harness.run("new-collection", expecting: 64)
        let empty = try await harness.run("fetch", "--all")
        #expect(empty.stdout == "No pins yet. Add some: tourist pin add LAT LON --name NAME, or tourist pin import FILE\n")
    }
}
