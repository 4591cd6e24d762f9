import Foundation
import Testing
import TouristCore

/// The advice a short new collection gives: a concrete wider radius, typed as a user would.
@Suite struct CollectionShortfallMessageTests {
    func pin(radiusKm: Double) throws -> Pin {
        Pin(id: "3f2a1b4c", name: "Louvre", location: try GeoPoint(latitude: 48.86, longitude: 2.34), radiusKm: radiusKm, createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func theSuggestedRadiusIsTwiceTheOldOneWrittenAsTyped() throws {
        #expect(CollectionShortfall.advice(for: try pin(radiusKm: 5)).hasPrefix("widen the radius with `tourist pin edit 3f2a1b4c --radius 10`, or use another provider"))
        #expect(CollectionShortfall.advice(for: try pin(radiusKm: 0.3333)).contains("--radius 0.667`"))
        #expect(CollectionShortfall.advice(for: try pin(radiusKm: 12_000)).contains("--radius 20000`"))
        #expect(Kilometres.argument(0.0001) == "0.0001")
    }

    @Test func atTheLargestRadiusOnlyAnotherProviderIsSuggested() throws {
        let advice = CollectionShortfall.advice(for: try pin(radiusKm: PinRadius.maximumKm))
        #expect(advice == "use another provider: `--provider NAME` (see `tourist providers`), or add one to the config")
        let shortfall = CollectionShortfall(pin: try pin(radiusKm: PinRadius.maximumKm), found: 1, target: 21)
        #expect(shortfall.message == "the new collection of \"Louvre\" has 1 of 21 photos: only 1 unseen photo was left within 20000 km. For more, \(advice)")
    }
}
