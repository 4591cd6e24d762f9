import Foundation
import TouristCore

/// Where the bundled demo set has photos: its six places, each with the middle of its photos, so a
/// search or fetch that finds nothing can say where to look.
public struct DemoPlace: Sendable, Equatable {
    public let name: String
    public let latitude: Double
    public let longitude: Double
    public let photos: Int

    /// The places of a fixture set whose photo ids are PLACE-NN ("paris-07"), west to east.
    static func places(of photos: [FixturePhoto]) -> [DemoPlace] {
        let byPlace = Dictionary(grouping: photos) { String($0.id.prefix { $0 != "-" }) }
        return byPlace.map { key, photos in
            DemoPlace(
                name: displayNames[key] ?? key, latitude: photos.map(\.location.latitude).reduce(0, +) / Double(photos.count),
                longitude: photos.map(\.location.longitude).reduce(0, +) / Double(photos.count), photos: photos.count
            )
        }.sorted { $0.longitude < $1.longitude }
    }

    /// The place as reports name it.
    public var named: NamedPlace { NamedPlace(name: name, latitude: latitude, longitude: longitude) }

    private static let displayNames = [
        "capetown": "Cape Town", "kyoto": "Kyoto", "machupicchu": "Machu Picchu", "newyork": "New York", "paris": "Paris",
        "sydney": "Sydney",
    ]
}
