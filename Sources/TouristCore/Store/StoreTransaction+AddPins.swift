import Foundation

extension StoreTransaction {
    /// A pin for `addPins` to add.
    public struct NewPin: Sendable {
        public var name: String
        public var location: GeoPoint
        public var radiusKm: Double

        public init(name: String, location: GeoPoint, radiusKm: Double) {
            self.name = name
            self.location = location
            self.radiusKm = radiusKm
        }
    }

    /// How many objects one batched write holds (each keeps a file open until the batch is placed).
    static let batchSize = 256

    /// Adds pins with empty albums, all or none whatever stops the process (an error, Ctrl-C,
    /// SIGKILL): the caller has checked that their names are free. In order: the import's intent
    /// (`ImportIntent`), every album (no pin list names them yet, so no reader sees them), one
    /// flush, then one pin list snapshot holding them all (the commit point, `PinList.add`), their
    /// names, and the intent's removal. What a process stopped midway leaves is undone or finished
    /// by the next one that opens the store (`Store.finishImports`). Returns the pins in `new`'s order.
    public func addPins(_ new: [NewPin], target: Int, now: Date = Date()) throws -> [Pin] {
        guard !new.isEmpty else { return [] }
        // Whole seconds, as the index's ISO 8601 dates keep them.
        let createdAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        var taken = Set(try store.albumIDs())
        var albums: [Album] = []
        albums.reserveCapacity(new.count)
        for pin in new {
            var id = Pin.makeID()
            while !taken.insert(id).inserted { id = Pin.makeID() }
            var album = Album(pin: Pin(id: id, name: pin.name, location: pin.location, radiusKm: pin.radiusKm, createdAt: createdAt), target: target)
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
            let done = try store.backend.write(writes, durable: false)
            written += zip(writes, done).compactMap { $1 == nil ? nil : $0.key }
            if done.contains(nil) {
                // Another process took one of the ids meanwhile (only a bucket, with no lock, lets
                // it): this import is undone and runs again.
                for key in written { try store.backend.remove(key) }
                try store.backend.remove(intentKey)
                throw StoreConflict()
            }
        }
        try store.backend.flush()
        try store.pinList.add(pins)
        try claimNames(intent.pins)
        try store.backend.remove(intentKey)
        return pins
    }

    /// Makes each entry's name lead to its pin, writing new name entries in batches; an entry that
    /// exists already (one left by a crash, leading to no pin) is claimed on its own.
    func claimNames(_ entries: [ImportIntent.Entry]) throws(StoreError) {
        for start in stride(from: 0, to: entries.count, by: Self.batchSize) {
            let chunk = entries[start..<min(start + Self.batchSize, entries.count)]
            let writes = try ParallelWork.mapThrowing(Array(chunk)) { [store] (entry) throws(StoreError) in
                ObjectWrite(store.nameKey(entry.name), try IndexCoding.encode(Store.NameEntry(name: entry.name, id: entry.id)), when: .absent)
            }
            for (entry, done) in zip(chunk, try store.backend.write(writes, durable: false)) where done == nil {
                _ = try claimName(entry.name, id: entry.id)
            }
        }
        try store.backend.flush()
    }
}
