import Foundation

/// The rules every `PhotoProvider` keeps (see its doc comment), checked against a real provider,
/// each reported with pass, fail or skip and why: what `tourist providers test` prints, and what
/// every provider's own tests run.
///
///     let report = await ProviderConformance.run(ConformanceSubject(provider), near: point, radiusKm: 3)
///     #expect(report.violations.isEmpty, "\(report.violations)")
public enum ProviderConformance {
    /// A point of the South Pacific far from any land (Point Nemo): no provider should have photos
    /// within a few kilometres of it.
    public static let nowhere = GeoPoint(constantLatitude: -48.8767, longitude: -123.3933)

    /// Checks searching, paging, fetching and looking up near `center`, where the provider must
    /// have at least `minimumPhotos` photos within `radiusKm`, and none within `radiusKm` of
    /// `emptyPoint` (nil: that rule is skipped). Pages are read at `pageSize`.
    public static func run(
        _ subject: ConformanceSubject, near center: GeoPoint, radiusKm: Double, minimumPhotos: Int = 1,
        emptyPoint: GeoPoint? = nowhere, pageSize: Int = 4
    ) async -> ConformanceReport {
        var check = ConformanceCheck(subject: subject, center: center, radiusKm: radiusKm, pageSize: pageSize)
        await check.searching(minimumPhotos: minimumPhotos)
        await check.searchingBoxes()
        await check.fetching()
        await check.lookingUp()
        await check.emptyPlace(emptyPoint)
        return ConformanceReport(provider: subject.name, center: center, radiusKm: radiusKm, rules: check.rules)
    }

    /// `run` on the provider itself, returning one line per broken rule (for a provider's own tests).
    public static func check(
        _ provider: any PhotoProvider, near center: GeoPoint, radiusKm: Double, minimumPhotos: Int = 5,
        emptyPoint: GeoPoint? = nil, pageSize: Int = 4
    ) async -> [String] {
        await run(
            ConformanceSubject(provider), near: center, radiusKm: radiusKm, minimumPhotos: minimumPhotos, emptyPoint: emptyPoint,
            pageSize: pageSize
        ).violations
    }
}

/// What the suite found: one result per rule, in the order checked.
public struct ConformanceReport: Sendable, Encodable {
    public let provider: String
    public let center: GeoPoint
    public let radiusKm: Double
    public let rules: [ConformanceRule]

    /// Whether no rule failed (skipped rules do not count).
    public var passed: Bool { !rules.contains { $0.outcome == .fail } }

    /// One line per failed rule, `provider: rule: why`.
    public var violations: [String] {
        rules.filter { $0.outcome == .fail }.map { "\(provider): \($0.rule): \($0.detail)" }
    }
}

/// One rule's outcome.
public struct ConformanceRule: Sendable, Encodable, Equatable {
    public enum Outcome: String, Sendable, Encodable {
        case pass, fail, skip
    }

    /// What the rule demands, in a few words.
    public let rule: String
    public let outcome: Outcome
    /// What was seen: the evidence for a pass, the reason for a fail or a skip.
    public let detail: String
}

/// A provider as the suite sees it: its requests as closures, so a provider can be checked on its
/// own or with the limits its config sets (`ConfiguredProvider`: concurrency, budget, time-outs).
public struct ConformanceSubject: Sendable {
    public let name: String
    let search: @Sendable (GeoQuery) async throws -> SearchPage
    let fetch: @Sendable (PhotoCandidate, PhotoSize, any BlobSink) async throws -> Void
    /// Nil when the provider cannot look photos up by id.
    let lookup: (@Sendable (String) async throws -> PhotoCandidate)?
    /// Whether `lookup` works (a plugin's `hello` says).
    let canLookUp: @Sendable () async -> Bool
    /// The query shapes it declares (`CorridorSearching`); nil when it declares none.
    let shapes: SearchShapes?

    /// The provider itself, no limits.
    public init(_ provider: any PhotoProvider) {
        name = provider.name
        shapes = (provider as? any CorridorSearching)?.searchShapes
        search = { try await provider.search($0) }
        fetch = { try await provider.fetch($0, size: $1, into: $2) }
        if let looking = provider as? any PhotoLookup {
            lookup = { id in try await looking.photo(id: id) }
            canLookUp = { await looking.canLookUpPhotos }
        } else {
            lookup = nil
            canLookUp = { false }
        }
    }

    /// The provider behind its config's limits; each fetch within `fetchTimeout` seconds.
    public init(_ configured: ConfiguredProvider, fetchTimeout: Double) {
        name = configured.name
        shapes = (configured.provider as? any CorridorSearching)?.searchShapes
        let once = RetryPolicy(retries: 0)
        search = { try await configured.search($0, retryPolicy: once) }
        fetch = { photo, size, sink in
            let box = UncheckedSink(sink)
            try await withTimeout(fetchTimeout, what: "fetching \(photo.key)") {
                try await configured.fetch(photo, size: size, into: box.sink)
            }
        }
        if let looking = configured.provider as? any PhotoLookup {
            lookup = { id in try await configured.photo(id: id, retryPolicy: once) }
            canLookUp = { await looking.canLookUpPhotos }
        } else {
            lookup = nil
            canLookUp = { false }
        }
    }
}

/// A sink handed to a timed task; the suite never writes to it from two tasks at once.
private struct UncheckedSink: @unchecked Sendable {
    let sink: any BlobSink
    init(_ sink: any BlobSink) { self.sink = sink }
}

/// A `BlobSink` that keeps the bytes in memory, for checks.
public final class RecordingSink: BlobSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        bytes.append(contentsOf: chunk)
    }
}
