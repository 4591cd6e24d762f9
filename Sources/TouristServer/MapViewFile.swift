import Foundation
import TouristCore

/// Where the map was last left (center and zoom), kept in the store (`state/serve-map-view.json`) so the page opens
/// there again on the next visit, from any browser or port, as the app kept its region.
struct MapView: Codable, Equatable, Sendable {
    var latitude: Double
    var longitude: Double
    var zoom: Double

    /// Checks a view sent by the page.
    func validated() throws -> MapView {
        guard (try? GeoPoint(latitude: latitude, longitude: longitude)) != nil else {
            throw BadRequest(message: "the map view \(latitude),\(longitude) is not a place: latitude -90 to 90, longitude -180 to 180")
        }
        guard zoom.isFinite, (0...24).contains(zoom) else { throw BadRequest(message: "the map zoom \(zoom) is out of range: 0 to 24") }
        return self
    }

    /// The document's name in the store: `state/serve-map-view.json`.
    static let document = "serve-map-view.json"

    /// The last view saved, or nil (never saved, or unreadable).
    static func load(from store: Store) -> MapView? {
        guard let bytes = try? store.document(document) else { return nil }
        return try? JSONDecoder().decode(MapView.self, from: Data(bytes)).validated()
    }

    /// Saves the view, atomically.
    func save(to store: Store) throws {
        try store.saveDocument(Self.document, Array(try JSONEncoder().encode(self)))
    }
}
