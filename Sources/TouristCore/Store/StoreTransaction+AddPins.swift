import Foundation

extension StoreTransaction {
    /// A pin for `addPins` to add.
    public struct NewPin: Sendable {
        public var name: String
        public var location: GeoPoint
        public var radiusKm: Double
        /// The city nearest to it, which the pin keeps (`Pin.near`).
        public var near: NearbyPlace?

        public init(name: String, location: GeoPoint, radiusKm: Double, near: NearbyPlace? = nil) {
            self.name = name
            self.location = location
            self.radiusKm = radiusKm
            self.near = near
        }
    }

    /// How many objects one batched write holds (each keeps a file open until the batch is placed).
    static let batchSize = 256

    /// Adds pins with empty albums, all or none whatever stops the process (an error, Ctrl-C,
    /// SIGKILL): the one code path of `pin add` and `pin import`; the caller has checked that their
    /// names are free. In order: the intent (`ImportIntent`), every album (no pin list names them
    /// yet, so no reader sees them), made durable (many by one flush), then one pin list record or
    /// snapshot holding them all (the commit point, `PinList.add`), their names, and the intent's
    /// removal. What a process stopped midway leaves is undone or finished by the next one that
    /// opens the store (`Store.finishImports`). Returns the pins in `new`'s order.
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
            var album = Album(pin: record, target: target)
            album.refreshSummary()
            albums.append(album)
        }
        let pins = albums.map(\.pin)
        let intentKey = ImportIntent.newKey()
        let intent = ImportIntent(pins: pins.map { ImportIntent.Entry(id: $0.id, name: $0.name) })
        guard try store.backend.write(intentKey, IndexCoding.encode(intent), when: .absent) else { throw StoreConflict() }
        var written: [String] = []
        for start in stride(from: 0, to: albums.count, by: Self.batchSize) {
            let writes = try ParallelWork.mapThrowing(Array(albums[start..<min(start + Self.batchSize, albums.count)])) { [store] (album) throws(StoreError) in
                ObjectWrite(store.albumKey(album.pin.id), try IndexCoding.encode(album), when: .absent)
            }
            let done = try store.backend.write(writes, durable: albums.count == 1)
            written += zip(writes, done).compactMap { $1 == nil ? nil : $0.key }
            if done.contains(nil) {
                // One of the ids is taken: by another process meanwhile (only a bucket, with no
                // lock, lets it), or by a pin whose id a single add did not read. This add is
                // undone and runs again.
                for key in written { try store.backend.remove(key) }
                try store.backend.remove(intentKey)
                throw StoreConflict()
            }
        }
        // One album was made durable as it was written; many are, by one flush.
        if albums.count > 1 { try store.backend.flush() }
        StopPoint.reached("add-pins albums-written")
        try store.pinList.add(pins)
        StopPoint.reached("add-pins listed")
        let lost = try claimNames(intent.pins)
        if !lost.isEmpty {
            // Another process gave a pin one of these names meanwhile (only a bucket, with no lock,
            // lets it): these pins go, and the transaction runs again to find theirs.
            for entry in lost {
                try store.backend.remove(store.albumKey(entry.id))
                try store.pinList.remove(id: entry.id)
            }
            try store.backend.remove(intentKey)
            throw StoreConflict()
        }
        try store.backend.remove(intentKey)
        return pins
    }

    /// Makes each entry's name lead to its pin, writing new name entries in batches; an entry that
    /// exists already (one left by a crash, leading to no pin) is claimed on its own. Returns the
    /// entries whose name leads to another pin that exists (taken meanwhile, on a bucket).
    @discardableResult
    func claimNames(_ entries: [ImportIntent.Entry]) throws(StoreError) -> [ImportIntent.Entry] {
        var lost: [ImportIntent.Entry] = []
        for start in stride(from: 0, to: entries.count, by: Self.batchSize) {
            let chunk = entries[start..<min(start + Self.batchSize, entries.count)]
            let writes = try ParallelWork.mapThrowing(Array(chunk)) { [store] (entry) throws(StoreError) in
                ObjectWrite(store.nameKey(entry.name), try IndexCoding.encode(Store.NameEntry(name: entry.name, id: entry.id)), when: .absent)
            }
            for (entry, done) in zip(chunk, try store.backend.write(writes, durable: entries.count == 1)) where done == nil {
                if try !claimName(entry.name, id: entry.id) { lost.append(entry) }
            }
        }
        if entries.count > 1 { try store.backend.flush() }
        return lost
    }
}
