extension StoreTransaction {
    /// Gives the photos of provider `provider` in pin `id`'s album the ids `currentID` names (nil:
    /// kept): in its photos, in what it has shown and what was removed, in the photos its set-aside
    /// ones look like or repeat (`lookalike.of`, `identicalTo`), and in the blob references
    /// of its stored photos, their views and derived images, so no photo is lost and `store verify` stays clean.
    /// Returns how many photos of the album were renamed (0 when the pin is gone). The new
    /// references are written before the album and the old ones dropped after it, so a crash in
    /// between leaves only references to spare, which `store gc` sweeps.
    func renamePhotos(ofProvider provider: String, inPin id: String, _ currentID: (String) -> String?) throws -> Int {
        guard try pinExists(id) else { return 0 }
        var album = try self.album(id)
        func renamed(_ key: PhotoKey) -> PhotoKey? {
            guard key.provider == provider, let current = currentID(key.id), current != key.id else { return nil }
            return PhotoKey(provider: provider, id: current)
        }
        var moved: [(photo: AlbumPhoto, key: PhotoKey)] = []
        for index in album.photos.indices {
            if let of = album.photos[index].lookalike?.of, let current = renamed(of) { album.photos[index].lookalike?.of = current }
            if let original = album.photos[index].identicalTo, let current = renamed(original) { album.photos[index].identicalTo = current }
            guard let key = renamed(album.photos[index].key) else { continue }
            moved.append((album.photos[index], key))
            album.photos[index].candidate.key = key
        }
        let shown = Set(album.shown.map { renamed($0) ?? $0 }), removed = Set(album.removed.map { renamed($0) ?? $0 })
        guard !moved.isEmpty || shown != album.shown || removed != album.removed else { return 0 }
        (album.shown, album.removed) = (shown, removed)
        album.removedLooks = album.removedLooks?.map { RemovedLook(key: renamed($0.key) ?? $0.key, perceptualHash: $0.perceptualHash) }
        for (photo, key) in moved {
            try addReferences(photo.blobUses.map { ($0.sha256, PhotoView.referenceLine(pin: id, key: key, use: $0.use)) })
        }
        try save(album)
        for (photo, _) in moved {
            for use in photo.blobUses { try releaseReference(use.sha256, pin: id, key: photo.key, use: use.use) }
        }
        return moved.count
    }
}

extension AlbumPhoto {
    /// The blobs `index/refs` records this photo as using: its own when stored, its views' and its
    /// derived images' (each with its use, see `PhotoView.referenceLine(pin:key:use:)`).
    var blobUses: [(sha256: String, use: String?)] {
        var uses: [(sha256: String, use: String?)] = []
        if state == .stored, let sha256 { uses.append((sha256, nil)) }
        for view in views ?? [] { uses.append((view.sha256, view.size.rawValue)) }
        for image in derived ?? [] { uses.append((image.sha256, image.recipe)) }
        return uses
    }
}
