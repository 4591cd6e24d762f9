import Foundation
import Testing
@testable import TouristCore

/// How a typed reference finds a pin when it is not exactly an id or a name.
@Suite struct PinFinderTests {
    static func pin(_ id: String, _ name: String) -> Pin {
        Pin(id: id, name: name, location: GeoPoint(constantLatitude: 0, longitude: 0), radiusKm: 1, createdAt: Date())
    }

    let pins = [
        pin("3f2a19c0", "Eiffel Tower"), pin("3f2b0000", "Eiffel Tower Top"), pin("a1b2c3d4", "Kyoto"), pin("0badcafe", "Straße"),
        pin("cafe0001", "Cafe"),
    ]

    @Test func exactThenCaseThenUniquePrefix() {
        #expect(PinFinder.find("Eiffel Tower", in: pins) == .pin(pins[0]))
        #expect(PinFinder.find("eiffel TOWER", in: pins) == .pin(pins[0]), "a name in any case, before prefixes")
        #expect(PinFinder.find("kyo", in: pins) == .pin(pins[2]))
        #expect(PinFinder.find("STRASSE", in: pins) == .pin(pins[3]), "case folding as Unicode does it")
        #expect(PinFinder.find("a1b2", in: pins) == .pin(pins[2]), "an id prefix of 4 digits")
        #expect(PinFinder.find("a1b", in: pins) == .none, "shorter is not an id prefix")
        #expect(PinFinder.find("eiff", in: pins) == .ambiguous([pins[0], pins[1]]))
        #expect(PinFinder.find("3f2", in: pins) == .none)
        #expect(PinFinder.find("3f2a", in: pins) == .pin(pins[0]))
        #expect(PinFinder.find("cafe", in: pins) == .pin(pins[4]), "a name before an id prefix")
        #expect(PinFinder.find("caf", in: pins) == .pin(pins[4]))
        #expect(PinFinder.find("", in: pins) == .none)
        #expect(PinFinder.find("Paris", in: pins) == .none)
        #expect(PinFinder.find("kyoto", in: pins, prefixes: false) == .pin(pins[2]))
        #expect(PinFinder.find("kyo", in: pins, prefixes: false) == .none)
        #expect(PinFinder.find("a1b2", in: pins, prefixes: false) == .none)
    }
}
