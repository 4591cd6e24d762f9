import Foundation

extension StoreTransaction {
    /// A pin for `addPins` to add.
    public struct NewPin: Sendable {
        public var name: String
        public var location: GeoPoint
        public var radiusKm: Double
        /// The city nearest to it, which the pin keeps (`Pin.near`).
        public var near: NearbyPlace?
        /// A route pin's line (its album keeps it); `location` is then its start.
        public var route: RouteLine?
        /// When its photos must have been taken; nil: at any time.
        public var window: TimeWindow?

        public init(
            name: String, location: GeoPoint, radiusKm: Double, near: NearbyPlace? = nil, route: RouteLine? = nil, window: TimeWindow? = nil
        ) {
            self.name = name
            self.location = location
            self.radiusKm = radiusKm
            self.near = near
            self.route = route
            self.window = window
        }
    }

    /// How many objects one batched write holds (each keeps a file open until the batch is placed).
    static let batchSize = 256

    /// An album on its way into the store, encoded, with the pin list entry it makes (`commit`).
    struct EncodedAlbum: Sendable {
        var summary: Pin
        var bytes: [UInt8]
        /// False when the store holds these very bytes at the album's key already (a resumed
        /// `store copy`): the album is not written again.
        var write = true
    }

    /// Adds pins with empty albums, all or none whatever stops the process (an error, Ctrl-C,
    /// SIGKILL): the one code path of `pin add` and `pin import`; the caller has checked that their
    /// names are free. The albums are committed by `commit`. Returns the pins in `new`'s order.
    public func addPins(_ new: [NewPin], target: Int, now: Date = Date()) throws -> [Pin] {
        guard !new.isEmpty else { return [] }
        // Whole seconds, as the index's ISO 8601 dates keep them.
        let createdAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        // Many new ids are chosen apart from the existing ones; a single pin's create-only album
        // write is check enough (a taken id, all but impossible, runs the transaction again), so
        // adding one pin reads no other.
        var taken = new.count > 1 ? Set(try store.albumIDs()) : []
        var albums: [Album] = []
        albums.reserveCapacity(new.count)
        for pin in new {
            var id = Pin.makeID()
            while !taken.insert(id).inserted { id = Pin.makeID() }
            var record = Pin(id: id, name: pin.name, location: pin.location, radiusKm: pin.radiusKm, createdAt: createdAt)
            record.place(near: pin.near)
            record.routeKm = pin.route.map(Pin.routeKm)
            record.window = pin.window
            var album = Album(pin: record, target: target)
            album.route = pin.route
            album.refreshSummary()
            albums.append(album)
        }
        let encoded = try ParallelWork.mapThrowing(albums) { (album) throws(StoreError) in
            EncodedAlbum(summary: album.pin, bytes: try IndexCoding.encode(album))
        }
        guard try commit(encoded, creating: true, undoingLost: true, stopPoints: "add-pins").isEmpty else {
            // Another process gave a pin one of these names meanwhile (only a bucket, with no lock,
            // lets it): these pins went, and the transaction runs again to find theirs.
            throw StoreConflict()
        }
        return albums.map(\.pin)
    }

