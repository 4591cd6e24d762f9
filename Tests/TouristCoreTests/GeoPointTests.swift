import Testing
@testable import TouristCore

@Suite struct GeoPointTests {
    @Test func distancesMatchKnownValues() throws {
        // One degree of longitude on the equator: 2πR/360.
        let origin = try GeoPoint(latitude: 0, longitude: 0)
        #expect(abs(origin.distanceKm(to: try GeoPoint(latitude: 0, longitude: 1)) - 111.1951) < 0.001)
        // Paris (Notre-Dame) to London (Charing Cross): 343.5 km on the sphere.
        let paris = try GeoPoint(latitude: 48.8530, longitude: 2.3499)
        let london = try GeoPoint(latitude: 51.5073, longitude: -0.1276)
        #expect(abs(paris.distanceKm(to: london) - 343.5) < 1.0)
        // Antipodes: half the circumference, πR.
        let antipode = try GeoPoint(latitude: 0, longitude: 180)
        #expect(abs(origin.distanceKm(to: antipode) - 20015.1) < 0.1)
        // Across the antimeridian: Fiji (−17.7, 178) to Samoa-ish (−17.7, −178) is short, not half the globe.
        let west = try GeoPoint(latitude: -17.7, longitude: 178), east = try GeoPoint(latitude: -17.7, longitude: -178)
        #expect(west.distanceKm(to: east) < 430)
        #expect(origin.distanceKm(to: origin) == 0)
    }

    @Test func parsesTheFormsPeopleType() throws {
        #expect(try GeoPoint.parse(["-33.8568", "151.2153"]) == GeoPoint(latitude: -33.8568, longitude: 151.2153))
        #expect(try GeoPoint.parse(["40.6892,-74.0445"]) == GeoPoint(latitude: 40.6892, longitude: -74.0445))
        #expect(try GeoPoint.parse(["geo:48.8584,2.2945;u=35"]) == GeoPoint(latitude: 48.8584, longitude: 2.2945))
        #expect(try GeoPoint.parse(["geo:48.8584,2.2945,300"]) == GeoPoint(latitude: 48.8584, longitude: 2.2945))
        #expect(try GeoPoint.parse(["90", "-180"]) == GeoPoint(latitude: 90, longitude: -180))
    }

    @Test(arguments: [
        (["91", "0"], "latitude 91 is out of range; use a number from -90 to 90"),
        (["0", "181"], "longitude 181 is out of range; use a number from -180 to 180"),
        (["NaN", "0"], "latitude \"NaN\" is not a number; use decimal degrees such as -33.8568"),
        (["48.8", "east"], "longitude \"east\" is not a number; use decimal degrees such as -33.8568"),
        (["inf", "0"], "latitude \"inf\" is not a number; use decimal degrees such as -33.8568"),
        (["1", "2", "3"], "expected a latitude and a longitude, got 3 values: 1 2 3"),
        (["paris"], "\"paris\" is not a coordinate; write LAT LON, LAT,LON or geo:LAT,LON (for example 48.8584 2.2945)"),
    ])
    func refusesBadCoordinates(words: [String], message: String) {
        #expect(throws: GeoPointError(message: message)) { try GeoPoint.parse(words) }
    }

    @Test func describesWithoutLosingPrecision() throws {
        #expect(try GeoPoint(latitude: -33.8568, longitude: 151.2153).description == "-33.8568,151.2153")
        #expect(try GeoPoint(latitude: 0, longitude: -0.0).description == "0,0")
    }

    /// The one way coordinates are written: `%.7f` without trailing zeros, by integer arithmetic.
    @Test func formatsAsSevenDecimalsWithoutTrailingZeros() {
        for (value, text) in [
            (48.8584, "48.8584"), (10, "10"), (-0.00000004, "0"), (-0.00000005, "-0.0000001"), (135.77, "135.77"), (-180, "-180"),
            (1e-7, "0.0000001"),
        ] {
            #expect(GeoPoint.format(value) == text, "\(value)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double.random(in: -180...180, using: &generator)
            var printed = String(format: "%.7f", value)
            while printed.hasSuffix("0") { printed.removeLast() }
            if printed.hasSuffix(".") { printed.removeLast() }
            if printed == "-0" { printed = "0" }
            // printf rounds the exact binary value; both agree but for a tie at the 8th decimal.
            #expect(GeoPoint.format(value) == printed || abs(Double(GeoPoint.format(value))! - value) <= 0.5e-7 + 1e-12, "\(value)")
        }
    }
}
