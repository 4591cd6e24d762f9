import Foundation
import Testing
@testable import TouristCore

/// `Gazetteer.labels`: the largest cities in a map's view, kept apart on screen, more as the map
/// zooms in; on the real bundled gazetteer.
@Suite struct CityLabelTests {
    let gazetteer: Gazetteer
    static let world = TouristConfig.BoundingBox(minLongitude: -180, minLatitude: -85, maxLongitude: 180, maxLatitude: 85)
    static let japan = TouristConfig.BoundingBox(minLongitude: 129, minLatitude: 30, maxLongitude: 146, maxLatitude: 46)
    /// Osaka, Kyoto and Kobe: about a screen's width at zoom 9.
    static let kansai = TouristConfig.BoundingBox(minLongitude: 134.5, minLatitude: 34, maxLongitude: 136.5, maxLatitude: 35.5)

    init() throws {
        gazetteer = try Gazetteer.bundled()
    }

    /// A point on the screen of the whole world at `zoom` (Web Mercator, 256-pixel tiles).
    static func pixel(_ place: GazetteerPlace, zoom: Int) -> (x: Double, y: Double) {
        let scale = 256 * pow(2, Double(zoom))
        let sine = sin(place.location.latitude * .pi / 180)
        return ((place.location.longitude + 180) / 360 * scale, (0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)) * scale)
    }

    /// The box a label's name takes on screen, from its placement around the dot.
    static func nameBox(_ label: CityLabel, zoom: Int) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let (x, y) = pixel(label.place, zoom: zoom)
        let width = Gazetteer.labelWidth(of: label.place.name), height = Gazetteer.labelHeight
        switch label.placement {
        case .below: return (x - width / 2, y, x + width / 2, y + height)
        // Beside the dot, clear of a pin standing on it (30 px wide).
        case .right: return (x + 16, y - height / 2, x + 16 + width, y + height / 2)
        case .left: return (x - 16 - width, y - height / 2, x - 16, y + height / 2)
        }
    }

    @Test func theWorldShowsItsLargestCitiesFirst() {
        let labels = gazetteer.labels(in: Self.world, zoom: 2)
        #expect(labels.first?.place == gazetteer.file.places.first)
        #expect(labels.first?.placement == .below, "a name goes under its dot unless something is there")
        #expect(labels.count > 20 && labels.count <= Gazetteer.defaultLabels, "\(labels.count)")
        #expect(labels.allSatisfy { $0.place.population >= Gazetteer.labelPopulation(atZoom: 2) })
        let populations = labels.map(\.place.population)
        #expect(populations == populations.sorted(by: >))
    }

    /// Issue 33: the world map named Sendai and Teni, and not Tokyo (its name met Shanghai's) or
    /// Bengaluru (Mumbai's). A name that does not fit below its dot goes beside it, and a city
    /// near a larger one is not named in its place.
    @Test func aSmallerCityNeverStandsInForALargerOneNearIt() {
        let labels = gazetteer.labels(in: Self.world, zoom: 2)
        let names = Set(labels.map(\.place.name))
        #expect(names.isSuperset(of: ["Tokyo", "Dhaka", "Shanghai", "Mumbai"]), "\(labels.map(\.place.name))")
        #expect(names.isDisjoint(with: ["Sendai", "Teni"]), "\(labels.map(\.place.name))")
        // Every larger city left unnamed keeps the ground around its dot: no smaller named city is
        // within 11 px of it, each way.
        let named = Set(labels.map(\.place))
        let minimum = Gazetteer.labelPopulation(atZoom: 2)
        let smallest = labels.last?.place.population ?? 0
        for unnamed in gazetteer.file.places.prefix(while: { $0.population >= max(minimum, smallest) }) where !named.contains(unnamed) {
            let (ux, uy) = Self.pixel(unnamed, zoom: 2)
            for label in labels where label.place.population < unnamed.population {
                let (x, y) = Self.pixel(label.place, zoom: 2)
                #expect(abs(x - ux) >= 11 || abs(y - uy) >= 11, "\(label.place.name) is named beside the larger \(unnamed.name)")
            }
        }
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
                #expect(!(a.minX < x && x < a.maxX && a.minY < y && y < a.maxY), "the name of \(labels[index].place.name) covers \(label.place.name)")
            }
        }
    }

    @Test func zoomingInLabelsMoreAndSmallerCities() throws {
        let counts = [4, 6, 9].map { gazetteer.labels(in: Self.kansai, zoom: $0).count }
        #expect(counts[0] < counts[1] && counts[1] < counts[2] && counts[2] < Gazetteer.defaultLabels, "\(counts)")
        let near = gazetteer.labels(in: Self.kansai, zoom: 9)
        #expect(near.contains { $0.place.population < 100_000 })
        #expect(near.allSatisfy { Self.kansai.containsLongitude($0.place.location.longitude) && (34...35.5).contains($0.place.location.latitude) })
        #expect(gazetteer.labels(in: Self.kansai, zoom: 4).map(\.place.name) == ["Osaka"])
    }

    @Test func aBoxAcrossTheAntimeridianHoldsBothSides() {
        let pacific = TouristConfig.BoundingBox(minLongitude: 170, minLatitude: -22, maxLongitude: -170, maxLatitude: -10)
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
