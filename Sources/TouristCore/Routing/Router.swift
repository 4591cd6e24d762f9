import Foundation
import Logging

/// What the router found for one query.
public struct RouteResult: Sendable {
    /// Photos found, nearest first, none excluded, none twice.
    public var candidates: [PhotoCandidate]
    /// The providers that answered empty or failed, in the order they were asked.
    public var failures: [ProviderFailure]
    /// The pages read, per provider.
    public var pages = PageHistory()
    /// The search requests made (pages asked for), per provider.
    public var requests: [String: Int] = [:]
    /// Photos left out because they carry no taken date while the query has a window, per
    /// provider (only the providers that gave some).
    public var undated: [String: Int] = [:]

    /// Adds `other`'s pages, requests and photos left out undated.
    mutating func count(_ other: RouteResult) {
        pages.merge(other.pages)
        requests.merge(other.requests, uniquingKeysWith: +)
        undated.merge(other.undated, uniquingKeysWith: +)
    }
}

/// Chooses providers for a query by the configured strategy.
///
/// `first`: providers in config order; the first that returns photos answers; an error, a time-out
/// or an empty result falls through to the next. Each page request is retried by `retryPolicy`
/// (transient errors only) within the provider's `timeoutSeconds`. A provider whose coverage (the
/// config's `coverage`, else for a provider that indexes its photos, their bounding box) the query's
/// circle does not meet is not asked.
///
/// `merge`: every provider is asked at once, each under its own time-out; the photos are
/// interleaved by distance from the center, each keeping the provider it came from, and the first
/// `count` are kept (a photo the same provider returns twice is kept once; the same bytes from two
/// providers are found once fetched, by the album, which keeps one).
///
/// A provider whose host could not be reached (its name did not resolve, or it refused the
/// connection) is asked once, not retried, and then left alone for `cooldown.duration` while
/// another provider can answer: it is passed by with the same failure, and asked again once the
/// time is up. When no other provider answers a query, it is asked anyway.
///
/// With a time window, every answer is checked against it by the photos' `takenAt` (whether or not
/// the provider filtered already): a photo taken outside is left out, and one with no date is left
/// out and counted (`RouteResult.undated`); pages are read on until `count` photos are inside.
///
/// At debug level (`--verbose`) it logs which provider answered and why each other one did not
/// (outside its coverage, over its budget, failed, empty, could not be reached), every page it
/// reads, and every retry with its wait and reason.
public struct Router: Sendable {
    public let providers: [ConfiguredProvider]
    public let retryPolicy: RetryPolicy
    public let strategy: TouristConfig.Strategy
    /// The most pages read from one provider for one query, so a provider that pages forever cannot
    /// hold a fetch.
    public var maxPages = 50
    /// The largest page asked for. A page is as large as the photos wanted plus those excluded
    /// (up to this), so one page usually suffices even when many of its photos were seen before.
    public static let maxPageSize = 250
    /// Where the routing decisions and pages read are logged, at debug level.
    public let logger: Logger
    /// The providers left alone for a while because their host could not be reached, shared by
    /// every copy of this router.
    public let cooldown: UnreachableCooldown

    public init(
        providers: [ConfiguredProvider], retryPolicy: RetryPolicy = RetryPolicy(retries: 0), strategy: TouristConfig.Strategy = .first,
        logger: Logger = Logger(label: "tourist", factory: { _ in SwiftLogNoOpLogHandler() }),
        cooldown: UnreachableCooldown = UnreachableCooldown()
    ) {
        self.providers = providers.filter(\.entry.enabled)
        self.retryPolicy = retryPolicy
        self.strategy = strategy
        self.logger = logger
        self.cooldown = cooldown
    }

    /// The provider with this configured name.
    public func provider(named name: String) -> ConfiguredProvider? {
        providers.first { $0.entry.name == name }
    }

    /// Up to `count` photos within `radiusKm` of `center`, skipping `exclude`, taken inside `window`
    /// when given, by `strategy`. With `fresh`, the pages a pin has read before: each provider
    /// starts at a page not in it. Providers at rest (`cooldown`) are asked only when none of the
    /// others answers.
    public func search(
        center: GeoPoint, radiusKm: Double, count: Int, exclude: Set<PhotoKey>, window: TimeWindow? = nil, fresh: PageHistory? = nil
    ) async -> RouteResult {
        await search(.circle(center: center, radiusKm: radiusKm), count: count, exclude: exclude, window: window, fresh: fresh)
    }

