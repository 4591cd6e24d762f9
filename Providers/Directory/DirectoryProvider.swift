import Foundation
import Logging
import Synchronization
import TouristCore

/// The user's own geotagged photos, from one or more folders on disk: offline and fast.
///
/// The first search of a command brings the provider's scan index up to date (`DirectoryScanner`:
/// only new and changed files are opened, and only their headers and EXIF block are read), then
/// every search of that command uses it. A search returns the located photos within the radius,
/// nearest first (ties by path), titled by file name, with the file's path relative to its folder as
/// id (`DirectoryPhotoIDs`) and its absolute path as source, and the camera that took it.
/// Files that give no photo are counted: one summary line per command, one line each under
/// `--verbose`. `fetch` streams the file as it is (the original size, whatever size is asked for),
/// and only files inside the configured folders.
public final class DirectoryProvider: PhotoProvider, PhotoLookup, PhotoInventoryReporting, ConfigurationChecking, WindowFilling {
    public let name: String
    let tree: DirectoryTree
    let scanner: DirectoryScanner
    let logger: Logger
    private let catalog = Mutex<Task<DirectoryCatalog, any Error>?>(nil)

    init(name: String, tree: DirectoryTree, indexPath: String?, logger: Logger) {
        self.name = name
        self.tree = tree
        self.scanner = DirectoryScanner(tree: tree, indexPath: indexPath)
        self.logger = logger
    }

    public func search(_ query: GeoQuery) async throws -> SearchPage {
        let photos = try await currentCatalog().photos
        let nearby =
            photos
            .map { (photo: $0, distance: $0.location.distanceKm(to: query.center)) }
            .filter {
                $0.distance <= query.radiusKm && !query.exclude.contains(PhotoKey(provider: name, id: $0.photo.id))
                    && query.admits(takenAt: $0.photo.takenAt)
            }
            .sorted { ($0.distance, $0.photo.path) < ($1.distance, $1.photo.path) }
        let limit = max(1, query.limit)
        let page = max(1, query.page)
        let pageCount = (nearby.count + limit - 1) / limit
        let start = (page - 1) * limit
        guard start < nearby.count else { return SearchPage(candidates: [], nextPage: nil, total: nearby.count, pageCount: pageCount) }
        let end = min(start + limit, nearby.count)
        return SearchPage(
            candidates: nearby[start..<end].map { candidate(for: $0.photo) }, nextPage: end < nearby.count ? page + 1 : nil,
            total: nearby.count, pageCount: pageCount
        )
    }

    /// Its pages hold only photos taken inside a window (by their EXIF date), full.
    public func fillsPages(for window: TimeWindow) -> Bool { true }

    public func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        guard photo.key.provider == name, let source = photo.source(nearest: size)?.source else {
            throw ProviderError.notFound("\(photo.key) is not a photo of the directory provider \(name)")
        }
        guard case .file(let path) = source, tree.contains(path) else {
            throw ProviderError.notFound(
                "\(source) is not a file inside the folders of the directory provider \(name) (\(tree.roots.joined(separator: ", ")))")
        }
        try ProviderError.streamingFile(path, into: sink)
    }

    public func photo(id: String) async throws -> PhotoCandidate {
        guard let photo = try await currentCatalog().photos.first(where: { $0.id == id }) else {
            throw ProviderError.notFound("the directory provider \(name) has no located photo \(id) (see `tourist providers --check`)")
        }
        return candidate(for: photo)
    }

    public func inventory() async throws -> PhotoInventory {
        try await currentCatalog().inventory
    }

    /// Configured folders that are missing or not folders.
    public func configurationProblems() -> [ConfigError] {
        tree.roots.enumerated().compactMap { index, root in
            var info = stat()
            return DirectoryWalker.problem(withRoot: root, info: &info).map {
                ConfigError(file: tree.configFile, location: tree.configKey(ofRoot: index), problem: $0.problem, fix: $0.fix + ".")
            }
        }
    }

    private func candidate(for photo: LocatedPhoto) -> PhotoCandidate {
        PhotoCandidate(
            key: PhotoKey(provider: name, id: photo.id), title: (photo.path as NSString).lastPathComponent,
            takenAt: photo.takenAt, location: photo.location, sources: [.original: .file(photo.path)], camera: photo.camera
        )
    }

    /// The catalog of this command: scanned once, on first use, then shared by every search.
    private func currentCatalog() async throws -> DirectoryCatalog {
        let cancellation = ScanCancellation()
        let task = catalog.withLock { current in
            if let current { return current }
            let started = Task { [scanner, name, logger, ids = DirectoryPhotoIDs(roots: tree.roots)] in
                let clock = ContinuousClock()
                let begin = clock.now
                let scan = try await BlockingIO.run { try scanner.scan(cancellation: cancellation) }
                let made = DirectoryCatalog(scan, ids: ids)
                made.report(provider: name, logger: logger, took: clock.now - begin)
                return made
            }
            current = started
            return started
        }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                cancellation.cancel()
            }
        } catch {
            catalog.withLock { if $0 == task { $0 = nil } }  // a later search scans again
            throw error
        }
    }
}

