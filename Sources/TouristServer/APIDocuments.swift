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

/// `PATCH /api/pins/ID`: what to change (at least one of the two).
struct PinEdit: Decodable {
    var name: String?
    var radiusKm: Double?
}

/// Its answer: the pin as `pin show --json` shows it, and, when the radius changed, what fills the
/// album within it (`new-collection` or `fetch`); no `next` when the radius stayed.
struct EditedPin: Encodable {
    var pin: Pin
    var next: PinChange.NextStep?
}

/// `DELETE /api/pins/ID`.
struct RemovedPin: Encodable {
    var removed: String
    var deletedFiles: Int
}

/// `GET /api/pins/ID/album`: the album as `album --json` shows it, with its target, whether a
/// process (this server, or another) is filling it now, whether that is a new collection of this
/// server (`replacing`: until the pin's state turns `fetching`, it is still searching and the
/// photos listed are those it replaces), and how its last fetch ended.
struct AlbumPage: Encodable {
    var pin: Pin
    var target: Int
    var fetching: Bool
    var replacing: Bool
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

/// `GET /api/pins/ID/photos/PHOTO`, with the ids of the photos before and after it in the album
/// (absent at either end).
struct PhotoPage: Encodable {
    var pin: Pin
    var photo: PhotoJSON
    var previous: String?
    var next: String?

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