    /// Up to `count` photos in `area`, skipping `exclude`, taken inside `window` when given, by
    /// `strategy`. A corridor's photos are those of the queries covering it (`CorridorCovering`, by
    /// each provider's `SearchShapes`) that lie inside it, ordered to spread along the line
    /// (`RouteSpread`); `fresh` applies to circles only (a corridor's queries each start at page 1,
    /// `exclude` keeps the photos new).
    public func search(_ area: SearchArea, count: Int, exclude: Set<PhotoKey>, window: TimeWindow? = nil, fresh: PageHistory? = nil) async
        -> RouteResult
    {
        let query = Query(area: area, count: count, exclude: exclude, window: window, fresh: area.corridor == nil ? fresh : nil)
        let resting = providers.compactMap { configured in cooldown.rest(of: configured.name).map { (configured, $0.error, $0.remaining) } }
        guard !resting.isEmpty, resting.count < providers.count else { return await route(providers, query) }
        let restingNames = Set(resting.map(\.0.name))
        var result = await route(providers.filter { !restingNames.contains($0.name) }, query)
        guard result.candidates.isEmpty, !Task.isCancelled else {
            for (configured, error, remaining) in resting {
                result.failures.append(await passedBy(configured, resting: error, for: remaining, query))
            }
            return result
        }
        // No other provider answered: ask those at rest anyway.
        let late = await route(resting.map(\.0), query)
        result.candidates = late.candidates
        result.failures += late.failures
        result.count(late)
        return result
    }

    /// The failure of a provider at rest, passed by while others answered: outside its coverage
    /// when the query's circle misses it (no error), else the error that put it to rest.
    private func passedBy(_ configured: ConfiguredProvider, resting error: ProviderError, for remaining: Duration, _ query: Query) async
        -> ProviderFailure
    {
        if let box = (try? await coverage(of: configured)) ?? nil, !box.meets(center: query.center, radiusKm: query.radiusKm) {
            return .outsideCoverage(configured.name, box)
        }
        logger.debug("\(configured.name): skipped: \(Self.unreachable(error)); asked again in \(Self.seconds(remaining)) s")
        return ProviderFailure(provider: configured.name, error: error)
    }

    /// `providers` asked by `strategy`.
    private func route(_ providers: [ConfiguredProvider], _ query: Query) async -> RouteResult {
        let center = query.center
        var result = RouteResult(candidates: [], failures: [])
        switch strategy {
        case .first:
            for configured in providers {
                let answer = await ask(configured, query)
                result.count(answer.result)
                switch answer.outcome {
                case .photos(let found):
                    logger.debug("\(configured.name): chosen: it found \(Self.photoCount(found.count))")
                    result.candidates = query.chosen(found)
                    return result
                case .failure(let failure, let told):
                    if !told { logSkipped(failure) }
                    result.failures.append(failure)
                case .cancelled:
                    return result
                }
            }
        case .merge:
            let answers = await withTaskGroup(of: (Int, Answer).self) { group in
                for (index, configured) in providers.enumerated() {
                    group.addTask { (index, await ask(configured, query)) }
                }
                var answers: [(Int, Answer)] = []
                for await answer in group { answers.append(answer) }
                return answers.sorted { $0.0 < $1.0 }.map(\.1)
            }
            var found: [(candidate: PhotoCandidate, distance: Double, order: Int)] = []
            for (configured, answer) in zip(providers, answers) {
                result.count(answer.result)
                switch answer.outcome {
                case .photos(let photos):
                    logger.debug("\(configured.name): found \(Self.photoCount(photos.count))")
                    let start = found.count
                    found += photos.enumerated().map { ($1, $1.location?.distanceKm(to: center) ?? .infinity, start + $0) }
                case .failure(let failure, let told):
                    if !told { logSkipped(failure) }
                    result.failures.append(failure)
                case .cancelled:
                    break
                }
            }
            // Interleaved by distance from the center (ties: provider order, then each provider's order).
            var seen = Set<PhotoKey>()
            let merged = found.sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
                .map(\.candidate).filter { seen.insert($0.key).inserted }
            result.candidates = query.chosen(merged)
            logger.debug("merged: the \(Self.photoCount(result.candidates.count)) nearest the center kept")
        }
        return result
    }

    /// Logs why a provider gave nothing: not asked (outside its coverage), failed (over its budget,
    /// unauthorized, unavailable, timed out…) or empty.
    private func logSkipped(_ failure: ProviderFailure) {
        logger.debug("\(failure.provider): skipped (\(failure.reason.rawValue)): \(failure.message)")
    }

    /// "1 photo", "21 photos".
    static func photoCount(_ count: Int) -> String {
        "\(Plural.count(count, "photo"))"
    }

