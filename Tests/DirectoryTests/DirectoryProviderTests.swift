import Foundation
import Glibc
import GeotaggedPhotos
import Logging
import ProviderExpectations
import Testing
import TestSupport
@testable import TouristCore
@testable import Directory

/// The directory provider on folders of photos written here, with its scan index in a temporary
/// state folder: searches, fetches, the index's reuse and refresh, and the walking rules.
@Suite struct DirectoryProviderTests {
    let folder = TemporaryDirectory()
    var photos: String { folder.child("photos") }
    var state: String { folder.child("state") }

    static let paris = (latitude: 48.8584, longitude: 2.2945)

    init() throws {
        try FileManager.default.createDirectory(atPath: folder.child("photos/trip/day-2"), withIntermediateDirectories: true)
        // Ten photos spread north of the Eiffel Tower, 100 m apart, in every format.
        for index in 0..<10 {
            let format = GeotaggedPhoto.Format.allCases[index % 5]
            let photo = GeotaggedPhoto(
                latitude: Self.paris.latitude + Double(index) * 0.0009, longitude: Self.paris.longitude,
                takenAt: "2024:05:0\(index % 9 + 1) 10:00:00")
            let sub = index < 5 ? "trip" : "trip/day-2"
            try photo.write(format, to: folder.child("photos/\(sub)/paris-\(index).\(format.fileExtension)"))
        }
        try GeotaggedPhoto(latitude: -33.8568, longitude: 151.2153).write(.jpeg, to: folder.child("photos/sydney.JPG"))
        try GeotaggedPhoto().write(.png, to: folder.child("photos/no-gps.png"))
        _ = try folder.write("photos/notes.jpg", "not a photo")
        _ = try folder.write("photos/readme.txt", "ignored: not a photo extension")
    }

    func provider(_ configure: (inout DirectoryTree) -> Void = { _ in }, indexed: Bool = true) -> DirectoryProvider {
        var tree = DirectoryTree(roots: [photos])
        configure(&tree)
        return DirectoryProvider(
            name: "pictures", tree: tree, indexPath: indexed ? state + "/scan-index" : nil, logger: Logger(label: "test"))
    }

    func scan(_ configure: (inout DirectoryTree) -> Void = { _ in }) throws -> DirectoryScan {
        var tree = DirectoryTree(roots: [photos])
        configure(&tree)
        return try DirectoryScanner(tree: tree, indexPath: state + "/scan-index").scan(cancellation: ScanCancellation())
    }

    func paths(_ scan: DirectoryScan) -> [String] { scan.files.map { String($0.file.path.dropFirst(photos.count + 1)) }.sorted() }

    @Test func passesTheConformanceSuite() async throws {
        let center = try GeoPoint(latitude: Self.paris.latitude, longitude: Self.paris.longitude)
        let empty = try GeoPoint(latitude: 0.5, longitude: 0.5)
        let violations = await ProviderConformance.check(
            provider(), near: center, radiusKm: 2, minimumPhotos: 10, emptyPoint: empty, pageSize: 3)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func searchReturnsLocatedPhotosInTheRadiusNearestFirstWithTheirFileAsSource() async throws {
        let center = try GeoPoint(latitude: Self.paris.latitude + 0.0045, longitude: Self.paris.longitude)  // nearest: paris-5
        let page = try await provider().search(GeoQuery(center: center, radiusKm: 0.25, limit: 10))
        #expect(page.candidates.first?.title == "paris-5.jpg")
        #expect(
            Set(page.candidates.map(\.title)) == ["paris-5.jpg", "paris-4.tiff", "paris-6.png", "paris-3.heic", "paris-7.webp"],
            "250 m: 2 photos each side")
        let first = try #require(page.candidates.first)
        let path = photos + "/trip/day-2/paris-5.jpg"
        #expect(first.key == PhotoKey(provider: "pictures", id: "trip/day-2/paris-5.jpg"), "the path inside the folder")
        #expect(first.sources == [.original: .file(path)])
        #expect(first.takenAt == ExifTags.parseDate("2024:05:06 10:00:00"))
        #expect(abs((first.location?.latitude ?? 0) - (Self.paris.latitude + 0.0045)) < 1e-9)

        let world = try await provider().search(GeoQuery(center: center, radiusKm: 20_000, limit: 100))
        #expect(world.candidates.count == 11, "every located photo within 20,000 km, none without a position")
        #expect(world.candidates.last?.title == "sydney.JPG", "extensions match case-insensitively")
    }

