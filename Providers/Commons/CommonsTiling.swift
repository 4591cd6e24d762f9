import Foundation
import TouristCore

/// A disc GeoData's geosearch is asked about: `ggscoord` and `ggsradius`.
struct CommonsTile: Sendable, Equatable {
    var center: GeoPoint
    var radiusMetres: Double
}

/// How a search circle is cut into the discs GeoData can search.
///
/// GeoData takes a radius of 10 to 10,000 m (a larger one is an error), returns at most 500 files
/// per search (the nearest to the disc's centre) and has no continuation. A circle wider than 10 km
/// is covered by 10 km tiles; a tile that comes back full (500 files, all within some distance `d`
/// of its centre) is known only up to `d`, so it is covered again by smaller tiles of radius `d`,
/// leaving out those inside the part already known.
///
/// Covers use the hexagonal lattice: discs of radius `t` centred `√3·t` apart cover the plane, and
/// every point of a circle of radius `R` lies in a disc whose centre is within `R + t` of the circle's.
enum CommonsTiling {
    static let maxRadiusMetres = 10_000.0
    static let minRadiusMetres = 10.0
    /// The most files one geosearch gives an anonymous client.
    static let maxPerSearch = 500

    /// Tiles covering the circle of `radiusMetres` around `center`, nearest first; one tile when the
    /// circle fits in one search.
    static func cover(center: GeoPoint, radiusMetres: Double) -> [CommonsTile] {
        let radius = max(minRadiusMetres, radiusMetres)
        guard radius > maxRadiusMetres else { return [CommonsTile(center: center, radiusMetres: radius)] }
        return cover(center: center, radiusMetres: radius, tileRadius: maxRadiusMetres)
    }

    /// Tiles of `tileRadius` covering the circle, ordered by distance from `center` (then by bearing).
    static func cover(center: GeoPoint, radiusMetres: Double, tileRadius: Double) -> [CommonsTile] {
        let spacing = 3.0.squareRoot() * tileRadius
        let reach = radiusMetres + tileRadius
        let steps = Int((reach / spacing).rounded(.up)) + 1
        var offsets: [(east: Double, north: Double, distance: Double, bearing: Double)] = []
        for row in -steps...steps {
            for column in -steps...steps {
                let east = (Double(column) + Double(row) / 2) * spacing
                let north = Double(row) * spacing * 3.0.squareRoot() / 2
                let distance = (east * east + north * north).squareRoot()
                guard distance <= reach else { continue }
                offsets.append((east, north, distance, atan2(east, north)))
            }
        }
        offsets.sort { ($0.distance, $0.bearing) < ($1.distance, $1.bearing) }
        return offsets.map {
            CommonsTile(center: center.moved(km: $0.distance / 1000, bearing: $0.bearing * 180 / .pi), radiusMetres: tileRadius)
        }
    }

    /// Smaller tiles covering `tile` where a full answer left it unknown: `tile` gave the 500 files
    /// nearest its centre, the farthest `knownMetres` away. Empty when the tiles cannot get smaller.
    static func refine(_ tile: CommonsTile, knownMetres: Double) -> [CommonsTile] {
        guard tile.radiusMetres > minRadiusMetres else { return [] }
        let smaller = max(minRadiusMetres, min(knownMetres, tile.radiusMetres / 2))
        return cover(center: tile.center, radiusMetres: tile.radiusMetres, tileRadius: smaller).filter { part in
            part.center.distanceKm(to: tile.center) * 1000 + part.radiusMetres > knownMetres
        }
    }
}
