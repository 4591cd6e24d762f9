import Foundation
import TouristCore

/// Where the map was last left (center and zoom), kept in the store's `state/` so the page opens
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

    /// The file: `state/serve-map-view.json` (beside the providers' state folders).
    static func path(inStoreAt root: String) -> String {
        Store.stateDirectory(ofStoreAt: root) + "/serve-map-view.json"
    }

    /// The last view saved, or nil (never saved, or unreadable).
    static func load(storeRoot: String) -> MapView? {
        guard let data = FileManager.default.contents(atPath: path(inStoreAt: storeRoot)) else { return nil }
        return try? JSONDecoder().decode(MapView.self, from: data).validated()
    }

    /// Saves the view, atomically.
    func save(storeRoot: String) throws {
        try FileManager.default.createDirectory(atPath: Store.stateDirectory(ofStoreAt: storeRoot), withIntermediateDirectories: true)
        try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: Self.path(inStoreAt: storeRoot)), options: .atomic)
    }
}
