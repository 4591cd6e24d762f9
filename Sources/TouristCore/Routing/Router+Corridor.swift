import Foundation

extension Router {
    /// Reads one provider's queries covering `corridor` (`CorridorCovering` by its `SearchShapes`):
    /// page 1 of each in the line's order, then, while fewer than `count` photos of the corridor
    /// were found, the next page of each query that has one, in turn. Only photos inside the
    /// corridor are kept, each once, in the order found.
    func collect(
        from configured: ConfiguredProvider, along corridor: RouteCorridor, count: Int, exclude: Set<PhotoKey>, requests: inout Int
    ) async throws -> [PhotoCandidate] {
        let name = configured.entry.name
        let shapes = (configured.provider as? any CorridorSearching)?.searchShapes ?? .unstated
        let pageSize = min(count + exclude.count, max(count, Self.maxPageSize))
        var pending = CorridorCovering(corridor: corridor, shapes: shapes).queries(limit: pageSize, exclude: exclude)
        logger.debug(
            "\(name): \(Plural.count(pending.count, "query", "queries")) cover the route's \(Kilometres.text(corridor.line.lengthKm.rounded()))"
        )
        var found: [PhotoCandidate] = []
        var seen = exclude
        var round = 1
        while !pending.isEmpty, round <= maxPages, round == 1 || found.count < count {
            var next: [GeoQuery] = []
            for var query in pending {
                let shape =
                    query.box.map { "box \($0.minLongitude),\($0.minLatitude),\($0.maxLongitude),\($0.maxLatitude)" }
                    ?? "\(Format.number(query.radiusKm)) km around \(query.center)"
                let result = try await configured.search(
                    query, retryPolicy: retryPolicy, log: RetryLog(logger, "\(name): \(shape), page \(query.page)"))
                requests += 1
                let before = found.count
                for candidate in result.candidates where seen.insert(candidate.key).inserted {
                    if let location = candidate.location, corridor.place(location) != nil { found.append(candidate) }
                }
                logger.debug(
                    "\(name): \(shape), page \(query.page): \(result.candidates.count) candidates, \(found.count - before) in the corridor")
                if let page = result.nextPage {
                    query.page = page
                    next.append(query)
                }
            }
            pending = next
            round += 1
        }
        return found
    }
}
