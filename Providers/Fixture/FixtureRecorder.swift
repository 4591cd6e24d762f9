import Foundation
import TouristCore

/// Records what a provider (any configured one: Flickr, a plugin, a folder) answers near a place as
/// a fixture set (`manifest.json` plus one file per photo and size) that the fixture provider serves
/// offline: real answers become a test set, or a demo of a place without a network.
///
/// Photos come from one search through the provider's limits and retries; each size is fetched
/// (the nearest the photo has) into a file in the folder, checked to be an image, and written
/// atomically; the manifest is written last, so a folder with a manifest is always complete.
/// Photos without a location are left out (a fixture photo needs one), as are photos none of whose
/// sizes could be fetched; both are counted in the result.
public struct FixtureRecorder: Sendable {
    public let provider: ConfiguredProvider
    public let retryPolicy: RetryPolicy
    public let downloads: TouristConfig.Downloads

    public init(provider: ConfiguredProvider, retryPolicy: RetryPolicy, downloads: TouristConfig.Downloads) {
        self.provider = provider
        self.retryPolicy = retryPolicy
        self.downloads = downloads
    }

    /// What a recording wrote, and what it left out.
    public struct Recording: Sendable, Encodable {
        public var folder: String
        public var photos: Int
        public var files: Int
        public var bytes: Int
        /// Photos found without a location.
        public var withoutLocation: Int
        /// Photos whose every size failed, with why (the first failure).
        public var failed: [String]
        /// Why the provider gave nothing, when it gave nothing.
        public var failures: [ProviderFailure]
    }

    /// Records up to `count` photos within `radiusKm` of `center` in `sizes` into `folder` (made
    /// when missing). A folder that already holds a manifest is refused unless `replace`.
    public func record(center: GeoPoint, radiusKm: Double, count: Int, sizes: [PhotoSize], into folder: String, replace: Bool) async throws
        -> Recording
    {
        let manifestPath = folder + "/manifest.json"
        if FileManager.default.fileExists(atPath: manifestPath), !replace {
            throw StoreError(
                .unusable,
                "\(folder) already holds a fixture set (manifest.json); nothing was written. Choose another folder, or pass --force to replace it"
            )
        }
        let found = await Router(providers: [provider], retryPolicy: retryPolicy).search(
            center: center, radiusKm: radiusKm, count: count, exclude: [])
        var recording = Recording(folder: folder, photos: 0, files: 0, bytes: 0, withoutLocation: 0, failed: [], failures: found.failures)
        let located = found.candidates.filter { $0.location != nil }
        recording.withoutLocation = found.candidates.count - located.count
        guard !located.isEmpty else { return recording }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fetched = try await fetchAll(located, sizes: sizes, into: folder)
        var entries: [FixtureManifest.Entry] = []
        for (index, photo) in located.enumerated() {
            let files = fetched[index].files
            guard !files.isEmpty, let location = photo.location else {
                recording.failed.append("\(photo.key): \(fetched[index].error ?? "no size could be fetched")")
                continue
            }
            recording.files += files.count
            recording.bytes += fetched[index].bytes
            entries.append(
                FixtureManifest.Entry(
                    id: photo.key.id, title: photo.title, owner: photo.owner, license: photo.license, takenAt: photo.takenAt,
                    latitude: location.latitude, longitude: location.longitude, files: files,
                    licenseURL: photo.licenseURL?.absoluteString, pageURL: photo.pageURL?.absoluteString
                ))
        }
        recording.photos = entries.count
        guard !entries.isEmpty else { return recording }
        let manifest = FixtureManifest(
            version: 1, name: "\(provider.name) within \(JSONValue.number(radiusKm).rendered()) km of \(center)", photos: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let sink = try FileSink(directory: folder, maxBytes: Int.max)
        try sink.write(try encoder.encode(manifest) + Data("\n".utf8))
        _ = try sink.move(to: manifestPath)
        return recording
    }

    /// The files fetched for one photo (size letter → file name), their bytes, and the first error.
    private struct Fetched: Sendable {
        var files: [String: String] = [:]
        var bytes = 0
        var error: String?
    }

    /// Fetches every photo's sizes, `downloads.concurrency` at a time, in the photos' order.
    private func fetchAll(_ photos: [PhotoCandidate], sizes: [PhotoSize], into folder: String) async throws -> [Fetched] {
        var results = [Fetched](repeating: Fetched(), count: photos.count)
        try await withThrowingTaskGroup(of: (Int, Fetched).self) { group in
            var next = 0
            func startNext() {
                guard next < photos.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await fetch(photos[index], number: index + 1, sizes: sizes, into: folder)) }
            }
            for _ in 0..<max(1, downloads.concurrency) { startNext() }
            while let (index, fetched) = try await group.next() {
                results[index] = fetched
                startNext()
            }
        }
        return results
    }

    /// The sizes of one photo (each the nearest it has; a size reached twice is fetched once).
    private func fetch(_ photo: PhotoCandidate, number: Int, sizes: [PhotoSize], into folder: String) async -> Fetched {
        var fetched = Fetched()
        let chosen = sizes.compactMap { photo.source(nearest: $0)?.size }.reduce(into: [PhotoSize]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        let base = String(format: "%03d-", number) + Self.safeName(photo.key.id)
        for size in chosen {
            do {
                let (name, bytes) = try await retryPolicy.run {
                    try await withTimeout(downloads.timeoutSeconds, what: "fetching \(photo.key) size \(size.rawValue)") {
                        [provider, maxBytes = downloads.maxPhotoBytes] in
                        let sink = try FileSink(directory: folder, maxBytes: maxBytes)
                        try await provider.fetch(photo, size: size, into: sink)
                        guard let mime = ImageFormat.mimeType(of: sink.head) else {
                            throw ProviderError.invalidResponse("the data received is not an image")
                        }
                        let name = "\(base)-\(size.rawValue).\(ImageFormat.fileExtension(for: mime))"
                        return (name, try sink.move(to: folder + "/" + name))
                    }
                }
                fetched.files[size.rawValue] = name
                fetched.bytes += bytes
            } catch {
                fetched.error = fetched.error ?? ((error as? ProviderError)?.description ?? "\(error)")
            }
        }
        return fetched
    }

    /// A provider id as a short, safe file name part.
    static func safeName(_ id: String) -> String {
        let kept = id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") ? $0 : "_" }
        return String(String(kept).suffix(60)).trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}
