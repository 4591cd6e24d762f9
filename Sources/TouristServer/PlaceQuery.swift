import HummingbirdCore
import TouristCore

/// The query of `GET /api/places`, read and checked: `q=TEXT[&limit=N][&online=1]`. A value that
/// does not read is a `BadRequest` naming the parameter and its form. Package-visible for the
/// fuzzing door `places-query` (Fuzz/Doors).
package struct PlacesQuery: Sendable {
    package let text: String
    package let limit: Int
    /// Whether the online geocoder may be asked (the box sends it on Enter only).
    package let online: Bool

    package init(_ uri: URI) throws {
        let query = uri.queryParameters
        guard let text = query.get("q") else {
            throw BadRequest(message: "say what to look up: /api/places?q=Kyoto, or q=48.8584,2.2945 for coordinates")
        }
        self.text = text
        limit = try PlaceQueryValue.integer(query.get("limit"), name: "limit", in: 1...PlaceSearch.maximumLimit) ?? PlaceSearch.defaultLimit
        online = try PlaceQueryValue.integer(query.get("online"), name: "online", in: 0...1) == 1
    }
}

/// The query of `GET /api/places/labels`, read and checked: `bbox=WEST,SOUTH,EAST,NORTH&zoom=Z[&limit=N]`.
/// Package-visible for the fuzzing door `labels-query` (Fuzz/Doors).
package struct LabelsQuery: Sendable {
    package let box: GeoBox
    package let zoom: Int
    package let limit: Int

    package init(_ uri: URI) throws {
        let query = uri.queryParameters
        box = try PlaceQueryValue.box(query.get("bbox"))
        guard let zoom = try PlaceQueryValue.integer(query.get("zoom"), name: "zoom", in: 0...24) else {
            throw BadRequest(message: "say the map's zoom: zoom=0 to 24, as in /api/places/labels?bbox=-10,35,30,60&zoom=4")
        }
        self.zoom = zoom
        limit = try PlaceQueryValue.integer(query.get("limit"), name: "limit", in: 1...Gazetteer.maximumLabels) ?? Gazetteer.defaultLabels
    }
}

/// The values the place routes' queries hold.
enum PlaceQueryValue {
    /// `text` as a whole number in `range`; nil when absent.
    static func integer(_ text: String?, name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw BadRequest(
                message: "\(name) \(Excerpt.quoted(text)) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// `bbox=WEST,SOUTH,EAST,NORTH` in degrees; WEST larger than EAST crosses the antimeridian.
    static func box(_ text: String?) throws -> GeoBox {
        let form =
            "bbox=WEST,SOUTH,EAST,NORTH in degrees, as in bbox=-10,35,30,60 (longitudes -180 to 180, latitudes -90 to 90, SOUTH <= NORTH)"
        guard let text else { throw BadRequest(message: "say where the map is: \(form)") }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let west = numbers[0], let south = numbers[1], let east = numbers[2], let north = numbers[3],
            [west, east].allSatisfy({ (-180...180).contains($0) }), [south, north].allSatisfy({ (-90...90).contains($0) }), south <= north
        else {
            throw BadRequest(message: "bbox \(Excerpt.quoted(text)) is not a box: \(form)")
        }
        return GeoBox(minLongitude: west, minLatitude: south, maxLongitude: east, maxLatitude: north)
    }
}
