import Foundation
import Testing
import TestSupport
@testable import TouristCore

/// Covering a route's corridor with few queries: every point of the corridor inside some query,
/// boxes within the largest area, and far fewer queries than one every 10 km.
@Suite struct CorridorCoveringTests {
    let route = RouteLine(points: SampleRoutes.points(SampleRoutes.beauvaisToBordeaux))!

    /// Points spread over the corridor: along the line every `stepKm`, at several distances left and
    /// right of it (up to its radius).
    func corridorPoints(_ corridor: RouteCorridor, stepKm: Double = 1.7) -> [GeoPoint] {
        var points: [GeoPoint] = []
        for km in stride(from: 0.0, through: corridor.line.lengthKm, by: stepKm) {
            let here = corridor.line.point(atKm: km)
            for (north, east) in [(0.0, 1.0), (1.0, 0.0), (0.7, 0.7), (-0.7, 0.7)] {
                for fraction in [-0.99, -0.5, 0.5, 0.99] {
                    let km = corridor.radiusKm * fraction
                    let latitude = here.latitude + north * km / 111.1951
                    let longitude = here.longitude + east * km / (111.1951 * cos(here.latitude * .pi / 180))
                    if let point = try? GeoPoint(latitude: latitude, longitude: longitude), corridor.place(point) != nil {
                        points.append(point)
                    }
                }
            }
        }
        return points
    }

    func covers(_ query: GeoQuery, _ point: GeoPoint) -> Bool {
        if let box = query.box { return box.contains(point) }
        return point.distanceKm(to: query.center) <= query.radiusKm
    }

    /// A box's area on the sphere, in km²: its height times its width at its latitude nearest the equator.
    func areaKm2(_ box: GeoBox) -> Double {
        let widest = box.minLatitude > 0 ? box.minLatitude : box.maxLatitude < 0 ? box.maxLatitude : 0
        let height = GeoPoint.distanceKm(box.minLatitude, box.minLongitude, box.maxLatitude, box.minLongitude)
        return height * (box.maxLongitude - box.minLongitude) * 111.1951 * cos(widest * .pi / 180)
    }

    @Test(arguments: [
        SearchShapes(maxBoxAreaKm2: 1000, maxCircleRadiusKm: 32), SearchShapes(maxCircleRadiusKm: 10), .unstated,
        SearchShapes(maxBoxAreaKm2: 400, maxCircleRadiusKm: 10),
    ])
    func everyPointOfTheCorridorIsInsideAQuery(shapes: SearchShapes) throws {
        let corridor = RouteCorridor(line: route, radiusKm: 5)
        let queries = CorridorCovering(corridor: corridor, shapes: shapes).queries(limit: 50).map(\.query)
        let points = corridorPoints(corridor)
        #expect(points.count > 1000)
        let missed = points.filter { point in !queries.contains { covers($0, point) } }
        #expect(missed.isEmpty, "\(missed.count) points of the corridor are in no query, such as \(missed.prefix(3))")
        for query in queries {
            if let box = query.box {
                #expect(areaKm2(box) <= (shapes.maxBoxAreaKm2 ?? 0) + 1e-6)
                #expect(query.radiusKm >= box.enclosingCircle.radiusKm, "the query's circle holds its box")
            } else if let largest = shapes.maxCircleRadiusKm {
                #expect(query.radiusKm <= largest + 1e-9)
            }
        }
    }

    @Test(arguments: [SearchShapes(maxBoxAreaKm2: 1000, maxCircleRadiusKm: 32), SearchShapes(maxCircleRadiusKm: 10), .unstated])
    func aQueryHoldsTheCorridorAlongItsStretch(shapes: SearchShapes) throws {
        // What lets a search read only the queries of the stretches it still needs photos from.
        let corridor = RouteCorridor(line: route, radiusKm: 5)
        let queries = CorridorCovering(corridor: corridor, shapes: shapes).queries(limit: 50)
        #expect(queries.first?.stretchKm.lowerBound == 0 && queries.last?.stretchKm.upperBound == route.lengthKm)
        let missed = corridorPoints(corridor).filter { point in
            let km = route.project(point).kmAlong
            return !queries.contains { $0.stretchKm.contains(km) && covers($0.query, point) }
        }
        #expect(
            missed.isEmpty, "\(missed.count) points of the corridor are outside the query of their stretch, such as \(missed.prefix(3))")
    }

    @Test func farFewerQueriesThanOneEveryTenKilometres() throws {
        let corridor = RouteCorridor(line: route, radiusKm: 5)
        let naive = Int(route.lengthKm / 10) + 1
        #expect(route.lengthKm > 550 && route.lengthKm < 650)
        let flickr = CorridorCovering(corridor: corridor, shapes: SearchShapes(maxBoxAreaKm2: 1000, maxCircleRadiusKm: 32)).queries(
            limit: 50)
        #expect(flickr.count * 4 <= naive, "\(flickr.count) Flickr queries against \(naive)")
        // 10 km circles reach at most 2 × √(10² − 5²) = 17.3 km of a 5 km corridor each: 0.58x at best.
        let circles = CorridorCovering(corridor: corridor, shapes: SearchShapes(maxCircleRadiusKm: 10)).queries(limit: 50).map(\.query)
        #expect(Double(circles.count) <= 0.7 * Double(naive), "\(circles.count) queries of 10 km circles against \(naive)")
        // GeoData's boxes of up to (2 × 10 km)² would save a fifth of them here.
        let boxes = CorridorCovering(corridor: corridor, shapes: SearchShapes(maxBoxAreaKm2: 400, maxCircleRadiusKm: 10)).queries(limit: 50)
            .map(\.query)
        #expect(boxes.count < circles.count && Double(boxes.count) <= 0.55 * Double(naive), "\(boxes.count) against \(circles.count)")
    }

    @Test func aWideCorridorIsAskedInCirclesTwiceItsRadius() throws {
        // Commons answers 10 km circles in one request, but a 20 km corridor does not fit them.
        let corridor = RouteCorridor(line: route, radiusKm: 20)
        let queries = CorridorCovering(corridor: corridor, shapes: SearchShapes(maxCircleRadiusKm: 10)).queries(limit: 50).map(\.query)
        #expect(queries.allSatisfy { $0.box == nil && $0.radiusKm <= 40 + 1e-9 && $0.radiusKm > 20 })
    }

    @Test func photosAreTakenInTurnAlongTheLine() {
        // Nine photos in the first kilometre (a city), one at km 300 and one at km 590.
        let photos = (0..<9).map { ("city\($0)", Double($0) / 10) } + [("middle", 300), ("end", 590)]
        let ordered = RouteSpread.ordered(photos.map { ($0.0, $0.1) }, lengthKm: 600, buckets: 3)
        #expect(Array(ordered.prefix(3)) == ["city0", "middle", "end"])
        #expect(ordered.count == photos.count)
    }
}
