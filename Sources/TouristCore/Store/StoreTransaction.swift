import Foundation
import Synchronization

/// The index operations of one `Store.transaction`. An album read through `album(_:)` is written
/// back by `save` only if no other process changed it meanwhile; otherwise `StoreConflict` makes
/// the transaction run its body again on the album as it is now. Blob references are changed by
/// compare-and-swap loops of their own, since adding or dropping one use commutes with others.
///
/// Write order always leaves the store safe after a crash: things are created before they are
/// referenced, and references are dropped before the things they point to are deleted, so a crash
/// can leave at most an unreferenced blob or a stale reference, which `store gc` sweeps.
public final class StoreTransaction: Sendable {
    let store: Store
    /// The album objects this transaction read, by key (nil: read as absent), for compare-and-swap.
    private let reads = Mutex<[ObjectKey: StoredObject?]>([:])

    init(store: Store) {
        self.store = store
    }

    private var backend: any ObjectStore { store.backend }

    public func album(_ id: String) throws(StoreError) -> Album {
        let (album, object) = try store.albumObject(id)
        reads.withLock { $0[store.albumKey(id)] = object }
        return album
    }

    /// Whether a pin with id `id` exists.
    public func pinExists(_ id: String) throws(StoreError) -> Bool {
        guard Pin.isValidID(id) else { return false }
        return try backend.contains(store.albumKey(id))
    }

    /// Writes the album (and the pin inside it) and records the pin's summary for `pin list`. The
    /// album must have been read through this transaction (or be new); when another process
    /// changed it since, `StoreConflict` makes the transaction start again.
    public func save(_ album: Album) throws {
        var album = album
        album.refreshSummary()
        let key = store.albumKey(album.pin.id)
        let condition: ObjectWrite.Condition =
            switch reads.withLock({ $0[key] }) {
            case .some(.some(let object)): .unchanged(object)
            case .some(.none), .none: .absent
            }
        guard let written = try backend.writeObject(key, try IndexCoding.encode(album), when: condition) else { throw StoreConflict() }
        // A later save in this transaction compares against what this one wrote.
        reads.withLock { $0[key] = written }
        try store.pinList.put(album.pin)
    }

    /// Writes an album rebuilt from other sources (`store repair`), whatever is there.
    func overwrite(_ album: Album) throws(StoreError) {
        var album = album
        album.refreshSummary()
        try backend.write(store.albumKey(album.pin.id), try IndexCoding.encode(album), when: .always)
        try store.pinList.put(album.pin)
    }

    /// Adds a pin with an empty album, all or nothing whatever stops the process (through
    /// `addPins`, as `pin import` adds pins). Adding the same name at the same place and radius
    /// again returns the existing pin (`created` false); a name taken by another place, or by the
    /// same place with another radius, is a conflict. `radiusKm` nil: none was asked for, so the
    /// same name at the same place is the existing pin whatever its radius, and a new pin gets the
    /// default radius. A route pin (`route`, standing at its start) is the same pin only with the same line.
    public func addPin(
        name: String, location: GeoPoint, radiusKm: Double?, near: NearbyPlace? = nil, route: RouteLine? = nil, window: TimeWindow? = nil,
        target: Int, now: Date = Date()
    ) throws -> (pin: Pin, created: Bool) {
        if let existing = try store.pinID(named: name) {
            let stored = try album(existing)
            let pin = stored.pin
            let samePlace = pin.latitude == location.latitude && pin.longitude == location.longitude && stored.route == route
            if samePlace, window != nil, window != pin.window {
                throw StoreError(
                    .conflict,
                    "a pin named \"\(name)\" already exists here with \(pin.window.map { "the time window \($0.words)" } ?? "no time window") (id \(existing))",
                    remedy: Remedy(.editPin(pin: existing), .chooseAnotherName, joining: .or))
            }
            if samePlace, (radiusKm ?? pin.radiusKm) == pin.radiusKm { return (pin, false) }
            if samePlace {
                throw StoreError(
                    .conflict,
                    "a pin named \"\(name)\" already exists here with a radius of \(Kilometres.text(pin.radiusKm)) (id \(existing))",
                    remedy: Remedy(.changeRadius(pin: existing, km: radiusKm ?? pin.radiusKm), .chooseAnotherName, joining: .or))
            }
            throw StoreError(
                .conflict, "a pin named \"\(name)\" already exists at another place (id \(existing))",
                remedy: Remedy(.chooseAnotherName, .removePin(pin: existing), joining: .or))
        }
        let added = try addPins(
            [NewPin(name: name, location: location, radiusKm: radiusKm ?? Defaults.radiusKm, near: near, route: route, window: window)],
            target: target,
            now: now)
        return (added[0], true)
    }

