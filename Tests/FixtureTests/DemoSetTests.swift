import Foundation
import Testing
import TouristCore
@testable import Fixture

@Suite struct DemoSetTests {
    @Test func hasSixPlacesOnFourContinentsWithSixtyRealJPEGsWithinThreeKilometresEach() throws {
        let photos = try FixtureManifest.loadDemoSet()
        for (latitude, longitude) in DemoSetRequirements.places {
            let center = try GeoPoint(latitude: latitude, longitude: longitude)
            let near = photos.filter { $0.location.distanceKm(to: center) <= 3 }
            #expect(near.count >= 60, "only \(near.count) photos within 3 km of \(center)")
        }
        // The photos' own positions (the data, not this test's list of places) span at least four
        // continents, by rough boxes: Europe, Oceania, North America, South America, Africa, Asia.
        let continents = Set(
            photos.map { photo -> String in
                switch (photo.location.latitude, photo.location.longitude) {
                case (35..., -25...45): "Europe"
                case (...0, 110...): "Oceania"
                case (15..., -170 ... -50): "North America"
                case (...15, -90 ... -30): "South America"
                case (-40...38, -20...55): "Africa"
                default: "Asia"
                }
            })
        #expect(continents.count >= 4)
        var digests = Set<Data>()
        for photo in photos {
            for (size, file) in photo.files {
                guard case .embedded(let embedded) = file else {
                    Issue.record("\(photo.id) \(size): the demo set is read from a file, not from the binary")
                    continue
                }
                let data = Data(embedded.bytes)
                #expect(ImageFormat.mimeType(of: Array(data.prefix(32))) == "image/jpeg", "\(photo.id) \(size) is not a JPEG")
                #expect(data.count < 60_000, "\(photo.id) \(size) is \(data.count) bytes; demo photos stay small")
                digests.insert(data)
            }
        }
        #expect(digests.count == photos.reduce(0) { $0 + $1.files.count }, "two demo files have the same bytes")
    }
}
