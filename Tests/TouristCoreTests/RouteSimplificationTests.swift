import Foundation
import Testing
@testable import TouristCore

/// Douglas–Peucker on the sphere (`RouteSimplification`): what it keeps, measured against an
/// independent distance (haversine to points sampled along each kept stretch).
@Suite struct RouteSimplificationTests {
    /// The point `northKm` north and `eastKm` east of `origin`, along the local meridian and parallel.
    static func offset(_ origin: GeoPoint, northKm: Double, eastKm: Double) throws -> GeoPoint {
        let degreesPerKm = 180 / (.pi * GeoPoint.earthRadiusKm)
        var longitude = origin.longitude + eastKm * degreesPerKm / cos(origin.latitude * .pi / 180)
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        return try GeoPoint(latitude: origin.latitude + northKm * degreesPerKm, longitude: longitude)
    }

    /// The distance from `point` to the line through `line`, by haversine to 400 points sampled
    /// along each stretch's great circle (spherical interpolation), which errs high by well under
    /// 1% for a point near the tolerance: no shared code with the simplifier but the unit vectors.
    static func distanceKm(_ point: GeoPoint, to line: [GeoPoint]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let va = SphereVector(a), vb = SphereVector(b)
            let omega = acos(max(-1, min(1, va.dot(vb))))
            for step in 0...400 {
                let t = Double(step) / 400
                let (wa, wb) = omega < 1e-12 ? (1 - t, t) : (sin((1 - t) * omega) / sin(omega), sin(t * omega) / sin(omega))
                let x = wa * va.x + wb * vb.x, y = wa * va.y + wb * vb.y, z = wa * va.z + wb * vb.z
                let latitude = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude = atan2(y, x) * 180 / .pi
                best = min(best, GeoPoint.distanceKm(point.latitude, point.longitude, latitude, longitude))
            }
        }
        return best
    }

    /// A wiggly walk of `count` points from `origin`: about 50 m a step, turning by a deterministic
    /// pseudo-random amount.
    static func walk(from origin: GeoPoint, count: Int) throws -> [GeoPoint] {
        var points = [origin]
        var heading = 0.3, seed: UInt64 = 42
        for _ in 1..<count {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            heading += (Double(seed >> 11) / Double(1 << 53) - 0.5) * 0.6
            points.append(try offset(points[points.count - 1], northKm: 0.05 * cos(heading), eastKm: 0.05 * sin(heading)))
        }
        return points
    }

    @Test(arguments: [0.0, 60.0, 84.0, -45.0])
    func everyPointLeftOutIsWithinTheToleranceAtAnyLatitude(latitude: Double) throws {
        let points = try Self.walk(from: try GeoPoint(latitude: latitude, longitude: 179.5), count: 2000)
        for tolerance in [0.05, 0.3, 2.0] {
            let kept = RouteSimplification.simplified(points, toleranceKm: tolerance)
            #expect(kept.first == points.first && kept.last == points.last)
            #expect(kept.count < points.count && kept.count >= 2)
            // Each point left out against the stretch of the result it stands beside (kept is a
            // subsequence of points: its stretches are found by walking both).
            var worst = 0.0, stretch = 0
            for point in points.dropFirst() {
                if point == kept[stretch + 1] {
                    stretch += 1
                } else {
                    worst = max(worst, Self.distanceKm(point, to: [kept[stretch], kept[stretch + 1]]))
                }
            }
            #expect(stretch == kept.count - 1)
            #expect(worst <= tolerance * 1.01, "at \(latitude)°, tolerance \(tolerance) km: \(worst) km")
        }
    }

    @Test(arguments: [0.0, 80.0])
    func aPointIsKeptWhenItStandsFartherThanTheToleranceInKilometresNotDegrees(latitude: Double) throws {
        // Along a meridian (a great circle), with a point 0.6 km east of it halfway: at 80° that
        // is 0.031° of longitude, which a distance in degrees taken as at the equator makes 3.5 km.
        let start = try GeoPoint(latitude: latitude, longitude: 10)
        let bump = try Self.offset(start, northKm: 20, eastKm: 0.6)
        let line = [start, bump, try Self.offset(start, northKm: 40, eastKm: 0)]
        #expect(RouteSimplification.simplified(line, toleranceKm: 0.5) == line)
        #expect(RouteSimplification.simplified(line, toleranceKm: 0.7) == [line[0], line[2]])
    }

    @Test func aStraightLineAcrossTheAntimeridianBecomesItsEnds() throws {
        let points = try (0...200).map {
            try GeoPoint(latitude: 0, longitude: ($0 < 100 ? 179.0 + Double($0) / 100 : -181.0 + Double($0) / 100))
        }
        #expect(RouteSimplification.simplified(points, toleranceKm: 0.001) == [points[0], points[200]])
    }

    @Test func aLoopBackToItsStartKeepsItsFarSide() throws {
        let start = try GeoPoint(latitude: 46.5, longitude: 6.6)
        let loop = try [
            start, Self.offset(start, northKm: 1, eastKm: 0), Self.offset(start, northKm: 1, eastKm: 1),
            Self.offset(start, northKm: 0, eastKm: 1), start,
        ]
        #expect(RouteSimplification.simplified(loop, toleranceKm: 0.1) == loop)
    }

    @Test func shortLinesAndNoToleranceStayAsTheyAre() throws {
        let two = [try GeoPoint(latitude: 1, longitude: 1), try GeoPoint(latitude: 1, longitude: 1.1)]
        #expect(RouteSimplification.simplified(two, toleranceKm: 100) == two)
        let points = try Self.walk(from: two[0], count: 50)
        #expect(RouteSimplification.simplified(points, toleranceKm: 0) == points)
    }

    @Test func aTrackOfAHundredThousandPointsNeedsNoDeepStack() throws {
        let points = try Self.walk(from: try GeoPoint(latitude: 42.9, longitude: -1.2), count: 100_000)
        let kept = RouteSimplification.simplified(points, toleranceKm: 0.5)
        #expect(kept.count > 2 && kept.count < points.count / 10)
        #expect(RouteTrack(name: "T", segments: [points, points]).simplified(toleranceKm: 0.5).segments == [kept, kept])
    }
}
