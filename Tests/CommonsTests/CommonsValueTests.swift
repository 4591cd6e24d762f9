import Crypto
import Foundation
import Testing
import TouristCore

@testable import Commons

/// The pure parts of the Commons provider: HTML metadata as text, dates, the size table, tiling.
@Suite struct CommonsValueTests {
    @Test func metadataHTMLBecomesOneLineOfText() {
        let artist = "<a href=\"//commons.wikimedia.org/wiki/User:Ann\" title=\"User:Ann\">Ann &amp; Bob</a>"
        #expect(CommonsText.plain(artist) == "Ann & Bob")
        let description =
            "<div class=\"description en\" lang=\"en\"><span class=\"language en\"><b>English: </b></span>The tower<br/>at   dusk &#8211; &#x263A;</div>\n"
        #expect(CommonsText.plain(description) == "English: The tower at dusk – ☺")
        #expect(CommonsText.plain("Fish &chips; &unknown; & more") == "Fish &chips; &unknown; & more")
        #expect(CommonsText.plain(String(repeating: "word ", count: 200), limit: 20).count == 20)
    }

    @Test(arguments: [
        ("2019-06-01 18:30:00", "2019-06-01T18:30:00Z"),
        ("2019:06:01 18:30:00", "2019-06-01T18:30:00Z"),
        ("2019-06-01T18:30", "2019-06-01T18:30:00Z"),
        ("2019-06-01", "2019-06-01T00:00:00Z"),
        ("<time class=\"dtstart\" datetime=\"2012-11-05\" lang=\"en\">5 November 2012</time>", "2012-11-05T00:00:00Z"),
    ])
    func takenDatesInTheFormatsCommonsUses(raw: String, expected: String) throws {
        let date = try #require(CommonsDates.parse(raw))
        #expect(date.formatted(.iso8601) == expected)
    }

    @Test(arguments: ["2019", "2019-06", "circa 1900", "2019-02-30", "0000-00-00 00:00:00", ""])
    func datesThatSayTooLittleGiveNone(raw: String) {
        #expect(CommonsDates.parse(raw) == nil)
    }

    @Test func sizesMapOntoStandardWidths() {
        let table = PhotoSize.allCases.map { "\($0.rawValue)=\(CommonsSizes.width(for: $0).map(String.init) ?? "original")" }
        #expect(
            table == ["s=120", "t=120", "q=250", "m=250", "n=330", "w=500", "z=960", "c=960", "b=1280", "h=1920", "k=3840", "o=original"])
        for size in PhotoSize.allCases {
            if let width = CommonsSizes.width(for: size) { #expect(CommonsSizes.standardWidths.contains(width)) }
        }
        // A 400 px wide file: sizes whose width would be 500 or more give the original instead.
        #expect(CommonsSizes.sizes(originalWidth: 400) == [.square75, .thumbnail, .square150, .small240, .small320, .original])
    }

    @Test func aCircleWithinTenKilometresIsOneSearch() throws {
        let center = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
        #expect(CommonsTiling.cover(center: center, radiusMetres: 5000) == [CommonsTile(center: center, radiusMetres: 5000)])
        #expect(CommonsTiling.cover(center: center, radiusMetres: 2).first?.radiusMetres == 10)
    }

    @Test(arguments: [(48.8584, 2.2945), (78.2, 15.6), (-33.86, 151.2), (0.0, 179.95)])
    func aWideCircleIsCoveredByTenKilometreTiles(latitude: Double, longitude: Double) throws {
        let center = try GeoPoint(latitude: latitude, longitude: longitude)
        let radius = 32_000.0
        let tiles = CommonsTiling.cover(center: center, radiusMetres: radius)
        #expect(tiles.allSatisfy { $0.radiusMetres == 10_000 })
        #expect(tiles.first?.center == center)
        // Every point of the circle (sampled on rings) lies in some tile.
        for ring in stride(from: 0.0, through: radius, by: 2000) {
            for step in 0..<72 {
                let point = center.moved(km: ring / 1000, bearing: Double(step) * 5)
                #expect(tiles.contains { $0.center.distanceKm(to: point) * 1000 <= $0.radiusMetres + 1 }, "\(point) is in no tile")
            }
        }
        // Nearest tiles first.
        let distances = tiles.map { ($0.center.distanceKm(to: center) * 1000).rounded() }
        #expect(distances == distances.sorted())
    }

    @Test func aFullTileIsRefinedWhereItIsNotKnown() throws {
        let center = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
        let tile = CommonsTile(center: center, radiusMetres: 2000)
        let parts = CommonsTiling.refine(tile, knownMetres: 300)
        #expect(parts.allSatisfy { $0.radiusMetres == 300 })
        #expect(parts.allSatisfy { $0.center.distanceKm(to: center) * 1000 + 300 > 300 })
        for ring in stride(from: 300.0, through: 2000, by: 100) {
            for step in 0..<36 {
                let point = center.moved(km: ring / 1000, bearing: Double(step) * 10)
                #expect(parts.contains { $0.center.distanceKm(to: point) * 1000 <= 301 })
            }
        }
        #expect(CommonsTiling.refine(CommonsTile(center: center, radiusMetres: 10), knownMetres: 5).isEmpty)
    }

    @Test func theOriginalsChecksumIsSHA1() throws {
        final class Collect: BlobSink {
            var bytes: [UInt8] = []
            func write(_ buffer: UnsafeRawBufferPointer) throws { bytes += buffer }
        }
        let collected = Collect()
        let sink = HashingSink<Insecure.SHA1>(collected)
        try sink.write(Data("The quick brown fox jumps over the lazy dog".utf8))
        #expect(sink.finish() == "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12")
        #expect(collected.bytes.count == 43)
    }
}
