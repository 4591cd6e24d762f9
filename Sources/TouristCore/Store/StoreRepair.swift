import Foundation

/// What `store repair` did, and what it could not keep.
public struct RepairReport: Sendable, Codable, Equatable {
    /// Each change, in words: what was found and what was done about it.
    public var actions: [String] = []
    /// What is lost for good or until a fetch: album files that could not be read, photos whose
    /// bytes are gone (they are downloaded again by `tourist fetch PIN`).
    public var lost: [String] = []
    /// Files moved into `quarantine/`, relative to the store.
    public var quarantined: [String] = []
    /// Pins whose albums `tourist fetch` should fill again.
    public var pinsToFetch: [String] = []
}

extension Store {

    /// Repairs every kind of damage `verify` finds, under the store lock, deleting nothing good:
    /// - this machine's cached copies of a remote store's objects that fail their checks are dropped;
    /// - an album file that does not decode is moved to `quarantine/albums/`; its pin is kept (from
    ///   the pin list) with an empty album marked `failed`, so `fetch` fills it again;
    /// - a blob whose bytes do not match its name is moved to `quarantine/blobs/`, and every photo
    ///   that used it, like every photo whose blob is missing, goes back to `pending`;
    /// - the pin list, the names and the blob references are rebuilt from the albums;
    /// - what dead processes left in `tmp/` is removed, and an interrupted `pin import` is finished
    ///   or undone (`finishImports`).
    /// - every stored photo without its derived images (a thumbnail and a preview of the current
    ///   recipes: an album written before they existed, or whose files were lost or damaged) gets
    ///   them, made again from its original, after the rest (without the lock, photo by photo).
    /// Orphan blobs are good blobs: they stay for `store gc`.
    public func repair(now: Date = Date()) throws -> RepairReport {
        try refuseIfReadOnly()
        var report = try exclusively { try repairAll(now: now) }
        try remakeDerivedImages(report: &report)
        return report
    }

    /// Makes the derived images each stored photo lacks (`makeDerivedImages`), saying how many
    /// were made, which photos cannot be decoded, and which could not be read.
    private func remakeDerivedImages(report: inout RepairReport) throws {
        let decoder: ImageDecoder
        do {
            decoder = try ImageDecoder()
        } catch {
            report.lost.append("thumbnails and previews were not made: \(error.facts)")
            return
        }
        var made = 0, undecodable = 0
        var unreadable: [String] = []
        for id in try albumIDs() {
            guard let album = try? album(id) else { continue }
            for photo in album.photos where photo.state == .stored && photo.imageError == nil {
                let present = photo.hasCurrentDerivedImages && (photo.derived ?? []).allSatisfy { blobs.contains($0.sha256) }
                guard !present, let sha256 = photo.sha256, blobs.contains(sha256) else { continue }
                do {
                    guard let recorded = try makeDerivedImages(of: photo.key, pin: id, decoder: decoder) else { continue }
                    if recorded.imageError != nil { undecodable += 1 } else { made += 1 }
                } catch let error as ImageError where !error.isPhotoProblem {
                    throw error
                } catch {
                    unreadable.append("photo \(photo.key) of pin \(id): \(error)")
                }
            }
        }
        if made > 0 {
            report.actions.append("made the thumbnail and preview of \(Plural.count(made, "photo")) that had none, or had lost them")
        }
        if undecodable > 0 {
            report.actions.append(
                "\(Plural.count(undecodable, "photo")) cannot be decoded: \(Plural.word(undecodable, "it has", "they have")) no thumbnail, and \(Plural.word(undecodable, "its", "their")) page says why"
            )
        }
        if let first = unreadable.first {
            report.lost.append(
                "the thumbnails and previews of \(Plural.count(unreadable.count, "photo")) could not be made (first: \(first)); showing \(Plural.word(unreadable.count, "it", "them")) tries again"
            )
        }
    }

