import Foundation
import TouristCore

/// The rules every `PhotoProvider` keeps, checked against a real provider (see `PhotoProvider`'s
/// doc comment). A provider's own test calls `check` and expects no violations:
///
///     let violations = await ProviderConformance.check(provider, near: point, radiusKm: 3)
///     #expect(violations.isEmpty, "\(violations)")
public enum ProviderConformance {
    /// Checks searching, paging and fetching near `center`, where the provider must have at least
    /// `minimumPhotos` photos within `radiusKm`; `emptyPoint` must have none within `radiusKm`.
    /// Returns one line per broken rule.
    public static func check(
        _ provider: any PhotoProvider, near center: GeoPoint, radiusKm: Double, minimumPhotos: Int = 5,
        emptyPoint: GeoPoint? = nil, pageSize: Int = 4
    ) async -> [String] {
        var violations: [String] = []
        func fail(_ text: String) { violations.append("\(provider.name): \(text)") }
        do {
            let first = try await provider.search(GeoQuery(center: center, radiusKm: radiusKm, limit: pageSize, page: 1))
            let again = try await provider.search(GeoQuery(center: center, radiusKm: radiusKm, limit: pageSize, page: 1))
            if first.candidates.map(\.key) != again.candidates.map(\.key) { fail("the same page asked twice gave different photos") }
            if first.candidates.count > pageSize { fail("page 1 has \(first.candidates.count) photos, more than the limit \(pageSize)") }

            var all: [PhotoCandidate] = []
            var page: Int? = 1
            var pages = 0
            while let current = page, pages < 1000 {
                let result = try await provider.search(GeoQuery(center: center, radiusKm: radiusKm, limit: pageSize, page: current))
                if result.candidates.count > pageSize { fail("page \(current) has \(result.candidates.count) photos, more than the limit \(pageSize)") }
                // Nearest first within each page (Flickr cannot sort across pages).
                var previous = 0.0
                for candidate in result.candidates {
                    guard let distance = candidate.location?.distanceKm(to: center) else { continue }
                    if distance + 1e-9 < previous { fail("\(candidate.key) at \(distance) km comes after a photo at \(previous) km on page \(current): not nearest first") }
                    previous = max(previous, distance)
                }
                all += result.candidates
                pages += 1
                if let next = result.nextPage, next <= current { fail("page \(current) names page \(next) as next") }
                page = result.candidates.isEmpty ? nil : result.nextPage
            }
            if all.count < minimumPhotos { fail("found \(all.count) photos within \(radiusKm) km, expected at least \(minimumPhotos)") }
            if Set(all.map(\.key)).count != all.count { fail("a photo appeared on two pages") }
            for candidate in all {
                if candidate.key.provider != provider.name { fail("\(candidate.key) does not name the provider \(provider.name)") }
                if candidate.sources.isEmpty { fail("\(candidate.key) lists no source") }
                guard let location = candidate.location else { continue }
                let distance = location.distanceKm(to: center)
                if distance > radiusKm + 1e-9 { fail("\(candidate.key) is \(distance) km away, outside the radius \(radiusKm) km") }
            }

            if let photo = all.first, let size = photo.sources.keys.sorted().first {
                let once = RecordingSink(), twice = RecordingSink()
                try await provider.fetch(photo, size: size, into: once)
                try await provider.fetch(photo, size: size, into: twice)
                if once.bytes.isEmpty { fail("fetch of \(photo.key) wrote no bytes") }
                if once.bytes != twice.bytes { fail("fetching \(photo.key) twice gave different bytes") }
                if ImageFormat.mimeType(of: Array(once.bytes.prefix(32))) == nil { fail("fetch of \(photo.key) did not write an image") }

                // A URL provider reads the source, not the id: the bogus photo's sources do not exist either.
                var bogus = photo
                bogus.key = PhotoKey(provider: provider.name, id: "no-such-photo-\(UUID().uuidString)")
                bogus.sources = bogus.sources.mapValues(missing)
                do {
                    try await provider.fetch(bogus, size: size, into: RecordingSink())
                    fail("fetching a photo that does not exist succeeded")
                } catch is ProviderError {
                } catch {
                    fail("fetching a photo that does not exist threw \(type(of: error)), not a ProviderError")
                }
            }

            if let emptyPoint {
                let empty = try await provider.search(GeoQuery(center: emptyPoint, radiusKm: radiusKm, limit: pageSize, page: 1))
                if !empty.candidates.isEmpty { fail("found \(empty.candidates.count) photos at \(emptyPoint), where there are none") }
                if empty.nextPage != nil { fail("an empty search names a next page") }
            }
        } catch {
            fail("threw \(error)")
        }
        return violations
    }

    /// A source next to `source` that does not exist: a file path + "-no-such-photo"; a URL with the
    /// same scheme, host and port and its path + "-no-such-photo" (no query, no fragment).
    static func missing(_ source: PhotoSource) -> PhotoSource {
        switch source {
        case .file(let path):
            return .file(path + "-no-such-photo")
        case .url(let url):
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                return .url(url.appendingPathComponent("no-such-photo"))
            }
            components.user = nil
            components.password = nil
            components.query = nil
            components.fragment = nil
            components.percentEncodedPath += "-no-such-photo"
            return .url(components.url ?? url.appendingPathComponent("no-such-photo"))
        }
    }
}

/// A `BlobSink` that keeps the bytes in memory, for checks.
public final class RecordingSink: BlobSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        bytes.append(contentsOf: chunk)
    }
}
