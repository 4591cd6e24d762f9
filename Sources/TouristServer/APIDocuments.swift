import TouristCore

// The request and answer bodies of the API (`APIRoutes`) that are not the CLI's own shapes.

/// `GET /api/settings`.
struct SettingsDocument: Encodable {
    /// The online tile layer the config turns on, or nil (the bundled land outlines alone).
    struct Tiles: Encodable {
        var url: String
        var attribution: String
        var maxZoom: Int
    }

    var tiles: Tiles?
    /// Where the map was left, or nil.
    var view: MapView?
    var version: String

    enum CodingKeys: String, CodingKey {
        case tiles, view, version
    }

    /// Writes `null` for what is not set, so the page always finds every key.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tiles, forKey: .tiles)
        try container.encode(view, forKey: .view)
        try container.encode(version, forKey: .version)
    }
}

/// `POST /api/pins`.
struct NewPin: Decodable {
    var name: String?
    var latitude: Double
    var longitude: Double
    var radiusKm: Double?
}

/// `DELETE /api/pins/ID`.
struct RemovedPin: Encodable {
    var removed: String
    var deletedFiles: Int
}

/// `GET /api/pins/ID/album`: the album as `album --json` shows it, with its target, whether a
/// process (this server, or another) is filling it now, and how its last fetch ended.
struct AlbumPage: Encodable {
    var pin: Pin
    var target: Int
    var fetching: Bool
    var report: FetchReport?
    var photos: [PhotoJSON]
}

/// `POST /api/pins/ID/photos/delete`.
struct PhotoRemoval: Decodable {
    var photos: [String]
}

/// Its answer.
struct RemovedPhotos: Encodable {
    var removed: [String]
    var deletedFiles: Int
}

/// `GET /api/pins/ID/photos/PHOTO`.
struct PhotoPage: Encodable {
    var pin: Pin
    var photo: PhotoJSON
}

/// `POST /api/pins/ID/photos/PHOTO/large`: the larger size, by its blob's address.
struct LargePhoto: Encodable {
    var url: String
    var size: String
    var mime: String?
    var bytes: Int
}

/// `GET /api/places`: what a search box's text may mean, best first.
struct PlaceList: Encodable {
    var query: String
    var candidates: [PlaceCandidateJSON]
}

/// One candidate place. `source` says where it came from ("gazetteer", "coordinates"; an online
/// geocoder adds its own) and `attribution` the credit that source asks for (null when none).
struct PlaceCandidateJSON: Encodable {
    var name: String
    var displayName: String
    var country: String?
    var countryName: String?
    var region: String?
    var population: Int?
    var latitude: Double
    var longitude: Double
    var source: String
    var attribution: String?

    init(_ candidate: PlaceCandidate) {
        name = candidate.name
        displayName = candidate.displayName
        country = candidate.countryCode
        countryName = candidate.countryName
        region = candidate.region
        population = candidate.population
        latitude = candidate.location.latitude
        longitude = candidate.location.longitude
        source = candidate.source.rawValue
        attribution = candidate.attribution
    }
}

/// `GET /api/places/labels`: the cities to label in a map's view, largest first.
struct CityLabels: Encodable {
    struct Label: Encodable {
        var name: String
        var latitude: Double
        var longitude: Double
        var population: Int

        init(_ place: GazetteerPlace) {
            name = place.name
            latitude = place.location.latitude
            longitude = place.location.longitude
            population = place.population
        }
    }

    var labels: [Label]
    var attribution: String
}
