/// What the whole-store passes need of one album: its pin, and the blob each stored photo, each
/// kept view and each derived image uses. Made on the threads that read the albums, so a pass over 10,000 albums
/// keeps only this.
struct AlbumBlobs: Sendable {
    /// One use of a blob: a stored photo (`use` nil), one of its views (`use` its size letter) or
    /// derived images (`use` its recipe id), with its blob (nil when the album names none, or not a
    /// blob name).
    struct Stored: Sendable {
        let key: PhotoKey
        let use: String?
        let blob: BlobID?
        /// A derived image: made again when lost, so its loss is no damage.
        let remakeable: Bool

        init(key: PhotoKey, use: String? = nil, blob: BlobID?, remakeable: Bool = false) {
            (self.key, self.use, self.blob, self.remakeable) = (key, use, blob, remakeable)
        }

        /// The uses of photo `key` besides its own: its views and derived images.
        static func others(of key: PhotoKey, views: [PhotoView]?, derived: [DerivedImage]?) -> [Stored] {
            (views ?? []).map { Stored(key: key, use: $0.size.rawValue, blob: BlobID($0.sha256)) }
                + (derived ?? []).map { Stored(key: key, use: $0.recipe, blob: BlobID($0.sha256), remakeable: true) }
        }
    }

    let pin: Pin
    let stored: [Stored]

    init(_ album: Album) {
        pin = album.pin
        stored = album.photos.flatMap { photo in
            let own = photo.state == .stored ? [Stored(key: photo.key, blob: photo.sha256.flatMap(BlobID.init))] : []
            return own + Stored.others(of: photo.key, views: photo.views, derived: photo.derived)
        }
    }

    /// Reads from an album file only what links the index together, for `verify --quick`: the pin,
    /// the target, the keys of the photos, shown and removed, each photo's state and blob name. The
    /// other fields (titles, dates, URLs) are left unread, as git's `fsck --connectivity-only`
    /// leaves blobs unread; the full `verify` decodes them all.
    static func read(_ value: JSONValue) throws(IndexDecodingError) -> AlbumBlobs {
        let object = try IndexObject(value)
        _ = try object.required("target", IndexValue.int)
        _ = try object.required("shown") { (keys) throws(IndexDecodingError) in try IndexValue.array(keys, AlbumFileDecoding.key) }
        _ = try object.required("removed") { (keys) throws(IndexDecodingError) in try IndexValue.array(keys, AlbumFileDecoding.key) }
        let photos = try object.required("photos") { (photos) throws(IndexDecodingError) in
            try IndexValue.array(photos) { (photo) throws(IndexDecodingError) -> [Stored] in
                let fields = try IndexObject(photo)
                let key = try fields.required("candidate") { (candidate) throws(IndexDecodingError) in
                    try IndexObject(candidate).required("key", AlbumFileDecoding.key)
                }
                let state: PhotoState = try fields.required("state", IndexValue.raw)
                let sha256 = try fields.optional("sha256", IndexValue.string)
                let views = try fields.optional("views") { (views) throws(IndexDecodingError) in
                    try IndexValue.array(views, AlbumFileDecoding.view)
                }
                let derived = try fields.optional("derived") { (derived) throws(IndexDecodingError) in
                    try IndexValue.array(derived, AlbumFileDecoding.derived)
                }
                let own = state == .stored ? [Stored(key: key, blob: sha256.flatMap(BlobID.init))] : []
                return own + Stored.others(of: key, views: views, derived: derived)
            }
        }
        return AlbumBlobs(pin: try object.required("pin", AlbumFileDecoding.pin), stored: photos.flatMap { $0 })
    }

    /// The members `read` looks at: an album's, a photo's, a candidate's and the pin's (the parser
    /// checks the others and leaves them out).
    static let keys: Set<String> = [
        "pin", "target", "shown", "removed", "photos", "candidate", "key", "state", "sha256", "views", "size", "bytes", "mimeType",
        "id", "name", "latitude", "longitude", "radiusKm", "createdAt", "error", "derived", "kind", "recipe", "width", "height",
    ]