    /// Renames pin `id` to `name` and/or sets its search radius to `radiusKm` (nil: unchanged),
    /// keeping its album: its photos, what it has shown and what was removed. A new radius forgets
    /// which result pages the pin has read (they were pages of another search). The caller checks
    /// that `name` is free. Returns the pin before and after.
    ///
    /// The new name's entry is written first and the old one removed last, with the album (the
    /// commit point) saved between them, so the pin is always found by a name; a crash in between
    /// leaves at most the old name leading to it too, until `store gc` or `store repair`.
    public func editPin(_ id: String, name: String?, radiusKm: Double?, window: PinWindowEdit = PinWindowEdit()) throws -> (
        before: Pin, after: Pin
    ) {
        var album = try album(id)
        album.refreshSummary()
        let before = album.pin
        if let name { album.pin.name = name }
        if let radiusKm, radiusKm != before.radiusKm {
            album.pin.radiusKm = radiusKm
            album.pageHistory = nil
        }
        album.pin.window = window.applied(to: before.window)
        if album.pin.window != before.window { album.pageHistory = nil }
        guard album.pin != before else { return (before, before) }
        let renamed = album.pin.name != before.name
        if renamed, try !claimName(album.pin.name, id: id) {
            throw StoreError(
                .conflict, "another pin took the name \"\(album.pin.name)\" meanwhile; nothing was changed. Choose another name")
        }
        try save(album)
        if renamed, let (entry, object) = try store.nameEntry(before.name), entry.id == id {
            try removeIfUnchanged(store.nameKey(before.name), object)
        }
        return (before, album.pin)
    }

    /// Makes pin name `name` lead to pin `id` (`index/names/`): false when it leads to another pin
    /// that exists. An entry left by a crash (leading to no pin) is taken over.
    func claimName(_ name: String, id: String) throws(StoreError) -> Bool {
        let key = store.nameKey(name)
        let bytes = try IndexCoding.encode(Store.NameEntry(name: name, id: id))
        while true {
            guard let object = try backend.load(key) else {
                if try backend.write(key, bytes, when: .absent) { return true }
                continue
            }
            if let entry = try? Store.NameEntry.decode(object, key: key), entry.name == name {
                if entry.id == id { return true }
                if Pin.isValidID(entry.id), try backend.contains(store.albumKey(entry.id)) { return false }
            }
            if try backend.write(key, bytes, when: .unchanged(object)) { return true }
        }
    }

    /// Removes the object at `key` unless it changed since it was read as `object`. (A store
    /// without conditional deletes empties it first; an empty name entry reads as none.)
    func removeIfUnchanged(_ key: ObjectKey, _ object: StoredObject) throws(StoreError) {
        if try backend.write(key, [], when: .unchanged(object)) { try backend.remove(key) }
    }

    /// Removes a pin, its album and every blob no other album uses. Returns the blobs deleted.
    @discardableResult
    public func removePin(_ id: String) throws -> Int {
        let album = try album(id)
        // The album is the pin: removing it is the commit point. A crash after it leaves at most a
        // name and a pin list entry that lead nowhere, which readers skip and gc rewrites.
        try backend.remove(store.albumKey(id))
        if let (entry, object) = try store.nameEntry(album.pin.name), entry.id == id {
            try removeIfUnchanged(store.nameKey(album.pin.name), object)
        }
        try store.pinList.remove(id: id)
        var deleted = 0
        for photo in album.photos {
            if let sha256 = photo.sha256, try releaseReference(sha256, pin: id, key: photo.key) { deleted += 1 }
            deleted += try releaseViews(of: photo, pin: id)
        }
        return deleted
    }

