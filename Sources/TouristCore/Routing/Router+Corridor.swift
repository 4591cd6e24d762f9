import Foundation

extension Router {
    /// Reads one provider's queries covering `corridor` (`CorridorCovering` by its `SearchShapes`),
    /// no more of them than the album needs: page 1 of each in an order spread along the line
    /// (`CorridorProgress.spreadOrder`) until every one of `count` equal stretches of the line has a
    /// photo or has no query left to give one, and `count` photos are found (or every query is
    /// read); then, while fewer than `count` photos of the corridor were found, the next page of
    /// each query read that has one, in turn. Only photos inside the corridor are kept, each once,
    /// in the order found; with a time window, only those taken inside it (`undated` counts those
    /// left out for having no date).
    func collect(
        from configured: ConfiguredProvider, along corridor: RouteCorridor, _ wanted: Query, requests: inout Int, undated: inout Int
    ) async throws -> [PhotoCandidate] {
        let (count, exclude, window) = (wanted.count, wanted.exclude, wanted.window)
        let name = configured.entry.name
        let shapes = (configured.provider as? any CorridorSearching)?.searchShapes ?? .unstated
        let pageSize = Self.pageSize(of: configured, for: wanted)
        let covering = CorridorCovering(corridor: corridor, shapes: shapes).queries(limit: pageSize, exclude: exclude, window: window)
        logger.debug(
            "\(name): \(Plural.count(covering.count, "query", "queries")) cover the route's \(Kilometres.text(corridor.line.lengthKm.rounded()))"
        )
        var progress = CorridorProgress(lengthKm: corridor.line.lengthKm, stretches: count, queries: covering)
        var found: [PhotoCandidate] = []
        var seen = exclude
        var more: [Int: GeoQuery] = [:]
        func read(_ query: GeoQuery) async throws -> GeoQuery? {
            let shape =
                query.box.map { "box \($0.minLongitude),\($0.minLatitude),\($0.maxLongitude),\($0.maxLatitude)" }
                ?? "\(Format.number(query.radiusKm)) km around \(query.center)"
            let result = try await configured.search(
                query, retryPolicy: retryPolicy, log: RetryLog(logger, "\(name): \(shape), page \(query.page)"))
            requests += 1
            let before = found.count
            for candidate in result.candidates where seen.insert(candidate.key).inserted {
                if let location = candidate.location, let place = corridor.place(location),
                    Self.isTaken(candidate, within: window, undated: &undated)
                {
                    found.append(candidate)
                    progress.found(atKm: place.kmAlong)
                }
            }
            logger.debug(
                "\(name): \(shape), page \(query.page): \(result.candidates.count) candidates, \(found.count - before) in the corridor")
            return result.nextPage.map { page in
                var next = query
                next.page = page
                return next
            }
        }
        for index in CorridorProgress.spreadOrder(covering.count) {
            if progress.isSettled, found.count >= count { break }
            progress.read(covering[index])
            more[index] = try await read(covering[index].query)
        }
        var round = 2
        while !more.isEmpty, round <= maxPages, found.count < count {
            for index in more.keys.sorted() {
                guard let query = more[index] else { continue }
                more[index] = try await read(query)
            }
            round += 1
        }
        if found.count < count, more.isEmpty {
            logger.debug("\(name): the corridor has no more photos")
        }
        return found
    }
}
