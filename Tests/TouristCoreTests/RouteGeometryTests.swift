import Foundation
import Testing
import TestSupport
@testable import TouristCore

/// A route's line on the sphere: lengths, projections at any latitude and across the antimeridian.
@Suite struct RouteGeometryTests {
    func line(_ points: [(Double, Double)]) throws -> RouteLine {
        try #require(RouteLine(points: try points.map { try GeoPoint(latitude: $0.0, longitude: $0.1) }))
    }

    @Test func lengthsAreMeasuredOnTheSphere() throws {
        let equator = try line([(0, 0), (0, 1), (0, 2)])
        #expect(abs(equator.cumulativeKm[1] - 111.1951) < 0.001)
        #expect(abs(equator.lengthKm - 222.3902) < 0.001)
        // Across the antimeridian the line is short, not around the world.
        let fiji = try line([(-17, 179.9), (-17, -179.9)])
        #expect(fiji.lengthKm < 22 && fiji.lengthKm > 20)
    }

    @Test func aLineNeedsTwoDistinctPoints() throws {
        let here = try GeoPoint(latitude: 1, longitude: 2)
        #expect(RouteLine(points: [here, here]) == nil)
        #expect(RouteLine(points: []) == nil)
        #expect(try RouteLine(points: [here, here, GeoPoint(latitude: 1, longitude: 3)])?.points.count == 2, "repeats are dropped")
    }

    @Test func projectionGivesKilometresAlongAndDistanceFromTheLine() throws {
        let equator = try line([(0, 0), (0, 2)])
        let north = try GeoPoint(latitude: 10 / 111.1951, longitude: 0.5)
        let projection = equator.project(north)
        #expect(abs(projection.kmAlong - 55.598) < 0.01)
        #expect(abs(projection.distanceKm - 10) < 0.001)
        // Beyond an end, the nearest point is that end.
        let beyond = equator.project(try GeoPoint(latitude: 0, longitude: 2.5))
        #expect(abs(beyond.kmAlong - equator.lengthKm) < 1e-6 && abs(beyond.distanceKm - 55.598) < 0.01)
        let before = equator.project(try GeoPoint(latitude: 0.1, longitude: -0.1))
        #expect(before.kmAlong == 0)
    }

    @Test func projectionIsTrueFarFromTheEquator() throws {
        // Along a meridian at 70°N, a point 5 km east of its middle: a degree of longitude there is
        // about 38 km, so a flat-map projection would be far off.
        let meridian = try line([(69, 20), (71, 20)])
        let east = try GeoPoint(latitude: 70, longitude: 20 + 5 / (111.1951 * cos(70 * .pi / 180)))
        let projection = meridian.project(east)
        #expect(abs(projection.distanceKm - 5) < 0.01)
        #expect(abs(projection.kmAlong - 111.195) < 0.05)
        // Across the antimeridian.
        let fiji = try line([(-17, 179.9), (-17, -179.9)])
        let near = fiji.project(try GeoPoint(latitude: -17.01, longitude: 180))
        #expect(abs(near.distanceKm - 1.112) < 0.01 && abs(near.kmAlong - fiji.lengthKm / 2) < 0.05)
    }

    @Test func pointsAlongTheLineProjectBackToTheirKilometre() throws {
        let route = try #require(RouteLine(points: SampleRoutes.points(SampleRoutes.beauvaisToBordeaux)))
        for km in stride(from: 0.0, through: route.lengthKm, by: 37.5) {
            let projection = route.project(route.point(atKm: km))
            #expect(abs(projection.kmAlong - km) < 0.01 && projection.distanceKm < 0.01, "at km \(km)")
        }
    }

    @Test func aLineIsStoredAsPairsAndReadBackBothWays() throws {
        let route = try #require(RouteLine(points: SampleRoutes.points(SampleRoutes.beauvaisToBordeaux)))
        let data = try JSONEncoder().encode(route)
        #expect(try JSONDecoder().decode(RouteLine.self, from: data) == route)
        let parsed = try JSONParser.parse(Array(data))
        #expect(try AlbumFileDecoding.route(parsed) == route)
        let bad = Data(#"{"points": [[91, 0], [0, 1]]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RouteLine.self, from: bad) }
    }
}

extension SampleRoutes {
    /// The points of `route` as `GeoPoint`s.
    static func points(_ route: [(latitude: Double, longitude: Double)]) -> [GeoPoint] {
        route.compactMap { try? GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
    }
}