    /// Removes photos `keys` from the album of pin `id`; they are remembered as removed, so no later
    /// collection brings them back (nor, by their looks, a copy of them from elsewhere), and each blob no other album photo uses is deleted. Nothing is
    /// removed when one of `keys` is not in the album (`notFound`). Returns the blobs deleted.
    @discardableResult
    public func removePhotos(_ keys: [PhotoKey], fromPin id: String) throws -> Int {
        var album = try album(id)
        let present = Set(album.photos.map(\.key))
        if let missing = keys.first(where: { !present.contains($0) }) {
            throw StoreError(
                .notFound, "photo \(missing) is not in the album of \"\(album.pin.name)\"; nothing was removed",
                remedy: Remedy(.showAlbum(pin: id)))
        }
        let removing = album.photos.filter { keys.contains($0.key) }
        album.photos.removeAll { keys.contains($0.key) }
        album.removed.formUnion(keys)
        let looks = removing.compactMap { photo in photo.perceptualHash.map { RemovedLook(key: photo.key, perceptualHash: $0) } }
        if !looks.isEmpty { album.removedLooks = (album.removedLooks ?? []) + looks }
        // The album is saved first: a crash after it leaves at most a reference that lists a removed
        // photo, which keeps its blob until `store gc`.
        try save(album)
        var deleted = 0
        for photo in removing {
            if let sha256 = photo.sha256, photo.state == .stored, try releaseReference(sha256, pin: id, key: photo.key) { deleted += 1 }
            deleted += try releaseViews(of: photo, pin: id)
        }
        return deleted
    }

    /// Records that album photo `key` of pin `id` keeps `view` (another size of it) in the store,
    /// replacing a view of that size it had. False, and nothing recorded, when the photo is no
    /// longer in the album (removed while its view downloaded).
    public func addView(_ view: PhotoView, key: PhotoKey, pin id: String) throws -> Bool {
        var album = try album(id)
        guard let index = album.photos.firstIndex(where: { $0.key == key }) else { return false }
        let replaced = album.photos[index].views?.first { $0.size == view.size }
        try addReference(view.sha256, pin: id, key: key, view: view.size)
        var views = album.photos[index].views ?? []
        views.removeAll { $0.size == view.size }
        views.append(view)
        album.photos[index].views = views.sorted { $0.size.rawValue < $1.size.rawValue }
        try save(album)
        if let replaced, replaced.sha256 != view.sha256 { try releaseReference(replaced.sha256, pin: id, key: key, view: view.size) }
        return true
    }

    /// Drops the uses of `photo`'s views and derived images; returns how many of its views' blobs
    /// that deleted (its thumbnail and preview go too, uncounted: removals count photo files).
    @discardableResult
    func releaseViews(of photo: AlbumPhoto, pin id: String) throws -> Int {
        var deleted = 0
        for view in photo.views ?? [] where try releaseReference(view.sha256, pin: id, key: photo.key, view: view.size) {
            deleted += 1
        }
        for image in photo.derived ?? [] { try releaseReference(image.sha256, pin: id, key: photo.key, use: image.recipe) }
        return deleted
    }

    /// Records that album photo `key` of pin `pin` uses blob `sha256` (for its `view` of another size).
    public func addReference(_ sha256: String, pin: String, key: PhotoKey, view: PhotoSize? = nil) throws(StoreError) {
        try addReferences([(sha256, PhotoView.referenceLine(pin: pin, key: key, view: view))])
    }

