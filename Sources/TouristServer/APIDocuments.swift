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

    /// The radii a form offers for a pin (`PinRadius`), and a new pin's (`Defaults.radiusKm`).
    struct Radius: Encodable {
        var minimumKm = PinRadius.smallestOfferedKm
        var maximumKm = PinRadius.maximumKm
        var defaultKm = Defaults.radiusKm
    }

    /// The words a page shows that the core keeps.
    struct Names: Encodable {
        /// What each configured provider goes by in text, by its name (`ProviderSetup.displayNames`).
        var providers: [String: String]
        /// What a pin given no name is called (`PinName.defaultDescription`).
        var unnamedPin = PinName.defaultDescription
        /// How to find landmarks and addresses when the online geocoder is off.
        var geocoderAdvice = PlaceFinder.turnOnAdviceForPages
    }

    var tiles: Tiles?
    /// Where the map was left, or nil.
    var view: MapView?
    var version: String
    var radius = Radius()
    var names: Names

    enum CodingKeys: String, CodingKey {
        case tiles, view, version, radius, names
    }

    /// Writes `null` for what is not set, so the page always finds every key.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tiles, forKey: .tiles)
        try container.encode(view, forKey: .view)
        try container.encode(version, forKey: .version)
        try container.encode(radius, forKey: .radius)
        try container.encode(names, forKey: .names)
    }
}

/// `POST /api/pins`.
struct NewPin: Decodable {
    var name: String?
    var latitude: Double
    var longitude: Double
    var radiusKm: Double?
    /// The time window's parts, as `pin add --taken` and `--months` take them.
    var taken: String?
    var months: String?
}

/// `POST /api/pins/ID/new-collection`: `allowFewer` replaces the album even with fewer unseen
/// photos than it holds (after the page asked); an empty body is `{}`.
struct NewCollectionRequest: Decodable {
    var allowFewer: Bool?
}

/// `PATCH /api/pins/ID`: what to change (at least one of the two).
struct PinEdit: Decodable {
    var name: String?
    var radiusKm: Double?
    /// A new taken range or months, as `pin edit --taken` and `--months` take them (`any` lifts it).
    var taken: String?
    var months: String?
}

/// Its answer: the pin as `pin show --json` shows it, and, when the radius changed, what fills the
/// album within it (`new-collection` or `fetch`); no `next` when the radius stayed.
struct EditedPin: Encodable {
    var pin: PinJSON
    var next: PinChange.NextStep?
}

/// `GET /api/pins/ID/album`: the album as `album --json` shows it, with its target, whether a
/// process (this server, or another) is filling it now, whether that is a new collection of this
/// server (`replacing`: until the pin's state turns `fetching`, it is still searching and the
/// photos listed are those it replaces), and how its last fetch ended.
struct AlbumPage: Encodable {
    var pin: PinJSON
    var target: Int
    var fetching: Bool
    var replacing: Bool
    var report: FetchReport?
    var photos: [PhotoJSON]
    /// A route pin's line, with its length; absent for a pin on a place.
    var route: RouteJSON?
}

/// `POST /api/pins/ID/photos/delete`.
struct PhotoRemoval: Decodable {
    var photos: [String]
}

/// `GET /api/pins/ID/photos/PHOTO`, with the ids of the photos before and after it in the album
/// (absent at either end), and how far the photo was taken from the pin (`Kilometres.text`; absent
/// for a photo with no location).
struct PhotoPage: Encodable {
    var pin: PinJSON
    var photo: PhotoJSON
    var previous: String?
    var next: String?
    var distanceText: String?
    /// Whether the album keeps a size smaller than the page shows (by its size letter and, once
    /// read, its pixels), so the page asks for a larger one (`POST …/large`) after showing the
    /// preview; never for a photo that cannot be decoded.
    var larger: Bool

    /// The photos on either side of `key` in the album's order, among those the album page opens
    /// (neither still downloading nor rejected); nil at either end or for a photo not in `photos`.
    static func neighbours(of key: PhotoKey, in photos: [AlbumPhoto]) -> (previous: PhotoKey?, next: PhotoKey?) {
        guard let index = photos.firstIndex(where: { $0.key == key }) else { return (nil, nil) }
        let opens = { (photo: AlbumPhoto) in photo.state != .pending && photo.state != .rejected }
        return (photos[..<index].last(where: opens)?.key, photos[(index + 1)...].first(where: opens)?.key)
    }
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
    /// Whether the config's online geocoder is on, so the box can offer to look a name up online
    /// (`online=1`) when the gazetteer has none of it.
    var geocoder: Bool
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
        /// Where the name goes around the city's dot: `below`, `below-right`, `below-left`,
        /// `right` or `left` (`CityLabel.Placement`).
        var placement: String
        /// Whether the name is set larger (`LabelSize.majorPopulation` people or more), as its
        /// place was worked out.
        var major: Bool

        init(_ label: CityLabel) {
            name = label.place.name
            latitude = label.place.location.latitude
            longitude = label.place.location.longitude
            population = label.place.population
            placement = label.placement.rawValue
            major = label.isMajor
        }
    }

    var labels: [Label]
    var attribution: String
}