    /// Why a host could not be reached, in words: "could not resolve commons.wikimedia.org
    /// (offline?)", "could not connect to 127.0.0.1:8080 (refused, or no route)".
    static func unreachable(_ error: ProviderError) -> String {
        let host = error.unreachableHost ?? "its host"
        switch error.unreachableCause {
        case .nameNotResolved: return "could not resolve \(host) (offline?)"
        case .couldNotConnect, nil: return "could not connect to \(host) (refused, or no route)"
        }
    }

    /// Whole seconds, rounded up: "60".
    static func seconds(_ duration: Duration) -> Int {
        Int((duration / .seconds(1)).rounded(.up))
    }

    /// The size of the pages asked for `count` photos with `excluded` photos excluded: the photos
    /// wanted plus those excluded, up to `maxPageSize`; `windowPageFactor` times the photos wanted
    /// when the pages shrink as photos taken outside a time window are left out (a provider that
    /// is not `WindowFilling` for it).
    static func pageSize(count: Int, excluded: Int, shrinking: Bool) -> Int {
        min((shrinking ? count * windowPageFactor : count) + excluded, max(count, maxPageSize))
    }

    /// The size of the pages `configured` is asked for `wanted`: they shrink when it has a time
    /// window that the provider does not fill its pages for (`WindowFilling`).
    static func pageSize(of configured: ConfiguredProvider, for wanted: Query) -> Int {
        let filling = wanted.window.map { (configured.provider as? any WindowFilling)?.fillsPages(for: $0) ?? false } ?? true
        return pageSize(count: wanted.count, excluded: wanted.exclude.count, shrinking: !filling)
    }

    /// How many times larger pages are read for a search with a time window.
    static let windowPageFactor = 4

    /// Whether `candidate` was taken inside `window` (any photo is, without one); one with no date
    /// is not, and counted in `undated`.
    static func isTaken(_ candidate: PhotoCandidate, within window: TimeWindow?, undated: inout Int) -> Bool {
        guard let window else { return true }
        guard let takenAt = candidate.takenAt else {
            undated += 1
            return false
        }
        return window.contains(takenAt)
    }

    /// One search as the router runs it for each provider.
    struct Query: Sendable {
        var area: SearchArea
        var count: Int
        var exclude: Set<PhotoKey>
        var window: TimeWindow?
        var fresh: PageHistory?

        /// The circle the area lies in (a provider's coverage is tested against it).
        var center: GeoPoint { area.enclosingCircle.center }
        var radiusKm: Double { area.enclosingCircle.radiusKm }

        /// The first `count` of `found`: for a corridor, taken in turn from stretches of the line.
        func chosen(_ found: [PhotoCandidate]) -> [PhotoCandidate] {
            guard let corridor = area.corridor else { return Array(found.prefix(count)) }
            let placed = found.compactMap { candidate in candidate.location.flatMap(corridor.place).map { (candidate, $0.kmAlong) } }
            return Array(RouteSpread.ordered(placed, lengthKm: corridor.line.lengthKm, buckets: count).prefix(count))
        }
    }

    /// What one provider gave for a query, and the pages it read.
    struct Answer: Sendable {
        enum Outcome: Sendable {
            case photos([PhotoCandidate])
            /// `told`: why was logged already (a host that could not be reached).
            case failure(ProviderFailure, told: Bool = false)
            case cancelled
        }

        var outcome: Outcome
        var pages = PageHistory()
        var requests = 0
        /// Photos left out for carrying no taken date (the query has a window).
        var undated = 0
        let provider: String

        /// The pages, requests and photos left out undated, as a route result counts them.
        var result: RouteResult {
            RouteResult(
                candidates: [], failures: [], pages: pages, requests: requests > 0 ? [provider: requests] : [:],
                undated: undated > 0 ? [provider: undated] : [:])
        }
    }