    /// Writes `albums` and commits their pins all at once whatever stops the process. In order:
    /// the intent (`ImportIntent`), every album (no pin list names them yet, so no reader sees
    /// them), made durable (many by one flush), then one pin list record or snapshot holding them
    /// all (the commit point, `PinList.add`), their names, and the intent's removal. What a process
    /// stopped midway leaves is undone or finished by the next one that opens the store
    /// (`Store.finishImports`), or by `store gc` on a bucket.
    ///
    /// `creating`: each album is created only, and an id taken meanwhile undoes the whole commit
    /// (`StoreConflict`); else albums are written whatever is there (`store copy`). Returns the
    /// pins whose name another pin took meanwhile (only a bucket, with no lock, lets it), removed
    /// again when `undoingLost`. `stopPoints` begins the names of its stop points (`StopPoint`);
    /// `workers` batches of albums and names are written at once.
    func commit(_ albums: [EncodedAlbum], creating: Bool, undoingLost: Bool, stopPoints label: String, workers: Int = 1) throws
        -> [ImportIntent.Entry]
    {
        guard !albums.isEmpty else { return [] }
        let intentKey = ImportIntent.newKey()
        let intent = ImportIntent(pins: albums.map { ImportIntent.Entry(id: $0.summary.id, name: $0.summary.name) })
        guard try store.backend.write(intentKey, IndexCoding.encode(intent), when: .absent) else { throw StoreConflict() }
        StopPoint.reached("\(label) intent-written")
        let condition: ObjectWrite.Condition = creating ? .absent : .always
        let durable = albums.count == 1
        let batches = stride(from: 0, to: albums.count, by: Self.batchSize).map {
            Array(albums[$0..<min($0 + Self.batchSize, albums.count)])
        }
        let outcomes = ParallelWork.map(batches, chunk: 1, workers: workers) {
            [store] batch -> Result<(written: [ObjectKey], taken: Bool), any Error> in
            Result {
                let writes = batch.filter(\.write).map { ObjectWrite(store.albumKey($0.summary.id), $0.bytes, when: condition) }
                let done = try store.backend.write(writes, durable: durable)
                return (zip(writes, done).compactMap { $1 == nil ? nil : $0.key }, done.contains(nil))
            }
        }
        let written = try outcomes.map { try $0.get() }
        if written.contains(where: \.taken) {
            // One of the ids is taken: by another process meanwhile (only a bucket, with no lock,
            // lets it), or by a pin whose id a single add did not read. This commit is undone.
            for key in written.flatMap(\.written) { try store.backend.remove(key) }
            try store.backend.remove(intentKey)
            throw StoreConflict()
        }
        // One album was made durable as it was written; many are, by one flush.
        if !durable { try store.backend.flush() }
        StopPoint.reached("\(label) albums-written")
        try store.pinList.add(albums.map(\.summary))
        StopPoint.reached("\(label) listed")
        let lost = try claimNames(intent.pins, workers: workers)
        StopPoint.reached("\(label) named")
        if undoingLost {
            for entry in lost {
                try store.backend.remove(store.albumKey(entry.id))
                try store.pinList.remove(id: entry.id)
            }
        }
        try store.backend.remove(intentKey)
        return lost
    }

    /// Makes each entry's name lead to its pin, writing new name entries in batches (`workers` at
    /// once); an entry that exists already (one left by a crash, leading to no pin, or this very
    /// one) is claimed on its own. Returns the entries whose name leads to another pin that exists
    /// (taken meanwhile, on a bucket).
    @discardableResult
    func claimNames(_ entries: [ImportIntent.Entry], workers: Int = 1) throws(StoreError) -> [ImportIntent.Entry] {
        let batches = stride(from: 0, to: entries.count, by: Self.batchSize).map {
            Array(entries[$0..<min($0 + Self.batchSize, entries.count)])
        }
        let durable = entries.count == 1
        let outcomes = ParallelWork.map(batches, chunk: 1, workers: workers) { [self] batch -> Result<[ImportIntent.Entry], StoreError> in
            Result { () throws(StoreError) in
                let writes = try batch.map { (entry) throws(StoreError) in
                    ObjectWrite(
                        store.nameKey(entry.name), try IndexCoding.encode(Store.NameEntry(name: entry.name, id: entry.id)), when: .absent)
                }
                var lost: [ImportIntent.Entry] = []
                for (entry, done) in zip(batch, try store.backend.write(writes, durable: durable)) where done == nil {
                    if try !claimName(entry.name, id: entry.id) { lost.append(entry) }
                }
                return lost
            }
        }
        var lost: [ImportIntent.Entry] = []
        for outcome in outcomes { lost += try outcome.get() }
        if !durable { try store.backend.flush() }
        return lost
    }
}
