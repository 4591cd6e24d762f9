import HummingbirdCore
import TouristCore
import TouristServer

/// The query of `GET /api/places` (the bytes after `?`), as `PlacesQuery` reads it, then the
/// gazetteer's search with it. Contract: a query read has a limit in range, and the search gives
/// at most that many places, or a usage error.
enum PlacesQueryDoor {
    static func check(_ bytes: [UInt8]) {
        guard let query = try? PlacesQuery(URI("/api/places?" + String(decoding: bytes, as: UTF8.self))) else { return }
        contract((1...PlaceSearch.maximumLimit).contains(query.limit), "limit \(query.limit)")
        do {
            let candidates = try PlaceSearch(gazetteer: .bundled).candidates(for: query.text, limit: query.limit)
            contract(candidates.count <= query.limit, "\(candidates.count) places for limit \(query.limit)")
        } catch {
            contract(FailureClass.of(error) == .usage, "\(query.text.debugDescription): \(error)")
        }
    }
}

/// The query of `GET /api/places/labels` (the bytes after `?`), as `LabelsQuery` reads it, then
/// the gazetteer's labels of that view. Contract: the box read is a box, and the labels are at most
/// `limit`, each of a city inside the box.
enum LabelsQueryDoor {
    static func check(_ bytes: [UInt8]) {
        guard let query = try? LabelsQuery(URI("/api/places/labels?" + String(decoding: bytes, as: UTF8.self))) else { return }
        let box = query.box
        contract(
            box.minLatitude <= box.maxLatitude && (-180...180).contains(box.minLongitude) && (-180...180).contains(box.maxLongitude),
            "box \(box)")
        guard let gazetteer = try? Gazetteer.bundled() else {
            contract(false, "the bundled gazetteer cannot be read")
            return
        }
        let labels = gazetteer.labels(in: box, zoom: query.zoom, limit: query.limit)
        contract(labels.count <= query.limit, "\(labels.count) labels for limit \(query.limit)")
        for label in labels {
            let point = label.place.location
            let inLongitude =
                box.minLongitude <= box.maxLongitude
                ? (box.minLongitude...box.maxLongitude).contains(point.longitude)
                : point.longitude >= box.minLongitude || point.longitude <= box.maxLongitude
            contract(
                inLongitude && (box.minLatitude...box.maxLatitude).contains(point.latitude),
                "\(label.place.name) at \(point) is outside \(box)")
        }
    }
}
