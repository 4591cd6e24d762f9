import Foundation
import GeotaggedPhotos
import Testing
import TestSupport

/// The directory provider through the built binary: a config naming a folder (relatively),
/// search, fetch into the store, skipped files on stderr, `providers --check`, a missing folder.
@Suite struct DirectoryEndToEndTests {
    let harness: Harness
    let photos: String
    let config: String

    init() throws {
        harness = try Harness()
        (photos, config) = try harness.ownPhotos(in: "2024")
        // 12 photos north of the Eiffel Tower, 50 m apart, in every format, and one in Sydney.
        for index in 0..<12 {
            let format = GeotaggedPhoto.Format.allCases[index % 5]
            let photo = GeotaggedPhoto(
                latitude: 48.8584 + Double(index) * 0.00045, longitude: 2.2945, altitude: 35,
                takenAt: String(format: "2024:06:%02d 09:15:00", index + 1), width: 4000, height: 3000
            )
            try photo.write(format, to: "\(photos)/2024/eiffel-\(String(format: "%02d", index)).\(format.fileExtension)")
        }
        try GeotaggedPhoto(latitude: -33.8568, longitude: 151.2153).write(.heif, to: photos + "/opera.heic")
        var cut = GeotaggedPhoto(latitude: 48.8584, longitude: 2.2945).bytes(.jpeg)
        cut.removeLast(cut.count - 60)
        FileManager.default.createFile(atPath: photos + "/cut.jpg", contents: Data(cut))
        FileManager.default.createFile(atPath: photos + "/empty.png", contents: Data())
        _ = try harness.folder.write("config/photos/list.webp", "a shopping list, not a photo")
    }