    /// Records, for each blob of `lines`, the use its `index/refs` line says
    /// (`PhotoView.referenceLine`): like `addReference` for each, with the reference objects
    /// written together (on a local folder, with two flushes of the file system for the whole
    /// batch, which also make durable the blobs committed with `durable: false`, before anything
    /// refers to them).
    func addReferences(_ lines: [(sha256: String, line: String)]) throws(StoreError) {
        // Blobs committed with `durable: false` are made durable before anything refers to them.
        try backend.flush()
        // Only a folder indexes blob uses, and a change holds its lock: nothing writes them meanwhile.
        guard store.tracksReferences else { return }
        var wanted: [String: [String]] = [:]
        for (sha256, line) in lines where !(wanted[sha256]?.contains(line) ?? false) { wanted[sha256, default: []].append(line) }
        let blobs = wanted.keys.sorted()
        // A new blob (the usual case) has no reference file yet: it is written without reading first.
        let created = try backend.write(
            blobs.map { ObjectWrite(store.refsKey($0), Self.bytes(wanted[$0, default: []]), when: .absent) }, durable: true)
        var extended: [ObjectWrite] = []
        for (sha256, done) in zip(blobs, created) where done == nil {
            let references = try references(of: sha256)
            let adding = wanted[sha256, default: []].filter { !references.contains($0) }
            if !adding.isEmpty { extended.append(ObjectWrite(store.refsKey(sha256), Self.bytes(references + adding), when: .always)) }
        }
        _ = try backend.write(extended, durable: true)
    }

    /// Drops one use of a blob; deletes the blob when it was the last. Returns whether it was deleted.
    /// (On a bucket, which indexes no uses, nothing is deleted: the blob stays for `store gc`.)
    @discardableResult
    public func releaseReference(_ sha256: String, pin: String, key: PhotoKey, view: PhotoSize? = nil) throws -> Bool {
        try releaseReference(sha256, pin: pin, key: key, use: view?.rawValue)
    }

    /// Drops one use of a blob for `use` (see `PhotoView.referenceLine(pin:key:use:)`); deletes the
    /// blob when it was the last. Returns whether it was deleted.
    @discardableResult
    func releaseReference(_ sha256: String, pin: String, key: PhotoKey, use: String?) throws -> Bool {
        guard store.tracksReferences else { return false }
        let line = PhotoView.referenceLine(pin: pin, key: key, use: use)
        var references = try references(of: sha256)
        guard references.contains(line) else { return false }
        references.removeAll { $0 == line }
        guard references.isEmpty else {
            try writeReferences(references, of: sha256)
            return false
        }
        try removeBlob(sha256)
        return true
    }

    /// Deletes blob `sha256` when no album photo uses it (its reference file is empty or gone);
    /// true when deleted. On a bucket many machines share, the blob stays for `store gc`, which
    /// deletes unused blobs once they are older than its grace period.
    @discardableResult
    public func removeBlobIfUnused(_ sha256: String) throws -> Bool {
        guard store.tracksReferences, try references(of: sha256).isEmpty else { return false }
        try removeBlob(sha256)
        return true
    }

    /// Deletes blob `sha256`'s reference file, then the blob.
    private func removeBlob(_ sha256: String) throws(StoreError) {
        try backend.remove(store.refsKey(sha256))
        try store.blobs.remove(sha256)
    }

    /// The `pin key` lines of blob `sha256`'s users, as `index/refs` lists them.
    func references(of sha256: String) throws(StoreError) -> [String] {
        try backend.load(store.refsKey(sha256)).map { Self.lines($0.bytes) } ?? []
    }

    /// Makes `index/refs` say `references` for blob `sha256`, whatever it said.
    func writeReferences(_ references: [String], of sha256: String) throws(StoreError) {
        try backend.write(store.refsKey(sha256), Self.bytes(references), when: .always)
    }

    /// The lines of a reference file, split at each line feed byte (a `\r\n` pair is one
    /// `Character` to Swift, so splitting the text would keep a line ending in `\r` whole).
    static func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }

    static func bytes(_ references: [String]) -> [UInt8] {
        references.isEmpty ? [] : Array((references.joined(separator: "\n") + "\n").utf8)
    }
}