    /// Repairs in phases, each reporting what it did: the albums that cannot be read, the blobs
    /// whose bytes are damaged, the photos whose files are lost, then the index built from the albums.
    private func repairAll(now: Date) throws(StoreError) -> RepairReport {
        var report = RepairReport()
        let dropped = (backend as? any LocalCopies)?.dropDamagedCopies() ?? []
        if let first = dropped.first {
            report.actions.append(
                "\(Plural.count(dropped.count, "damaged copy", "damaged copies")) in this machine's cache (first: \(first)) dropped: read again from \(location) when next needed"
            )
        }
        // An interrupted import is finished or undone first; with a damaged pin list it cannot be
        // told which, and its albums are kept like any other.
        let imports = try? finishImports(now: now)
        if let imports {
            if imports.finished > 0 {
                report.actions.append(
                    "\(Plural.count(imports.finished, "interrupted pin import")) finished: the names of \(Plural.word(imports.finished, "its", "their")) pins written"
                )
            }
            if imports.undone > 0 {
                report.actions.append(
                    "\(Plural.count(imports.undone, "interrupted pin import")) undone: the albums of \(Plural.word(imports.undone, "its", "their")) pins, which no pin list named, removed"
                )
            }
        }
        let basis = try pinList.basis()
        var (albums, unreadable) = try loadAllAlbums()
        // The albums of an import under way (on a bucket) are not pins yet: the list is rebuilt without them.
        albums.removeAll { imports?.pending.contains($0.pin.id) == true }
        try setAside(unreadable, keepingPinsIn: &albums, stamp: Self.quarantineStamp(now), report: &report)
        let good = try setAsideDamagedBlobs(report: &report)
        try forgetLostFiles(in: &albums, keeping: good, report: &report)
        try rebuildIndex(from: albums, since: basis, report: &report)
        report.pinsToFetch = Array(Set(report.pinsToFetch)).sorted()
        return report
    }

    /// Moves each album file that cannot be read to `quarantine/albums/`, keeping its pin (from
    /// every intact record of the pin list: the snapshot's readable lines and the log) with an
    /// empty album marked `failed`, which is added to `albums`.
    private func setAside(_ unreadable: [UnreadableAlbum], keepingPinsIn albums: inout [Album], stamp: String, report: inout RepairReport)
        throws(StoreError)
    {
        let transaction = StoreTransaction(store: self)
        let listed = unreadable.isEmpty ? [] : try pinList.salvage()
        for bad in unreadable {
            let kept = "quarantine/albums/\(bad.id)-\(stamp).json"
            try backend.move(albumKey(bad.id), to: .index(kept))
            report.quarantined.append(kept)
            guard var pin = listed.first(where: { $0.id == bad.id }) else {
                report.lost.append(
                    "\(bad.file) could not be read (\(bad.reason)) and no pin list entry describes its pin: set aside as \(kept)")
                continue
            }
            let lostPhotos = pin.photos
            pin.state = .failed
            pin.failure = .incomplete
            pin.error = "its album file was damaged and set aside as \(kept); fetching fills the album again"
            pin.photos = 0
            let album = Album(pin: pin, target: max(lostPhotos, Self.defaultTarget))
            try transaction.overwrite(album)
            albums.append(album)
            report.actions.append(
                "\(bad.file) could not be read (\(bad.reason)): set aside as \(kept); pin \(pin.id) (\"\(pin.name)\") is kept with an empty album, marked failed"
            )
            report.lost.append(
                "the album of pin \(pin.id) (\"\(pin.name)\"): its \(Plural.count(lostPhotos, "stored photo")) are no longer listed (their files stay until the store's garbage is collected)"
            )
            report.pinsToFetch.append(pin.id)
        }
    }

    /// Moves each blob whose bytes do not hash to its name (or cannot be read) to
    /// `quarantine/blobs/`; returns the blobs that are good.
    private func setAsideDamagedBlobs(report: inout RepairReport) throws(StoreError) -> Set<BlobID> {
        let onDisk = try blobs.allIDs()
        var unusable: [BlobID] = []
        for (blob, actual) in zip(onDisk, blobs.rehashAll(onDisk)) where actual != blob {
            try blobs.setAside(blob.hex, into: "quarantine/blobs")
            report.quarantined.append("quarantine/blobs/\(blob)")
            report.actions.append(
                "blob \(blob) was \(actual.map { "damaged (its bytes hash to \($0))" } ?? "unreadable"): set aside as quarantine/blobs/\(blob)"
            )
            unusable.append(blob)
        }
        return Set(Sorted.difference(onDisk, unusable))
    }

