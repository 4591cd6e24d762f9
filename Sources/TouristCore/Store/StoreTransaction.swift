import Foundation

/// The index operations allowed while the store lock is held (see `Store.transaction`).
/// Write order always leaves the store safe after a crash: things are created before they are
/// referenced, and references are dropped before the things they point to are deleted, so a crash
/// can leave at most an unreferenced blob or a stale reference, which `store gc` sweeps.
public struct StoreTransaction {
    let store: Store

    public func album(_ id: String) throws(StoreError) -> Album { try store.album(id) }

    /// Whether a pin with id `id` exists.
    public func pinExists(_ id: String) throws(StoreError) -> Bool {
        FileManager.default.fileExists(atPath: store.albumPath(id))
    }

    /// Writes the album (and the pin inside it) and records the pin's summary for `pin list`.
    public func save(_ album: Album) throws(StoreError) {
        var album = album
        album.refreshSummary()
        try FileSystem.writeAtomically(try IndexCoding.encode(album), to: store.albumPath(album.pin.id))
        try store.pinList.put(album.pin)
    }

    /// Adds a pin with an empty album. Adding the same name at the same place and radius again
    /// returns the existing pin (`created` false); a name taken by another place, or by the same
    /// place with another radius, is a conflict.
    public func addPin(name: String, location: GeoPoint, radiusKm: Double, target: Int, now: Date = Date()) throws(StoreError) -> (pin: Pin, created: Bool) {
        if let existing = try store.pinID(named: name) {
            let pin = try album(existing).pin
            let samePlace = pin.latitude == location.latitude && pin.longitude == location.longitude
            if samePlace, pin.radiusKm == radiusKm { return (pin, false) }
            if samePlace {
                throw StoreError(.conflict, "a pin named \"\(name)\" already exists here with a radius of \(Kilometres.text(pin.radiusKm)) (id \(existing)). Change its radius with `tourist pin edit \(existing) --radius \(Kilometres.argument(radiusKm))`, or choose another --name")
            }
            throw StoreError(.conflict, "a pin named \"\(name)\" already exists at another place (id \(existing)). Choose another --name, or remove it with `tourist pin rm \(existing)`")
        }
        var id = Pin.makeID()
        while FileManager.default.fileExists(atPath: store.albumPath(id)) { id = Pin.makeID() }
        // Whole seconds, as the index's ISO 8601 dates keep them.
        let pin = Pin(id: id, name: name, location: location, radiusKm: radiusKm, createdAt: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
        try save(Album(pin: pin, target: target))
        try writeNameEntry(name, id: id)
        return (pin, true)
    }

    /// Renames pin `id` to `name` and/or sets its search radius to `radiusKm` (nil: unchanged),
    /// keeping its album: its photos, what it has shown and what was removed. A new radius forgets
    /// which result pages the pin has read (they were pages of another search). The caller checks
    /// that `name` is free. Returns the pin before and after.
    ///
    /// The new name's entry is written first and the old one removed last, with the album (the
    /// commit point) saved between them, so the pin is always found by a name; a crash in between
    /// leaves at most the old name leading to it too, until `store gc` or `store repair`.
    public func editPin(_ id: String, name: String?, radiusKm: Double?) throws(StoreError) -> (before: Pin, after: Pin) {
        var album = try album(id)
        album.refreshSummary()
        let before = album.pin
        if let name { album.pin.name = name }
        if let radiusKm, radiusKm != before.radiusKm {
            album.pin.radiusKm = radiusKm
            album.pageHistory = nil
        }
        guard album.pin != before else { return (before, before) }
        let renamed = album.pin.name != before.name
        if renamed { try writeNameEntry(album.pin.name, id: id) }
        try save(album)
        if renamed, try store.pinID(named: before.name) == id { try FileSystem.remove(store.namePath(before.name)) }
        return (before, album.pin)
    }

    /// Records that pin name `name` leads to pin `id` (`index/names/`).
    private func writeNameEntry(_ name: String, id: String) throws(StoreError) {
        try FileSystem.writeAtomically(try IndexCoding.encode(Store.NameEntry(name: name, id: id)), to: store.namePath(name))
    }

    /// Removes a pin, its album and every blob no other album uses. Returns the blobs deleted.
    @discardableResult
    public func removePin(_ id: String) throws(StoreError) -> Int {
        let album = try album(id)
        // The album file is the pin: removing it is the commit point. A crash after it leaves at
        // most a name and a pin list entry that lead nowhere, which readers skip and gc rewrites.
        try FileSystem.remove(store.albumPath(id))
        try FileSystem.fsyncDirectory(store.albumsDirectory)
        if (try? store.pinID(named: album.pin.name)) == nil { try FileSystem.remove(store.namePath(album.pin.name)) }
        try store.pinList.remove(id: id)
        var deleted = 0
        for photo in album.photos {
            if let sha256 = photo.sha256, try releaseReference(sha256, pin: id, key: photo.key) { deleted += 1 }
            deleted += try releaseViews(of: photo, pin: id)
        }
        return deleted
    }

    /// Removes photos `keys` from the album of pin `id`; they are remembered as removed, so no later
    /// collection brings them back, and each blob no other album photo uses is deleted. Nothing is
    /// removed when one of `keys` is not in the album (`notFound`). Returns the blobs deleted.
    @discardableResult
    public func removePhotos(_ keys: [PhotoKey], fromPin id: String) throws(StoreError) -> Int {
        var album = try album(id)
        let present = Set(album.photos.map(\.key))
        if let missing = keys.first(where: { !present.contains($0) }) {
            throw StoreError(.notFound, "photo \(missing) is not in the album of \"\(album.pin.name)\"; nothing was removed. Run `tourist album \(id)` to see its photos")
        }
        let removing = album.photos.filter { keys.contains($0.key) }
        album.photos.removeAll { keys.contains($0.key) }
        album.removed.formUnion(keys)
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
    public func addView(_ view: PhotoView, key: PhotoKey, pin id: String) throws(StoreError) -> Bool {
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

    /// Drops the uses of `photo`'s views; returns how many blobs that deleted.
    @discardableResult
    func releaseViews(of photo: AlbumPhoto, pin id: String) throws(StoreError) -> Int {
        var deleted = 0
        for view in photo.views ?? [] where try releaseReference(view.sha256, pin: id, key: photo.key, view: view.size) {
            deleted += 1
        }
        return deleted
    }

    /// Records that album photo `key` of pin `pin` uses blob `sha256` (for its `view` of another size).
    public func addReference(_ sha256: String, pin: String, key: PhotoKey, view: PhotoSize? = nil) throws(StoreError) {
        var references = try references(of: sha256)
        let line = PhotoView.referenceLine(pin: pin, key: key, view: view)
        guard !references.contains(line) else { return }
        references.append(line)
        try writeReferences(references, of: sha256)
    }

    /// Records, for each blob of `uses`, that album photo `key` of pin `pin` uses it: like
    /// `addReference` for each, but with two flushes of the file system for the whole batch. The
    /// first flush also makes durable the names of blobs committed with `syncDirectory: false`,
    /// so they are on disk before anything refers to them.
    public func addReferences(_ uses: [(sha256: String, key: PhotoKey)], pin: String) throws(StoreError) {
        var changed: [String: [String]] = [:]
        for use in uses {
            var references: [String]
            if let pending = changed[use.sha256] { references = pending } else { references = try self.references(of: use.sha256) }
            let line = "\(pin) \(use.key)"
            guard !references.contains(line) else { continue }
            references.append(line)
            changed[use.sha256] = references
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for (sha256, references) in changed.sorted(by: { $0.key < $1.key }) {
            let path = store.refsPath(sha256)
            try FileSystem.makeDirectory((path as NSString).deletingLastPathComponent)
            files.append((path, Array((references.joined(separator: "\n") + "\n").utf8)))
        }
        if files.isEmpty {
            // Nothing new to record, but committed blob names must still be durable before use.
            try FileSystem.syncFileSystem(store.root)
        }
        try FileSystem.writeAtomically(files, syncing: store.root)
    }

    /// Drops one use of a blob; deletes the blob when it was the last. Returns whether it was deleted.
    @discardableResult
    public func releaseReference(_ sha256: String, pin: String, key: PhotoKey, view: PhotoSize? = nil) throws(StoreError) -> Bool {
        var references = try references(of: sha256)
        let line = PhotoView.referenceLine(pin: pin, key: key, view: view)
        references.removeAll { $0 == line }
        if references.isEmpty {
            try FileSystem.remove(store.refsPath(sha256))
            try store.blobs.remove(sha256)
            return true
        }
        try writeReferences(references, of: sha256)
        return false
    }

    func references(of sha256: String) throws(StoreError) -> [String] {
        guard let bytes = try FileSystem.read(store.refsPath(sha256)) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func writeReferences(_ references: [String], of sha256: String) throws(StoreError) {
        let path = store.refsPath(sha256)
        try FileSystem.makeDirectory((path as NSString).deletingLastPathComponent)
        try FileSystem.writeAtomically(Array((references.joined(separator: "\n") + "\n").utf8), to: path)
    }
}
