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

    @Test func theWorldShowsItsLargestCitiesFirst() {
        let labels = gazetteer.labels(in: Self.world, zoom: 2)
        #expect(labels.first == gazetteer.file.places.first)
        #expect(labels.count > 20 && labels.count <= Gazetteer.defaultLabels, "\(labels.count)")
        #expect(labels.allSatisfy { $0.population >= Gazetteer.labelPopulation(atZoom: 2) })
        let populations = labels.map(\.population)
        #expect(populations == populations.sorted(by: >))
    }

    @Test(arguments: [2, 5, 9])
    func noTwoLabelsOverlapOnScreen(zoom: Int) {
        let box = [2: Self.world, 5: Self.japan, 9: Self.kansai][zoom] ?? Self.world
        let scale = 256 * pow(2, Double(zoom))
        let labels = gazetteer.labels(in: box, zoom: zoom).map { place in
            let sine = sin(place.location.latitude * .pi / 180)
            let x = (place.location.longitude + 180) / 360 * scale, y = (0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)) * scale
            return (x: x, y: y, width: Gazetteer.labelWidth(of: place.name))
        }
        #expect(!labels.isEmpty)
        for (index, a) in labels.enumerated() {
            for b in labels[(index + 1)...] {
                #expect(abs(a.x - b.x) >= (a.width + b.width) / 2 || abs(a.y - b.y) >= Gazetteer.labelHeight)
            }
        }
    }

    @Test func zoomingInLabelsMoreAndSmallerCities() throws {
        let counts = [4, 6, 9].map { gazetteer.labels(in: Self.kansai, zoom: $0).count }
        #expect(counts[0] < counts[1] && counts[1] < counts[2] && counts[2] < Gazetteer.defaultLabels, "\(counts)")
        let near = gazetteer.labels(in: Self.kansai, zoom: 9)
        #expect(near.contains { $0.population < 100_000 })
        #expect(near.allSatisfy { Self.kansai.containsLongitude($0.location.longitude) && (34...35.5).contains($0.location.latitude) })
        #expect(gazetteer.labels(in: Self.kansai, zoom: 4).map(\.name) == ["Osaka"])
    }

    @Test func aBoxAcrossTheAntimeridianHoldsBothSides() {
        let pacific = TouristConfig.BoundingBox(minLongitude: 170, minLatitude: -22, maxLongitude: -170, maxLatitude: -10)
        let labels = gazetteer.labels(in: pacific, zoom: 7)
        #expect(labels.contains { $0.location.longitude >= 170 } && labels.contains { $0.location.longitude <= -170 }, "\(labels.map(\.name))")
        #expect(labels.allSatisfy { $0.location.longitude >= 170 || $0.location.longitude <= -170 })
    }

    @Test func theLimitIsKept() {
        #expect(gazetteer.labels(in: Self.world, zoom: 7, limit: 5).count == 5)
        #expect(gazetteer.labels(in: Self.world, zoom: 9).count == Gazetteer.defaultLabels)
    }
}