    @Test func fetchStreamsTheFileAndOnlyFilesInsideTheFolders() async throws {
        let provider = provider()
        let center = try GeoPoint(latitude: Self.paris.latitude, longitude: Self.paris.longitude)
        let photo = try #require(try await provider.search(GeoQuery(center: center, radiusKm: 1, limit: 1)).candidates.first)
        let sink = RecordingSink()
        try await provider.fetch(photo, size: .small240, into: sink)
        #expect(Data(sink.bytes) == FileManager.default.contents(atPath: photos + "/trip/paris-0.jpg"))

        var outside = photo
        let secret = try folder.write("secret.jpg", "outside the folders")
        for path in [secret, photos + "/../secret.jpg", "/etc/passwd"] {
            outside.sources = [.original: .file(path)]
            await expectProviderError("not found", retryable: false) {
                try await provider.fetch(outside, size: .original, into: RecordingSink())
            }
        }
        let found = try await provider.photo(id: photo.key.id)
        #expect(found == photo)

        // A file replaced by a FIFO since it was indexed: refused at once, not a read that never ends.
        let pipe = photos + "/trip/paris-0.jpg"
        try FileManager.default.removeItem(atPath: pipe)
        #expect(mkfifo(pipe, 0o644) == 0)
        await expectProviderError("not found", retryable: false) { try await provider.fetch(photo, size: .original, into: RecordingSink()) }
    }

