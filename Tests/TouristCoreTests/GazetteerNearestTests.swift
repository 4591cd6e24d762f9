import Testing
@testable import TouristCore

/// The nearest city to a point, on the real bundled gazetteer.
@Suite struct GazetteerNearestTests {
    let gazetteer: Gazetteer

    init() throws {
        gazetteer = try Gazetteer.bundled()
    }

    @Test func eiffelTowerIsNearParis() throws {
        let nearby = try #require(gazetteer.nearest(to: GeoPoint(latitude: 48.8584, longitude: 2.2945)))
        #expect(nearby.place.displayName == "Paris, FR")
        #expect(nearby.distanceKm < 10)
        #expect(nearby.description == "near Paris, FR")
    }

    @Test func kyotoStationIsNearKyoto() throws {
        let nearby = try #require(gazetteer.nearest(to: GeoPoint(latitude: 34.9858, longitude: 135.7588)))
        #expect(nearby.description == "near Kyoto, JP")
    }

    /// A district GeoNames lists on its own is nearer the Statue of Liberty than New York City's
    /// centre; the city it is known by is the largest within reach.
    @Test func thePlaceAPointIsKnownByIsTheLargestCityWithinReach() throws {
        let liberty = try GeoPoint(latitude: 40.6892, longitude: -74.0445)
        let closest = try #require(gazetteer.nearestIndex.nearest(to: liberty))
        #expect(gazetteer.file.places[closest.place].name != "New York City", "the test needs a nearer place")
        #expect(try #require(gazetteer.nearest(to: liberty)).description == "near New York City, US")
        // Farther out, a town is its own place: Versailles, 17 km from Paris.
        #expect(try #require(gazetteer.nearest(to: try GeoPoint(latitude: 48.8049, longitude: 2.1204))).place.name == "Versailles")
    }

    @Test func midOceanStillHasANearestCity() throws {
        // The middle of the South Pacific, far from any city.
        let nearby = try #require(gazetteer.nearest(to: GeoPoint(latitude: -40, longitude: -130)))
        #expect(nearby.distanceKm > 1_000)
        // Across the antimeridian and at a pole, too.
        #expect(try #require(gazetteer.nearest(to: GeoPoint(latitude: -17.7, longitude: 179.99))).place.countryCode == "FJ")
        #expect(try #require(gazetteer.nearest(to: GeoPoint(latitude: 90, longitude: 0))).distanceKm > 1_000)
    }

    @Test func partsOfACityAreGivenAsTheCity() throws {
        let passy = try #require(gazetteer.places(named: "Paris 16 Passy").first)
        #expect(gazetteer.whole(of: passy)?.displayName == "Paris, FR")
        let mitte = try #require(gazetteer.places(named: "Hamburg-Mitte").first)
        #expect(gazetteer.whole(of: mitte)?.name == "Hamburg")
        #expect(gazetteer.whole(of: try #require(gazetteer.resolve("Kyoto").place)) == nil)
    }

    /// The places within reach against measuring every place: points all over the globe, and
    /// beside the antimeridian and the poles, where a degree of longitude is short.
    @Test func placesWithinReachAgreeWithMeasuringEveryPlace() throws {
        var generator = SystemRandomNumberGenerator()
        let everyPlace = gazetteer.file.places
        let edges = [(64.2, 179.99), (-16.5, -179.95), (78.2, 15.6), (-77.8, 166.7)]
        let random = (0..<150).map { _ in (Double.random(in: -90...90, using: &generator), Double.random(in: -180...180, using: &generator))
        }
        for (latitude, longitude) in edges + random + everyPlace.prefix(50).map({ ($0.location.latitude, $0.location.longitude) }) {
            let point = try GeoPoint(latitude: latitude, longitude: longitude)
            for km in [10.0, 400.0] {
                let found = Set(gazetteer.nearestIndex.places(within: km, of: point).map(\.place))
                let measured = Set(everyPlace.indices.filter { point.distanceKm(to: everyPlace[$0].location) <= km })
                #expect(found == measured, "\(point) within \(km) km")
            }
        }
    }

    /// The index's answer against measuring every place, for points all over the globe.
    @Test func agreesWithMeasuringEveryPlace() throws {
        var generator = SystemRandomNumberGenerator()
        let everyPlace = gazetteer.file.places
        for _ in 0..<200 {
            let point = try GeoPoint(
                latitude: .random(in: -90...90, using: &generator), longitude: .random(in: -180...180, using: &generator))
            let nearest = try #require(gazetteer.nearestIndex.nearest(to: point))
            let closest = try #require(everyPlace.map { point.distanceKm(to: $0.location) }.min())
            #expect(nearest.distanceKm == closest, "\(point)")
        }
    }
}