/// A located photo of a scan, as searches use it.
struct LocatedPhoto: Sendable {
    /// The photo's id (see `DirectoryPhotoIDs`).
    var id: String
    var path: String
    var location: GeoPoint
    var takenAt: Date?
    var camera: String?
}

/// What one scan gives the provider's searches: the located photos and the counts of the rest.
struct DirectoryCatalog: Sendable {
    let photos: [LocatedPhoto]
    let inventory: PhotoInventory
    let scan: DirectoryScan

    init(_ scan: DirectoryScan, ids: DirectoryPhotoIDs) {
        self.scan = scan
        photos = scan.files.compactMap { entry in
            guard case .success(let metadata) = entry.outcome, let location = metadata.location,
                let id = ids.id(forPath: entry.file.path)
            else { return nil }
            return LocatedPhoto(id: id, path: entry.file.path, location: location, takenAt: metadata.takenAt, camera: metadata.camera)
        }
        var box: GeoBox?
        for photo in photos {
            let point = photo.location
            guard var current = box else {
                box = GeoBox(
                    minLongitude: point.longitude, minLatitude: point.latitude, maxLongitude: point.longitude, maxLatitude: point.latitude)
                continue
            }
            current.minLongitude = min(current.minLongitude, point.longitude)
            current.maxLongitude = max(current.maxLongitude, point.longitude)
            current.minLatitude = min(current.minLatitude, point.latitude)
            current.maxLatitude = max(current.maxLatitude, point.latitude)
            box = current
        }
        inventory = PhotoInventory(
            indexed: scan.files.count, located: photos.count, skipped: scan.skipped.count, boundingBox: box,
            samplePoint: photos.min { $0.path < $1.path }?.location
        )
    }

    /// The scan's figures under --verbose, with each skipped file; the files this scan skipped
    /// first as one summary line, so a command says it once, not every command after it.
    func report(provider: String, logger: Logger, took: Duration) {
        let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
        logger.debug(
            "\(provider): scanned \(scan.files.count) files in \(String(format: "%.2f", seconds * 1000)) ms (\(scan.read) read, \(scan.files.count - scan.read) unchanged, \(scan.removed) gone); \(photos.count) located"
        )
        for (path, reason) in scan.skipped.sorted(by: { $0.path < $1.path }) { logger.debug("\(provider): skipped \(path): it \(reason)") }
        let skipped = scan.newlySkipped
        guard !skipped.isEmpty else { return }
        let counts = Dictionary(grouping: skipped, by: { $0.reason.category }).map {
            SkippedFile.describe(count: $0.value.count, category: $0.key)
        }.sorted()
        let total = skipped.count == 1 ? "1 file skipped" : "\(skipped.count) files skipped"
        logger.notice("\(provider): \(total): \(counts.joined(separator: ", ")); run with --verbose for each")
    }
}

extension DirectoryTree {
    /// Whether `path` lies inside a root (and, when links are followed, resolves inside one).
    func contains(_ path: String) -> Bool {
        func inside(_ candidate: String, _ roots: [String]) -> Bool {
            roots.contains { candidate.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        guard !path.split(separator: "/").contains(".."), inside(path, roots) else { return false }
        guard let real = DirectoryWalker.realPath(path) else { return true }  // gone: the read reports it
        return inside(real, roots.map { DirectoryWalker.realPath($0) ?? $0 })
    }
}

extension SkippedFile {
    /// The kind of reason, for the summary line.
    var category: String {
        switch self {
        case .unreadable: "unreadable"
        case .notAnImage: "not an image"
        case .damaged: "damaged"
        }
    }

    /// "2 damaged", "1 not an image", "3 not images".
    static func describe(count: Int, category: String) -> String {
        category == "not an image" && count != 1 ? "\(count) not images" : "\(count) \(category)"
    }
}