    /// Asks one provider: skipped when the query is outside its coverage, else its pages are read
    /// until `count` photos are found; no photos is an `empty` failure. A host that could not be
    /// reached puts the provider to rest (`cooldown`), and says so in one line; an answer ends the rest.
    func ask(_ configured: ConfiguredProvider, _ query: Query) async -> Answer {
        let name = configured.entry.name
        var generator = SystemRandomNumberGenerator()
        let order = query.fresh?.freshOrder(for: name, using: &generator)
        // A fresh collection reads at the page size its history was read at, so page numbers match.
        let size = order == nil ? nil : query.fresh?.pageSizes[name]
        var pages = PageHistory()
        var requests = 0
        var undated = 0
        do {
            // Where it has photos, for a report to name when it has none near (not merely none unseen).
            let places = query.exclude.isEmpty ? (configured.provider as? any PlaceNaming)?.placesWithPhotos ?? [] : []
            if let box = try await coverage(of: configured), !box.meets(center: query.center, radiusKm: query.radiusKm) {
                return Answer(outcome: .failure(.outsideCoverage(name, box, places: places)), provider: name)
            }
            let found: [PhotoCandidate]
            if let corridor = query.area.corridor {
                found = try await collect(from: configured, along: corridor, query, requests: &requests, undated: &undated)
            } else {
                found = try await collect(
                    from: configured, query, order: order, pageSize: size, pages: &pages, requests: &requests, undated: &undated)
            }
            cooldown.end(name)
            let empty = ProviderFailure.empty(name, afterExcluding: !query.exclude.isEmpty, window: query.window, places: places)
            return Answer(
                outcome: found.isEmpty ? .failure(empty) : .photos(found), pages: pages, requests: requests, undated: undated,
                provider: name)
        } catch is CancellationError {
            return Answer(outcome: .cancelled, pages: pages, requests: requests, undated: undated, provider: name)
        } catch let error as ProviderError where error.unreachableHost != nil {
            let fresh = cooldown.start(name, after: error)
            if fresh { logger.debug("\(name): \(Self.unreachable(error)); not asked again for \(Self.seconds(cooldown.duration)) s") }
            return Answer(
                outcome: .failure(ProviderFailure(provider: name, error: error), told: fresh), pages: pages, requests: requests,
                undated: undated, provider: name)
        } catch {
            cooldown.end(name)
            return Answer(
                outcome: .failure(ProviderFailure(provider: name, error: error)), pages: pages, requests: requests, undated: undated,
                provider: name)
        }
    }

    /// The configured coverage, else the one the provider declares (a plugin's `hello`), else the
    /// bounding box of an indexing provider's located photos (found within the provider's
    /// time-out); nil when the provider may have photos anywhere.
    func coverage(of configured: ConfiguredProvider) async throws -> GeoBox? {
        if let box = try await configured.statedCoverage() { return box }
        return try await configured.inventory()?.boundingBox
    }

    /// Shuts every provider down (plugins end their processes); call once the command is done.
    public func shutdown() async {
        await withTaskGroup(of: Void.self) { group in
            for configured in providers {
                group.addTask { await configured.shutdown() }
            }
        }
    }

    /// Reads pages of one provider until `query.count` photos are found (taken inside its window,
    /// when it has one; `undated` counts those left out for having no date): the pages of `order`
    /// when given (empty pages skipped), else page 1 and then each page's `nextPage`; at
    /// `fixedPageSize`, else at the photos wanted plus those excluded (up to `maxPageSize`).
    private func collect(
        from configured: ConfiguredProvider, _ wanted: Query, order: [Int]?, pageSize fixedPageSize: Int?, pages: inout PageHistory,
        requests: inout Int, undated: inout Int
    ) async throws -> [PhotoCandidate] {
        let (count, exclude, window) = (wanted.count, wanted.exclude, wanted.window)
        var found: [PhotoCandidate] = []
        var seen = exclude
        var planned = (order ?? []).makeIterator()
        var page: Int? = order == nil ? 1 : planned.next()
        var pagesRead = 0
        let name = configured.entry.name
        let pageSize = fixedPageSize ?? Self.pageSize(of: configured, for: wanted)
        while let current = page, found.count < count, pagesRead < maxPages {
            let query = GeoQuery(
                center: wanted.center, radiusKm: wanted.radiusKm, limit: pageSize, page: current, exclude: exclude, window: window)
            let result = try await configured.search(query, retryPolicy: retryPolicy, log: RetryLog(logger, "\(name): page \(current)"))
            pagesRead += 1
            requests += 1
            pages.record(provider: name, page: current, pageSize: pageSize, pageCount: result.pageCount)
            let before = found.count
            for candidate in result.candidates where seen.insert(candidate.key).inserted && found.count < count {
                if Self.isTaken(candidate, within: window, undated: &undated) { found.append(candidate) }
            }
            let of = result.pageCount.flatMap { $0 >= current ? " of \($0)" : nil } ?? ""
            logger.debug(
                "\(name): page \(current)\(of) (up to \(pageSize) a page): \(result.candidates.count) candidates, \(found.count - before) taken"
            )
            // A page can be empty because the provider skipped excluded photos: only nextPage says the end.
            page = order != nil ? planned.next() : result.nextPage
        }
        return found
    }
}