    /// Drops the kept views whose files are lost and sends each stored photo whose blob is not
    /// among `good` back to `pending`, marking its pin `failed` with what to run.
    private func forgetLostFiles(in albums: inout [Album], keeping good: Set<BlobID>, report: inout RepairReport) throws(StoreError) {
        let transaction = StoreTransaction(store: self)
        for index in albums.indices {
            var album = albums[index]
            var forgotten = 0
            // A kept view whose file is lost is dropped: the photo page downloads it again. A derived
            // image too: it is made again (`remakeDerivedImages`).
            for photo in album.photos.indices {
                let derived = album.photos[photo].derived?.count ?? 0
                album.photos[photo].derived?.removeAll { !(BlobID($0.sha256).map(good.contains) ?? false) }
                let lostDerived = derived - (album.photos[photo].derived?.count ?? 0)
                if lostDerived > 0 {
                    report.actions.append(
                        "\(Plural.count(lostDerived, "thumbnail or preview", "thumbnails and previews")) of photo \(album.photos[photo].key) in pin \(album.pin.id) lost \(Plural.word(lostDerived, "its file", "their files")) (made again)"
                    )
                    try transaction.overwrite(album)
                    albums[index] = album
                }
                let before = album.photos[photo].views?.count ?? 0
                album.photos[photo].views?.removeAll { !(BlobID($0.sha256).map(good.contains) ?? false) }
                let dropped = before - (album.photos[photo].views?.count ?? 0)
                if dropped > 0 {
                    report.actions.append(
                        "\(Plural.count(dropped, "larger size")) of photo \(album.photos[photo].key) in pin \(album.pin.id) lost \(Plural.word(dropped, "its file and was", "their files and were")) dropped (downloaded again when next asked for)"
                    )
                    try transaction.overwrite(album)
                    albums[index] = album
                }
            }
            for photo in album.photos.indices where album.photos[photo].state == .stored {
                if let blob = album.photos[photo].sha256.flatMap(BlobID.init), good.contains(blob) { continue }
                album.photos[photo].forgetBlob()
                forgotten += 1
            }
            guard forgotten > 0 else { continue }
            album.pin.state = .failed
            album.pin.failure = .incomplete
            album.pin.error =
                "\(Plural.count(forgotten, "photo has", "photos have")) lost \(Plural.word(forgotten, "its file", "their files")); fetching downloads \(Plural.word(forgotten, "it", "them")) again"
            try transaction.overwrite(album)
            albums[index] = album
            report.lost.append(
                "\(Plural.count(forgotten, "photo")) of pin \(album.pin.id) (\"\(album.pin.name)\") until the pin is fetched again, which downloads \(Plural.word(forgotten, "it", "them")) again"
            )
            report.pinsToFetch.append(album.pin.id)
        }
    }

    /// Rebuilds the pin list, the names and the blob references from `albums`, and removes what
    /// processes that are gone left in the temporary area.
    private func rebuildIndex(from albums: [Album], since basis: PinList.Basis, report: inout RepairReport) throws(StoreError) {
        let summaries = Self.summaries(albums)
        let listedNow = try? pinList.load()
        if listedNow != summaries, try pinList.rewrite(summaries, since: basis) {
            let source = Plural.word(albums.count, "the album", "the \(albums.count) albums")
            report.actions.append(
                listedNow == nil
                    ? "index/pins.json was damaged: rebuilt from \(source)"
                    : "the pin list disagreed with the albums: rebuilt from \(source)")
        }
        let names = try repairNames(albums)
        if names > 0 {
            report.actions.append("\(Plural.count(names, "name entry", "name entries")) rewritten, so every pin is found by its name")
        }
        let references = try rewriteReferences(BlobUsage(albums.map(AlbumBlobs.init)))
        if references > 0 { report.actions.append("\(Plural.count(references, "blob reference file")) rewritten from the albums") }
        let leftovers = staging.leftovers()
        if !leftovers.isEmpty {
            staging.sweep()
            report.actions.append("removed what \(Plural.count(leftovers.count, "process", "processes")) that are gone left in tmp/")
        }
        let killed = backend.ability((any KilledWriteCleanup).self)?.removeKilledWrites() ?? 0
        if killed > 0 {
            report.actions.append("removed \(Plural.count(killed, "temporary file")) that writes killed midway left in the index")
        }
    }

    /// The album size a rebuilt album aims for when its own target was lost with its file.
    static let defaultTarget = Defaults.albumPhotos

    /// A timestamp for quarantined files' names: 20261124T103000Z.
    static func quarantineStamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0,
            parts.second ?? 0)
    }
}