    @Test func aRescanOfAnUnchangedTreeOpensNoFileAndPicksUpChanges() throws {
        let first = try scan()
        #expect(first.read == 13 && first.files.count == 13, "11 located, 1 without GPS, 1 not an image, and readme.txt is not listed")
        #expect(first.skipped.map(\.reason) == [.notAnImage])

        // Same size and modification time, different content: the index answers, the file is not read.
        let path = photos + "/trip/paris-0.jpg"
        var before = stat()
        #expect(stat(path, &before) == 0)
        try GeotaggedPhoto(latitude: 10, longitude: 10, takenAt: "2024:05:01 10:00:00").write(.jpeg, to: path)
        let times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, times, 0) == 0)
        let unchanged = try scan()
        #expect(unchanged.read == 0)
        #expect(unchanged.files.sorted { $0.file.path < $1.file.path } == first.files.sorted { $0.file.path < $1.file.path })

        // A new modification time is a change; new files are read, deleted ones dropped.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: path)
        try GeotaggedPhoto(latitude: 1, longitude: 1).write(.webp, to: photos + "/new.webp")
        try FileManager.default.removeItem(atPath: photos + "/sydney.JPG")
        let changed = try scan()
        #expect(changed.read == 2 && changed.removed == 1 && changed.files.count == 13)
        let moved = try changed.files.first { $0.file.path == path }?.outcome.get().location
        #expect(moved?.latitude == 10 && moved?.longitude == 10)
    }

    @Test func aCancelledScanStopsAndWritesNothing() throws {
        let cancellation = ScanCancellation()
        cancellation.cancel()
        #expect(throws: CancellationError.self) {
            _ = try DirectoryScanner(tree: DirectoryTree(roots: [photos]), indexPath: state + "/scan-index").scan(
                cancellation: cancellation)
        }
        #expect(!FileManager.default.fileExists(atPath: state + "/scan-index"))
        let files = (0..<40).map {
            FoundFile(path: photos + "/trip/paris-\($0 % 5).\(GeotaggedPhoto.Format.allCases[$0 % 5].fileExtension)", size: 0, modified: 0)
        }
        #expect(DirectoryScanner.read(files, cancellation: cancellation).allSatisfy { $0 == nil }, "no file is read once cancelled")
    }

    @Test func aDamagedIndexIsRebuiltNotTrusted() throws {
        _ = try scan()
        let index = state + "/scan-index"
        let bytes = try #require(FileManager.default.contents(atPath: index))
        for cut in [0, 10, bytes.count / 2, bytes.count - 1] {
            #expect(FileManager.default.createFile(atPath: index, contents: bytes.prefix(cut)))
            let rescan = try scan()
            #expect(rescan.read == 13, "an index cut at \(cut) bytes is read again from the files")
        }
        #expect(ScanIndex.decode(Array(bytes)).map { $0.count } == 13)
    }

    @Test func walkingRules() throws {
        try GeotaggedPhoto(latitude: 2, longitude: 2).write(.jpeg, to: photos + "/.hidden.jpg")
        try FileManager.default.createDirectory(atPath: photos + "/.cache", withIntermediateDirectories: true)
        try GeotaggedPhoto(latitude: 2, longitude: 2).write(.jpeg, to: photos + "/.cache/thumb.jpg")
        #expect(mkfifo(photos + "/pipe.jpg", 0o644) == 0)
        #expect(
            !paths(try scan()).contains { $0.contains(".hidden") || $0.contains(".cache") || $0.contains("pipe") },
            "no FIFO is listed (reading one would block)")
        #expect(paths(try scan { $0.includeHidden = true }).filter { $0.hasPrefix(".") }.sorted() == [".cache/thumb.jpg", ".hidden.jpg"])
        #expect(paths(try scan { $0.recursive = false }) == ["no-gps.png", "notes.jpg", "sydney.JPG"])
        #expect(paths(try scan { $0.extensions = ["png"] }) == ["no-gps.png", "trip/day-2/paris-6.png", "trip/paris-1.png"])
    }

    @Test func symbolicLinksAreFollowedOnlyWhenAskedAndNeverOutOfTheRoots() throws {
        let outside = folder.child("elsewhere")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try GeotaggedPhoto(latitude: 3, longitude: 3).write(.jpeg, to: outside + "/outside.jpg")
        let links = FileManager.default
        try links.createSymbolicLink(atPath: photos + "/to-elsewhere", withDestinationPath: outside)
        try links.createSymbolicLink(atPath: photos + "/outside-file.jpg", withDestinationPath: outside + "/outside.jpg")
        try links.createSymbolicLink(atPath: photos + "/trip/day-2/loop", withDestinationPath: "../..")  // back to photos/
        try links.createSymbolicLink(atPath: photos + "/alias", withDestinationPath: "trip")
        try links.createSymbolicLink(atPath: photos + "/favourite.jpg", withDestinationPath: "trip/paris-0.jpg")
        try links.createSymbolicLink(atPath: photos + "/dangling.jpg", withDestinationPath: "nowhere.jpg")

        let plain = paths(try scan())
        #expect(plain.count == 13, "links are not followed by default: \(plain)")

        let followed = paths(try scan { $0.followSymlinks = true })
        #expect(followed.count == 13, "each folder and file once, nothing outside the root, the loop ends: \(followed)")
        #expect(!followed.contains { $0.contains("outside") || $0.contains("dangling") })

        // A root that is itself a link is read; links inside it resolve against the real folder.
        try links.createSymbolicLink(atPath: folder.child("photos-link"), withDestinationPath: photos)
        var tree = DirectoryTree(roots: [folder.child("photos-link")])
        tree.followSymlinks = true
        let throughLink = try DirectoryScanner(tree: tree, indexPath: nil).scan(cancellation: ScanCancellation())
        #expect(throughLink.files.count == 13)
    }

    @Test func severalRootsAndAMissingOne() async throws {
        let second = folder.child("more")
        try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: true)
        try GeotaggedPhoto(latitude: 48.86, longitude: 2.29).write(.heif, to: second + "/more.heic")
        let both = try scan { $0.roots = [photos, second, photos + "/trip"] }
        #expect(both.files.count == 14, "a root inside another is not listed twice")
        // Each id starts with its folder's name; a file of the nested folder is the nested folder's.
        let ids = try await provider { $0.roots = [photos, second, photos + "/trip"] }
            .search(GeoQuery(center: try GeoPoint(latitude: 0, longitude: 0), radiusKm: 20_000, limit: 100)).candidates.map(\.key.id)
        #expect(Set(ids).isSuperset(of: ["more/more.heic", "trip/paris-0.jpg", "trip/day-2/paris-5.jpg", "photos/sydney.JPG"]), "\(ids)")
        #expect(ids.count == 12 && Set(ids).count == ids.count, "\(ids)")

        let missing = provider { $0.roots = [folder.child("no-such-folder")] }
        #expect(
            missing.configurationProblems().map(\.problem) == [
                "the folder \(folder.child("no-such-folder")) cannot be read (No such file or directory)"
            ])
        #expect(provider().configurationProblems().isEmpty)
        let error = await expectProviderError("invalid configuration", retryable: false) {
            _ = try await missing.search(GeoQuery(center: try GeoPoint(latitude: 0, longitude: 0), radiusKm: 1, limit: 1))
        }
        #expect(
            error?.message.contains("no-such-folder cannot be read (No such file or directory). Create it, or correct the path") == true,
            "\(String(describing: error))")
    }

    /// Without a configured coverage, a directory provider covers the box of its located photos:
    /// the router does not ask it for a place far from all of them.
    @Test func theRouterSkipsADirectoryFarFromItsPhotos() async throws {
        let entry = TouristConfig.ProviderEntry(
            name: "pictures", type: "directory", enabled: true, timeoutSeconds: nil, concurrency: nil, coverage: nil,
            options: ProviderOptions(file: "test", path: "providers[0]", values: [:]), written: .null
        )
        let paris = DirectoryProvider(
            name: "pictures", tree: DirectoryTree(roots: [photos + "/trip"]), indexPath: nil, logger: Logger(label: "test"))
        let router = Router(providers: [ConfiguredProvider(entry: entry, provider: paris)])
        let tokyo = await router.search(center: try GeoPoint(latitude: 35.6586, longitude: 139.7454), radiusKm: 50, count: 5, exclude: [])
        #expect(tokyo.failures.map(\.reason.rawValue) == ["outside coverage"])
        let eiffel = await router.search(
            center: try GeoPoint(latitude: Self.paris.latitude, longitude: Self.paris.longitude), radiusKm: 1, count: 5, exclude: [])
        #expect(eiffel.candidates.count == 5 && eiffel.failures.isEmpty)
    }

    @Test func inventoryCountsAndBoundingBox() async throws {
        let inventory = try await provider().inventory()
        #expect(inventory.indexed == 13 && inventory.located == 11 && inventory.skipped == 1)
        let box = try #require(inventory.boundingBox)
        #expect(abs(box.minLatitude - -33.8568) < 1e-9 && abs(box.maxLongitude - 151.2153) < 1e-9)
        #expect(abs(box.maxLatitude - (Self.paris.latitude + 9 * 0.0009)) < 1e-9 && abs(box.minLongitude - Self.paris.longitude) < 1e-9)
    }
}