    @Test func searchFetchAndTheSkippedFiles() async throws {
        let search = try await harness.tourist.run([
            "search", "48.8584", "2.2945", "--radius", "0.3", "--count", "5", "--config", config, "--json",
        ])
        #expect(search.status == 0, "\(search.stderr)")
        let found = try #require(try search.json() as? [String: Any]).photos
        #expect(
            found.map { $0["title"] as? String } == [
                "eiffel-00.jpg", "eiffel-01.png", "eiffel-02.webp", "eiffel-03.heic", "eiffel-04.tiff",
            ])
        let first = try #require(found.first)
        #expect(first["id"] as? String == "pictures:2024/eiffel-00.jpg", "the path inside the folder")
        #expect(first["sourceURL"] as? String == "\(photos)/2024/eiffel-00.jpg")
        #expect(first["takenAt"] as? String == "2024-06-01T09:15:00Z")
        #expect(first["latitude"] as? Double == 48.8584 && first["longitude"] as? Double == 2.2945)
        #expect(
            try search.stderrNotes() == ["pictures: 3 files skipped: 1 damaged, 2 not images; run with --verbose for each"],
            "with --json, stderr is one JSON object")

        let verbose = try await harness.run("search", "48.8584", "2.2945", "--config", config, "--verbose")
        for name in ["cut.jpg: it is damaged:", "empty.png: it is not a JPEG", "list.webp: it is not a JPEG"] {
            #expect(verbose.stderr.contains("skipped \(photos)/\(name)"), "\(verbose.stderr)")
        }
        #expect(verbose.stderr.contains("scanned 16 files in "), "the second run reads its index: \(verbose.stderr)")
        #expect(verbose.stderr.contains("(0 read, 16 unchanged, 0 gone); 13 located"), "\(verbose.stderr)")
        // Said once, by the command that met them; a file skipped anew is said then.
        #expect(!verbose.stderr.contains("files skipped"), "\(verbose.stderr)")
        let quiet = try await harness.run("search", "48.8584", "2.2945", "--config", config)
        #expect(!quiet.stderr.contains("skipped"), "\(quiet.stderr)")
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: "\(photos)/notes.jpg"))
        let anew = try await harness.run("search", "48.8584", "2.2945", "--config", config)
        #expect(anew.stderr.contains("tourist: pictures: 1 file skipped: 1 not an image; run with --verbose for each"), "\(anew.stderr)")
        try FileManager.default.removeItem(atPath: "\(photos)/notes.jpg")

        try await harness.run("pin", "add", "48.8600", "2.2945", "--name", "Eiffel", "--radius", "1", "--config", config)
        // The JPEGs are real images; the PNG, WebP, HEIF and TIFF files hold real metadata around
        // bytes no decoder reads (`GeotaggedPhoto`): each is rejected with why, and the next one
        // tried, so the album holds the 3 JPEGs of the 12 within its radius.
        let fetched = try await harness.json("fetch", "Eiffel", "--count", "10", "--config", config).photos
        let album = fetched.filter { $0["state"] as? String == "stored" }
        #expect(Set(album.compactMap { $0["title"] as? String }) == ["eiffel-00.jpg", "eiffel-05.jpg", "eiffel-10.jpg"], "\(fetched)")
        for rejected in fetched where rejected["state"] as? String != "stored" {
            #expect(rejected["state"] as? String == "rejected" && (rejected["error"] as? String)?.contains("image") == true, "\(rejected)")
        }
        for photo in album {
            #expect(photo["width"] as? Int == 4000 && photo["height"] as? Int == 3000, "the size read from the image")
            let original = try #require(photo["sourceURL"] as? String)
            #expect(original.hasPrefix(photos + "/2024/eiffel-"), "the album keeps the original path")
            let blob = try #require(photo["path"] as? String)
            #expect(try sha256sum(blob) == sha256sum(original), "the blob holds the file's exact bytes")
            #expect(photo["sha256"] as? String == (try sha256sum(original)))
        }
        #expect(Set(album.compactMap { $0["mime"] as? String }) == ["image/jpeg"])
        try await harness.run("store", "verify", "--config", config)
    }

    /// A file's path is a photo's id: one with a line break (or a `%`, or a carriage return) is
    /// recorded in `index/refs` as one line, so the store verifies after a fetch, and `store repair`
    /// fixes reference files an older tourist wrote with the raw line break (issue 26, finding 7).
    @Test func aFileNameWithALineBreakKeepsTheStoreWhole() async throws {
        let odd = ["line\nbreak.jpg", "100%\r.jpg"]
        for (index, name) in odd.enumerated() {
            try GeotaggedPhoto(latitude: -33.8568 + Double(index) * 0.0001, longitude: 151.2153).write(.jpeg, to: "\(photos)/\(name)")
        }
        try await harness.run("pin", "add", "-33.8568", "151.2153", "--name", "Opera", "--radius", "0.5", "--config", config)
        let album = try await harness.json("fetch", "Opera", "--config", config).photos
        let ids = album.compactMap { $0["id"] as? String }
        #expect(Set(ids).isSuperset(of: odd.map { "pictures:\($0)" }), "\(ids)")
        // (opera.heic, nearby, holds no image a decoder reads: rejected, see searchFetchAndTheSkippedFiles.)
        #expect(
            album.filter { odd.map { "pictures:\($0)" }.contains($0["id"] as? String ?? "") }.allSatisfy {
                $0["state"] as? String == "stored"
            })
        #expect(try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true)

        // What an older tourist wrote: the raw id, its line break splitting the use in two.
        let broken = try #require(album.first { ($0["id"] as? String)?.contains("\n") == true })
        let sha256 = try #require(broken["sha256"] as? String)
        let refs = harness.store + "/index/refs/\(sha256.prefix(2))/\(sha256)"
        let pin = try #require(try await harness.json("pin", "show", "Opera", "--config", config)["id"] as? String)
        try "\(pin) \(broken["id"] as? String ?? "")\n".write(toFile: refs, atomically: true, encoding: .utf8)
        try await harness.run("store", "verify", "--config", config, expecting: 65)
        try await harness.run("store", "repair", "--config", config)
        #expect(try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true)
    }

    @Test func providersCheckShowsTheIndex() async throws {
        let check = try await harness.json("providers", "--check", "--config", config)
        let row = try #require((check["providers"] as? [[String: Any]])?.first)
        let health = try #require(row["health"] as? [String: Any])
        #expect(health["ok"] as? Bool == true, "\(health)")
        let inventory = try #require(health["inventory"] as? [String: Any])
        #expect(inventory["indexed"] as? Int == 16 && inventory["located"] as? Int == 13 && inventory["skipped"] as? Int == 3)
        let box = try #require(inventory["boundingBox"] as? [Double])
        #expect(
            box.count == 4 && box[0] == 2.2945 && abs(box[1] - -33.8568) < 1e-9 && abs(box[2] - 151.2153) < 1e-9
                && abs(box[3] - (48.8584 + 11 * 0.00045)) < 1e-9)

        let table = try await harness.run("providers", "--check", "--config", config).stdout
        #expect(table.contains("16 files indexed, 13 located, 3 skipped, box 2.2945,-33.8568,151.215,48.8634"), "\(table)")
    }

    @Test func aMissingFolderIsReportedWithTheKeyToFix() async throws {
        let broken = try harness.folder.write(
            "broken.json", #"{ "providers": [ { "name": "pictures", "type": "directory", "path": "~/no-such-folder" } ] }"#)
        let result = try await harness.run("search", "48.8584", "2.2945", "--config", broken, expecting: 78)
        let missing = "the folder \(harness.folder.child("home"))/no-such-folder cannot be read (No such file or directory)"
        #expect(
            result.stderr.contains(
                "pictures is not configured correctly: \(missing). Create it, or correct the path (providers[0].path in \(broken))"),
            "\(result.stderr)")
        let check = try await harness.run("config", "check", "--config", broken, expecting: 78)
        #expect(check.stderr == "tourist: config error: \(broken): providers[0].path: \(missing). Create it, or correct the path.\n")
        // Of several folders, the missing one is named by its index, when searching and when checking.
        let second = try harness.folder.write(
            "second.json", #"{ "providers": [ { "name": "pictures", "type": "directory", "path": [".", "~/no-such-folder"] } ] }"#)
        let searched = try await harness.run("search", "48.8584", "2.2945", "--config", second, expecting: 78)
        #expect(searched.stderr.contains("Create it, or correct the path (providers[0].path[1] in \(second))"), "\(searched.stderr)")
        let checkedSecond = try await harness.run("config", "check", "--config", second, expecting: 78)
        #expect(
            checkedSecond.stderr == "tourist: config error: \(second): providers[0].path[1]: \(missing). Create it, or correct the path.\n")
        let wrongType = try harness.folder.write(
            "wrong.json", #"{ "providers": [ { "name": "pictures", "type": "directory", "path": ["photos", 3] } ] }"#)
        let configError = try await harness.run("config", "check", "--config", wrongType, expecting: 78)
        #expect(
            configError.stderr.contains(
                "providers[0].path[1]: expected a path in double quotes, found a number. Write the list as [\"~/Pictures\", \"/media/photos\"]."
            ), "\(configError.stderr)")
    }
}