    private init(pin: Pin, stored: [Stored]) {
        self.pin = pin
        self.stored = stored
    }
}

/// Which album photos use which blob, for the whole-store passes (verify, repair, gc). Kept sorted
/// by blob, so it is joined with the sorted lists of blob files and reference files by merging, the
/// way git's fsck walks sorted object lists, rather than through hash tables of strings; the
/// `pin key` lines of `index/refs` are made only for the blobs that need them.
struct BlobUsage {
    /// One stored album photo's use of a blob: positions in `albums` and their `stored`.
    private struct Use {
        let blob: BlobID
        let album: Int32
        let photo: Int32
    }

    private let albums: [AlbumBlobs]
    private let uses: [Use]
    /// Each blob used, once, sorted.
    let blobs: [BlobID]
    /// Where each of `blobs` starts in `uses` (one more entry at the end).
    private let starts: [Int]
    /// Album photos recorded as stored whose `sha256` is absent or not a blob name ("photo KEY of
    /// pin ID"): damage `store repair` sends back to `pending`.
    let unnamed: [String]

    init(_ albums: [AlbumBlobs]) {
        self.albums = albums
        var uses: [Use] = [], unnamed: [String] = []
        for (albumIndex, album) in albums.enumerated() {
            for (photoIndex, photo) in album.stored.enumerated() {
                guard let blob = photo.blob else {
                    let use = photo.use.map { photo.remakeable ? " (\($0))" : " (size \($0))" } ?? ""
                    unnamed.append("photo \(photo.key)\(use) of pin \(album.pin.id)")
                    continue
                }
                uses.append(Use(blob: blob, album: Int32(albumIndex), photo: Int32(photoIndex)))
            }
        }
        uses.sort { $0.blob != $1.blob ? $0.blob < $1.blob : ($0.album, $0.photo) < ($1.album, $1.photo) }
        var blobs: [BlobID] = [], starts: [Int] = []
        for (index, use) in uses.enumerated() where blobs.last != use.blob {
            blobs.append(use.blob)
            starts.append(index)
        }
        starts.append(uses.count)
        (self.uses, self.blobs, self.starts, self.unnamed) = (uses, blobs, starts, unnamed)
    }

    /// The `pin key` lines that say who uses `blobs[index]`, as `index/refs` records them.
    func users(at index: Int) -> [String] {
        uses[starts[index]..<starts[index + 1]].map { use in
            let album = albums[Int(use.album)]
            let photo = album.stored[Int(use.photo)]
            return PhotoView.referenceLine(pin: album.pin.id, key: photo.key, use: photo.use)
        }
    }

    /// Whether every use of `blob` is a derived image, which is made again when lost (false when
    /// no album uses it).
    func onlyRemakeable(_ blob: BlobID) -> Bool {
        guard let index = Sorted.position(of: blob, in: blobs) else { return false }
        return uses[starts[index]..<starts[index + 1]].allSatisfy { albums[Int($0.album)].stored[Int($0.photo)].remakeable }
    }

    /// The users of `blob`, or none when no album uses it.
    func users(of blob: BlobID) -> [String] {
        Sorted.position(of: blob, in: blobs).map(users(at:)) ?? []
    }
}

/// Joins of sorted, duplicate-free arrays.
enum Sorted {
    /// The elements of `left` that are not in `right`, in order.
    static func difference<T: Comparable>(_ left: [T], _ right: [T]) -> [T] {
        var result: [T] = []
        var other = 0
        for element in left {
            while other < right.count, right[other] < element { other += 1 }
            if other < right.count, right[other] == element { continue }
            result.append(element)
        }
        return result
    }

    /// Where `element` is in `sorted`, by binary search.
    static func position<T: Comparable>(of element: T, in sorted: [T]) -> Int? {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < element { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == element ? low : nil
    }
}
