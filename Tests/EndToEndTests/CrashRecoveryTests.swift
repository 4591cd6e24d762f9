import FlickrStub
import Foundation
import Testing
import TestSupport

/// SIGKILL in the middle of a fetch, several times; the store stays valid and the next fetch
/// completes exactly what is missing.
@Suite struct CrashRecoveryTests {
    @Test func killingFetchMidAlbumLosesNothingAndTheNextFetchCompletes() async throws {
        let harness = try Harness()
        // 21 photos, each answered after 800 ms; one of the farthest (fetched last) is held until the
        // kills are over, so no fetch can complete before it is killed, however busy the machine.
        let photos = FakePhoto.around(latitude: -33.9628, longitude: 18.4098, count: 21, radiusKm: 2, bytes: 3000)
        let held = Gate()
        let fake = try FakeFlickr(apiKey: "k", photos: photos, delay: .milliseconds(800)) { request in
            if request.path.contains("/\(photos[9].id)_") { held.pass() }
        }
        defer {
            held.open()
            fake.stop()
        }
        let config = try harness.folder.write(
            "slow.json",
            """
            {"downloads": {"concurrency": 2}, "providers": [{"name": "flickr", "type": "flickr", "apiKey": "k", "endpoint": "\(fake.endpoint)"}]}
            """)
        let pin = try #require(
            try await harness.json("pin", "add", "-33.9628", "18.4098", "--name", "Table Mountain", "--config", config)["id"] as? String)
        var storedAfterKills: [Int] = []
        for round in 1...3 {
            // Kill once the album file records one more stored photo than at the last kill: always
            // mid-album, since one photo is held. (Blob files are no signal: photos that landed but
            // were not yet recorded are downloaded again after a kill and add no file.)
            // Watched from a thread of its own: on a busy machine Swift's few pool threads can be
            // held by other tests for seconds, long enough for the fetch to end unseen.
            let process = try harness.tourist.start(["fetch", pin, "--config", config, "--quiet"], in: harness.folder.path)
            let before = recordedPhotos(harness, pin)
            try await Blocking.run { [self] in
                let patience = Date().addingTimeInterval(120)
                while recordedPhotos(harness, pin) < before + 1, process.isRunning, Date() < patience { usleep(2_000) }
                kill(process.processIdentifier, SIGKILL)
            }
            let killed = try await TouristBinary.waitForExit(process)
            #expect(killed, "round \(round): fetch finished before it was killed")
            let verify = try await harness.run("store", "verify", "--config", config)
            #expect(verify.stdout.hasSuffix("OK\n"), "\(verify.stdout)")
            let album = try await harness.json("album", pin, "--config", config)
            storedAfterKills.append(album.photos.filter { $0["state"] as? String == "stored" }.count)
            #expect((album["pin"] as? [String: Any])?["state"] as? String == "interrupted", "killed: no fetch runs")
        }
        #expect(storedAfterKills.last ?? 0 > 0, "no photo was stored before the kills: \(storedAfterKills)")
        #expect(storedAfterKills.first ?? 21 < 21, "the first kill came mid-album: \(storedAfterKills)")
        held.open()
        let completed = try await harness.json("fetch", pin, "--config", config)
        #expect(completed.photos.count == 21)
        #expect(completed.photos.allSatisfy { $0["state"] as? String == "stored" })
        #expect(Set(completed.photos.compactMap { $0["id"] as? String }).count == 21)
        for photo in completed.photos { #expect(try sha256sum(photo["path"] as! String) == photo["sha256"] as? String) }
        let verified = try await harness.json("store", "verify")
        #expect(verified["ok"] as? Bool == true)
        #expect((verified["orphans"] as? [Any])?.isEmpty == true)
        let tmp = try FileManager.default.contentsOfDirectory(atPath: harness.store + "/tmp")
        #expect(tmp.isEmpty, "tmp/ still holds \(tmp)")
    }

    /// Stored photos as the album file records them now (read directly: tourist may be mid-write,
    /// but the file is replaced atomically).
    func recordedPhotos(_ harness: Harness, _ pin: String) -> Int {
        guard let data = FileManager.default.contents(atPath: harness.store + "/index/albums/\(pin).json"),
            let album = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return 0 }
        return ((album["photos"] as? [[String: Any]]) ?? []).filter { $0["state"] as? String == "stored" }.count
    }
}
