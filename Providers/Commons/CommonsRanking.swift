import Foundation
import TouristCore

/// A file GeoData found, ranked by its distance from the search's centre.
struct RankedFile: Sendable, Equatable {
    let pageID: Int
    let title: String
    let distanceMetres: Double
}

/// The photos of a search circle in the order Commons search pages list them: tile by tile (nearest
/// tile first, see `CommonsTiling`), each tile's new photos nearest first. Built with `geosearch` +
/// `coordinates` + the MIME type only (500 files per request: image info without a thumbnail width
/// is not held to 50 files), for pages past the first.
struct CommonsRanking: Sendable {
    /// The ranked photos, at least as many as asked for when the circle has them.
    var files: [RankedFile] = []
    /// Whether every photo of the circle is in `files` (no tile is left to search).
    var complete = false
    /// Geosearch requests made.
    var searches = 0

    /// The most geosearch requests one ranking may make (dense places refined many times over).
    static let maxSearches = 64

    /// Ranks photos within `radiusMetres` of `center` (those `keep` takes: all by default) until
    /// `needed` are known or the circle is done.
    static func build(
        center: GeoPoint, radiusMetres: Double, needed: Int, keep: (CommonsPage) -> Bool = { _ in true },
        search: (CommonsTile, Int) async throws -> [CommonsPage]
    ) async throws -> CommonsRanking {
        var ranking = CommonsRanking()
        var queue = CommonsTiling.cover(center: center, radiusMetres: radiusMetres)
        var seen = Set<Int>()
        func nearestEdge(_ tile: CommonsTile) -> Double { max(0, tile.center.distanceKm(to: center) * 1000 - tile.radiusMetres) }
        while !queue.isEmpty, ranking.files.count < needed, ranking.searches < maxSearches {
            let tile = queue.removeFirst()
            let pages = try await search(tile, CommonsTiling.maxPerSearch)
            ranking.searches += 1
            var fresh: [RankedFile] = []
            for page in pages {
                guard let pageID = page.pageid, isPhoto(page), keep(page), let distance = distance(of: page, from: center),
                    distance <= radiusMetres, seen.insert(pageID).inserted
                else { continue }
                fresh.append(RankedFile(pageID: pageID, title: page.title, distanceMetres: distance))
            }
            ranking.files += fresh.sorted { ($0.distanceMetres, $0.pageID) < ($1.distanceMetres, $1.pageID) }
            if pages.count >= CommonsTiling.maxPerSearch {
                // Full: the files nearest the tile's centre are known up to the farthest of them.
                let known = pages.compactMap { distance(of: $0, from: tile.center) }.max() ?? 0
                queue += CommonsTiling.refine(tile, knownMetres: known)
                queue.sort { (nearestEdge($0), $0.radiusMetres) < (nearestEdge($1), $1.radiusMetres) }
            }
        }
        ranking.complete = queue.isEmpty
        return ranking
    }

    /// Whether a page is a photo: its file exists and is of a photo's MIME type.
    static func isPhoto(_ page: CommonsPage) -> Bool {
        guard page.missing != true, page.invalid != true, let mime = page.imageinfo?.first?.mime else { return false }
        return CommonsCandidates.photoTypes.contains(mime.lowercased())
    }

    /// Metres from `point` to the nearest of the page's coordinates; nil when it lists none.
    static func distance(of page: CommonsPage, from point: GeoPoint) -> Double? {
        page.coordinates?.compactMap { coordinate in
            (try? GeoPoint(latitude: coordinate.lat, longitude: coordinate.lon)).map { $0.distanceKm(to: point) * 1000 }
        }.min()
    }
}
