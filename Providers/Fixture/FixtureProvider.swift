import Foundation
import Synchronization
import TouristCore

/// Photos from a fixture set on disk, or the demo set built into the binary (the default):
/// deterministic, offline, and able to act slow (`latencyMs`) or failing (`failEvery`) so tests can
/// exercise those paths.
public final class FixtureProvider: PhotoProvider, PhotoLookup, HealthProbePoint, PlaceNaming, WindowFilling {
    public let name: String
    let photos: [FixturePhoto]
    let latency: Duration
    let failEvery: Int
    /// The demo set's places, west to east, when it is the demo set (empty for another set).
    public let placesWithPhotos: [NamedPlace]
    private let requests = Mutex(0)

    /// Loads the set in `folder` (see `FixtureManifest.load`), or the demo set built into the binary
    /// when nil, whose places an empty search names.
    public init(name: String, folder: String?, latencyMs: Int = 0, failEvery: Int = 0) throws {
        self.name = name
        self.photos = try folder.map(FixtureManifest.load) ?? FixtureManifest.loadDemoSet()
        guard !photos.isEmpty else {
            throw InputDataError("fixture set \(folder ?? "demo") lists no photos. Add photos to its manifest.json")
        }
        self.placesWithPhotos = folder == nil ? DemoPlace.places(of: photos).map(\.named) : []
        self.latency = .milliseconds(latencyMs)
        self.failEvery = failEvery
    }

    public func search(_ query: GeoQuery) async throws -> SearchPage {
        try await simulateConditions()
        let nearby =
            photos
            .map { (photo: $0, distance: $0.location.distanceKm(to: query.center)) }
            .filter {
                $0.distance <= query.radiusKm && !query.exclude.contains(key(of: $0.photo)) && query.admits(takenAt: $0.photo.takenAt)
            }
            .sorted { ($0.distance, $0.photo.id) < ($1.distance, $1.photo.id) }
        let limit = max(1, query.limit)
        let start = (max(1, query.page) - 1) * limit
        let pageCount = (nearby.count + limit - 1) / limit
        guard start < nearby.count else { return SearchPage(candidates: [], nextPage: nil, total: nearby.count, pageCount: pageCount) }
        let end = min(start + limit, nearby.count)
        return SearchPage(
            candidates: nearby[start..<end].map { candidate(for: $0.photo) },
            nextPage: end < nearby.count ? max(1, query.page) + 1 : nil,
            total: nearby.count,
            pageCount: pageCount
        )
    }

    /// Its pages hold only photos taken inside a window (by `takenAt`), full.
    public func fillsPages(for window: TimeWindow) -> Bool { true }

    public func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        try await simulateConditions()
        guard photo.key.provider == name, let stored = photos.first(where: { $0.id == photo.key.id }) else {
            throw ProviderError.notFound("fixture set \(name) has no photo \(photo.key.id)")
        }
        switch stored.files[size] {
        case .path(let path): try ProviderError.streamingFile(path, into: sink)
        case .embedded(let file): try sink.write(file.bytes)
        case nil: throw ProviderError.notFound("fixture photo \(photo.key.id) has no size \(size.rawValue)")
        }
    }

    public func photo(id: String) async throws -> PhotoCandidate {
        guard let stored = photos.first(where: { $0.id == id }) else {
            throw ProviderError.notFound("fixture set \(name) has no photo \(id)")
        }
        return candidate(for: stored)
    }

    /// The first photo's location: a search there always finds something.
    public var probePoint: GeoPoint {
        photos[0].location
    }

    private func key(of photo: FixturePhoto) -> PhotoKey { PhotoKey(provider: name, id: photo.id) }

    private func candidate(for photo: FixturePhoto) -> PhotoCandidate {
        PhotoCandidate(
            key: key(of: photo), title: photo.title, owner: photo.owner, license: photo.license, takenAt: photo.takenAt,
            location: photo.location, sources: photo.files.mapValues(\.source), pageURL: photo.pageURL, licenseURL: photo.licenseURL
        )
    }

    /// Sleeps `latencyMs`, then fails every `failEvery`-th request as unavailable.
    private func simulateConditions() async throws {
        if latency > .zero { try await Task.sleep(for: latency) }
        guard failEvery > 0 else { return }
        let count = requests.withLock { count in
            count += 1
            return count
        }
        if count % failEvery == 0 {
            throw ProviderError.unavailable("fixture provider \(name) simulated a failure (request \(count), failEvery \(failEvery))")
        }
    }
}
