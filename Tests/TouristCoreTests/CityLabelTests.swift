import Foundation
import Testing
@testable import TouristCore

/// `Gazetteer.labels`: the largest cities in a map's view, kept apart on screen, more as the map
/// zooms in; on the real bundled gazetteer.
@Suite struct CityLabelTests {
    let gazetteer: Gazetteer
    static let world = GeoBox(minLongitude: -180, minLatitude: -85, maxLongitude: 180, maxLatitude: 85)
    static let japan = GeoBox(minLongitude: 129, minLatitude: 30, maxLongitude: 146, maxLatitude: 46)
    /// Osaka, Kyoto and Kobe: about a screen's width at zoom 9.
    static let kansai = GeoBox(minLongitude: 134.5, minLatitude: 34, maxLongitude: 136.5, maxLatitude: 35.5)

    init() throws {
        gazetteer = try Gazetteer.bundled()
    }

    /// A point on the screen of the whole world at `zoom` (Web Mercator, 256-pixel tiles).
    static func pixel(_ place: GazetteerPlace, zoom: Int) -> (x: Double, y: Double) {
        let scale = 256 * pow(2, Double(zoom))
        let sine = sin(place.location.latitude * .pi / 180)
        return ((place.location.longitude + 180) / 360 * scale, (0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)) * scale)
    }

    /// The box a label's name takes on screen, from its placement around the dot (the page's
    /// rendering of the same boxes is checked in the browser: BrowserMapLabelTests).
    static func nameBox(_ label: CityLabel, zoom: Int) -> LabelLayout.Box {
        let (x, y) = pixel(label.place, zoom: zoom)
        return LabelLayout.box(label.placement, size: LabelSize(name: label.place.name, population: label.place.population), x: x, y: y)
    }

    @Test func theWorldShowsItsLargestCitiesFirst() {
        let labels = gazetteer.labels(in: Self.world, zoom: 2)
        #expect(labels.first?.place == gazetteer.file.places.first)
        #expect(
            labels.contains { $0.placement == .below } && Set(labels.map(\.placement)).count == CityLabel.Placement.allCases.count,
            "names go on every side of their dots where there is room: \(labels.map(\.placement))")
        #expect(labels.count > 20 && labels.count <= Gazetteer.defaultLabels, "\(labels.count)")
        #expect(labels.allSatisfy { $0.place.population >= Gazetteer.labelPopulation(atZoom: 2) })
        let populations = labels.map(\.place.population)
        #expect(populations == populations.sorted(by: >))
    }

    /// Issue 33: the world map named Sendai and Teni, and not Tokyo (its name met Shanghai's) or
    /// Bengaluru (Mumbai's); then Delhi, Seoul and Karachi lay under the names of larger cities.
    /// The largest cities are named, and a city near one more than twice its size is not.
    @Test func theWorldNamesItsLargestCitiesAndNoSmallerOneInTheirPlace() {
        let labels = gazetteer.labels(in: Self.world, zoom: 2)
        let names = Set(labels.map(\.place.name))
        #expect(
            names.isSuperset(of: ["Tokyo", "Delhi", "Seoul", "Karachi", "Dhaka", "Shanghai", "Beijing", "Mumbai"]),
            "\(labels.map(\.place.name))")
        #expect(names.isDisjoint(with: ["Sendai", "Teni"]), "\(labels.map(\.place.name))")
        // No named city is within 11 px, each way, of a city of more than twice its people.
        let minimum = Gazetteer.labelPopulation(atZoom: 2)
        for larger in gazetteer.file.places.prefix(while: { $0.population >= minimum }) {
            let (lx, ly) = Self.pixel(larger, zoom: 2)
            for label in labels where 2 * label.place.population < larger.population {
                let (x, y) = Self.pixel(label.place, zoom: 2)
                #expect(abs(x - lx) >= 11 || abs(y - ly) >= 11, "\(label.place.name) is named beside \(larger.name)")
            }
        }
    }

    /// A name is as wide as its letters set in DejaVu Sans Bold, the widest of the page's fonts
    /// (as Chromium measures them: "Kazan" at 12 px is 41 px), larger for a city of 5 million;
    /// its letters reach under the line only when they have tails.
    @Test func aNameTakesTheRoomOfItsLetters() {
        let kazan = LabelSize(name: "Kazan", population: 1_300_000)
        #expect(abs(kazan.width - 41.0) < 0.1 && kazan.fontSize == 12, "\(kazan)")
        let tokyo = LabelSize(name: "Tokyo", population: 9_700_000), seoul = LabelSize(name: "Seoul", population: 10_300_000)
        #expect(tokyo.fontSize == 13.5 && seoul.fontSize == 13.5)
        #expect(tokyo.inkBottom > seoul.inkBottom + 2, "the y of Tokyo reaches under the line: \(tokyo) \(seoul)")
        #expect(LabelSize(name: "Ürümqi", population: 3_000_000).inkTop < LabelSize(name: "Urumqi", population: 3_000_000).inkTop)
        #expect(LabelSize(name: "Mumbai", population: 12_000_000).width > LabelSize(name: "Mumbai", population: 1_000_000).width)
    }

    @Test(arguments: [2, 5, 9])
    func noTwoLabelsOverlapOnScreenNorCoverANamedCity(zoom: Int) {
        let box = [2: Self.world, 5: Self.japan, 9: Self.kansai][zoom] ?? Self.world
        let labels = gazetteer.labels(in: box, zoom: zoom)
        #expect(!labels.isEmpty)
        #expect(Set(labels.map(\.placement)).count > 1, "some names go beside their dots: \(labels.map(\.placement))")
        let boxes = labels.map { Self.nameBox($0, zoom: zoom) }
        for (index, a) in boxes.enumerated() {
            for b in boxes[(index + 1)...] {
                #expect(a.maxX <= b.minX || b.maxX <= a.minX || a.maxY <= b.minY || b.maxY <= a.minY, "\(a) meets \(b)")
            }
            for (other, label) in labels.enumerated() where other != index {
                let (x, y) = Self.pixel(label.place, zoom: zoom)
                #expect(
                    !(a.minX < x && x < a.maxX && a.minY < y && y < a.maxY),
                    "the name of \(labels[index].place.name) covers \(label.place.name)")
            }
        }
    }

    @Test func zoomingInLabelsMoreAndSmallerCities() throws {
        let counts = [4, 6, 9].map { gazetteer.labels(in: Self.kansai, zoom: $0, limit: Gazetteer.maximumLabels).count }
        #expect(counts[0] < counts[1] && counts[1] < counts[2] && counts[2] < Gazetteer.maximumLabels, "\(counts)")
        let near = gazetteer.labels(in: Self.kansai, zoom: 9)
        #expect(near.contains { $0.place.population < 100_000 })
        #expect(
            near.allSatisfy {
                Self.kansai.containsLongitude($0.place.location.longitude) && (34...35.5).contains($0.place.location.latitude)
            })
        #expect(gazetteer.labels(in: Self.kansai, zoom: 4).map(\.place.name) == ["Osaka"])
    }

    @Test func aBoxAcrossTheAntimeridianHoldsBothSides() {
        let pacific = GeoBox(minLongitude: 170, minLatitude: -22, maxLongitude: -170, maxLatitude: -10)
        let labels = gazetteer.labels(in: pacific, zoom: 7)
        let longitudes = labels.map(\.place.location.longitude)
        #expect(longitudes.contains { $0 >= 170 } && longitudes.contains { $0 <= -170 }, "\(labels.map(\.place.name))")
        #expect(longitudes.allSatisfy { $0 >= 170 || $0 <= -170 })
    }

    @Test func theLimitIsKept() {
        #expect(gazetteer.labels(in: Self.world, zoom: 7, limit: 5).count == 5)
        #expect(gazetteer.labels(in: Self.world, zoom: 9).count == Gazetteer.defaultLabels)
    }
}
